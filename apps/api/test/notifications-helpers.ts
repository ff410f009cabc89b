import { createHmac } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import type { WebhookNetwork } from '../src/lib/webhook-network.ts';

export interface ReceivedWebhook {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A local HTTP receiver: records every request and answers with the queued statuses (then 200).
 * `port` listens again where a closed receiver was (a receiver that was down comes up).
 */
export async function startWebhookReceiver(port = 0) {
  const received: ReceivedWebhook[] = [];
  const statuses: number[] = [];
  const statusesByPath = new Map<string, number[]>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const path = req.url ?? '';
      received.push({ path, headers: req.headers, body });
      res.writeHead(statusesByPath.get(path)?.shift() ?? statuses.shift() ?? 200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    received,
    /** Statuses for the next requests, in order. */
    answerWith: (...next: number[]) => statuses.push(...next),
    /** Statuses for the next requests to `path` only (other tests' deliveries take none). */
    answerOn: (path: string, ...next: number[]) =>
      statusesByPath.set(path, [...(statusesByPath.get(path) ?? []), ...next]),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The test's network: a DNS table it controls, and delivery to the local receiver instead of the
 * address the service checked and pinned (recorded, so tests see what it would connect to).
 */
export function testWebhookNetwork(receiverUrl: () => string) {
  const dns = new Map<string, string[]>();
  const posts: Array<{ url: string; address: string }> = [];
  const network: WebhookNetwork = {
    async resolve(hostname) {
      if (net.isIP(hostname)) return [hostname];
      const answers = dns.get(hostname);
      if (!answers)
        throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
          code: 'ENOTFOUND',
        });
      return answers;
    },
    async post({ url, address, headers, body }) {
      posts.push({ url: url.href, address });
      const res = await fetch(`${receiverUrl()}${url.pathname}${url.search}`, {
        method: 'POST',
        headers,
        body,
      });
      await res.arrayBuffer();
      return { status: res.status };
    },
  };
  return { network, dns, posts };
}

/** Standard Webhooks verification, written from the scheme and not from the product's code. */
export function verifyStandardWebhook(secret: string, webhook: ReceivedWebhook): boolean {
  const id = webhook.headers['webhook-id'];
  const timestamp = webhook.headers['webhook-timestamp'];
  const signatures = String(webhook.headers['webhook-signature'] ?? '').split(' ');
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key)
    .update(`${id}.${timestamp}.${webhook.body}`)
    .digest('base64');
  return signatures.includes(`v1,${expected}`);
}

/** A minimal SMTP server: accepts every message and keeps the raw DATA. */
export async function startSmtpServer() {
  const messages: Array<{ from: string; to: string[]; data: string }> = [];
  const server = net.createServer((socket) => {
    socket.setEncoding('utf8');
    socket.write('220 test.local ESMTP\r\n');
    let buffer = '';
    let data: string | undefined;
    let envelope = { from: '', to: [] as string[] };
    socket.on('data', (chunk) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== undefined) {
          if (line === '.') {
            messages.push({ ...envelope, data });
            data = undefined;
            envelope = { from: '', to: [] };
            socket.write('250 2.0.0 queued\r\n');
          } else data += `${line.startsWith('..') ? line.slice(1) : line}\r\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-test.local\r\n250 8BITMIME\r\n');
        else if (verb === 'MAIL') {
          envelope.from = line.replace(/^MAIL FROM:\s*<?([^>]*)>?.*$/i, '$1');
          socket.write('250 OK\r\n');
        } else if (verb === 'RCPT') {
          envelope.to.push(line.replace(/^RCPT TO:\s*<?([^>]*)>?.*$/i, '$1'));
          socket.write('250 OK\r\n');
        } else if (verb === 'DATA') {
          data = '';
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text part of a simple (single-part) message, decoded. */
export function decodeMailBody(raw: string): { headers: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  if (/content-transfer-encoding:\s*base64/i.test(headers)) {
    return { headers, text: Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') };
  }
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
    return { headers, text: Buffer.from(bytes, 'latin1').toString('utf8') };
  }
  return { headers, text: body };
}

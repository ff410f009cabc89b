import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSystemWebhookNetwork } from '../src/lib/webhook-network.ts';
import {
  checkWebhookDestination,
  isPublicAddress,
} from '../src/modules/notifications/webhook-destination.ts';

describe('which addresses a webhook may reach', () => {
  it('allows public unicast only', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2a00:1450:4001:81b::200e', '1.1.1.1']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      '0.0.0.0',
      '10.0.0.1',
      '100.64.0.1',
      '127.0.0.1',
      '169.254.169.254',
      '172.16.5.4',
      '172.31.255.255',
      '192.0.0.8',
      '192.0.2.1',
      '192.168.1.1',
      '198.18.0.1',
      '198.51.100.1',
      '203.0.113.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      '2001:db8::1',
      '2002:a00:1::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('checks URL literals with the real resolver without any DNS query', async () => {
    const network = createSystemWebhookNetwork();
    await expect(checkWebhookDestination(network, 'https://93.184.216.34/hook')).resolves.toEqual({
      url: new URL('https://93.184.216.34/hook'),
      address: '93.184.216.34',
    });
    for (const [destination, problem] of [
      ['https://127.0.0.1/hook', 'not_public'],
      ['https://[::1]:8443/hook', 'not_public'],
      ['https://[::ffff:169.254.169.254]/', 'not_public'],
      ['http://93.184.216.34/hook', 'not_https'],
      ['file:///etc/passwd', 'not_https'],
      ['nonsense', 'not_https'],
    ] as const) {
      await expect(
        checkWebhookDestination(network, destination),
        destination,
      ).rejects.toMatchObject({ problem });
    }
  });
});

describe('the real HTTPS transport', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tanqin-tls-'));
  let server: https.Server;
  let port: number;
  let cert: Buffer;
  const received: Array<{ host?: string; url?: string; body: string; signature?: string }> = [];
  beforeAll(async () => {
    // A certificate for a name no resolver knows: only the pinned address can reach it.
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=hooks.tanqin-test.invalid',
        '-addext',
        'subjectAltName=DNS:hooks.tanqin-test.invalid',
      ],
      { stdio: 'ignore' },
    );
    cert = readFileSync(path.join(dir, 'cert.pem'));
    server = https.createServer(
      { key: readFileSync(path.join(dir, 'key.pem')), cert },
      (req, res) => {
        let body = '';
        req.on('data', (chunk) => {
          body += chunk;
        });
        req.on('end', () => {
          received.push({
            host: req.headers.host,
            url: req.url,
            body,
            signature: req.headers['webhook-signature'] as string | undefined,
          });
          res.writeHead(req.url === '/missing' ? 404 : 204).end();
        });
      },
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('connects to the pinned address and verifies the certificate against the URL host', async () => {
    const network = createSystemWebhookNetwork({ ca: cert });
    const post = (host: string, pathname: string) =>
      network.post({
        url: new URL(`https://${host}:${port}${pathname}`),
        address: '127.0.0.1',
        headers: { 'content-type': 'application/json', 'webhook-signature': 'v1,abc' },
        body: '{"type":"security.ip_blocked"}',
        timeoutMs: 5000,
      });
    await expect(post('hooks.tanqin-test.invalid', '/in?x=1')).resolves.toEqual({ status: 204 });
    expect(received).toEqual([
      {
        host: `hooks.tanqin-test.invalid:${port}`,
        url: '/in?x=1',
        body: '{"type":"security.ip_blocked"}',
        signature: 'v1,abc',
      },
    ]);
    await expect(post('hooks.tanqin-test.invalid', '/missing')).resolves.toEqual({ status: 404 });
    // Same address, another name: the certificate does not match, nothing is sent.
    await expect(post('other.tanqin-test.invalid', '/in')).rejects.toThrow(/altnames|hostname/i);
    // Without our test CA the self-signed certificate is refused as in production.
    await expect(
      createSystemWebhookNetwork().post({
        url: new URL(`https://hooks.tanqin-test.invalid:${port}/in`),
        address: '127.0.0.1',
        headers: {},
        body: '{}',
        timeoutMs: 5000,
      }),
    ).rejects.toThrow(/self[- ]signed|certificate/i);
    expect(received).toHaveLength(2);
  });
});

import { lookup } from 'node:dns/promises';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';

export interface WebhookRequest {
  url: URL;
  /** The address to connect to: already resolved from the host name and checked. */
  address: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

/**
 * The network as webhook delivery sees it. The delivery service resolves the host, checks every
 * address, then asks `post` to connect to one checked address, so a DNS answer that changes
 * between the check and the connection (rebinding) cannot redirect the request.
 */
export interface WebhookNetwork {
  /** Every address the host name resolves to; an IP literal resolves to itself. */
  resolve(hostname: string): Promise<string[]>;
  post(request: WebhookRequest): Promise<{ status: number }>;
}

/** URL host names keep IPv6 literals in brackets. */
export function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** The real network: the system resolver, and HTTPS pinned to the checked address. */
export function createSystemWebhookNetwork(options: { ca?: string | Buffer } = {}): WebhookNetwork {
  return {
    async resolve(hostname) {
      if (isIP(hostname)) return [hostname];
      const answers = await lookup(hostname, { all: true, verbatim: true });
      return answers.map((answer) => answer.address);
    },

    post({ url, address, headers, body, timeoutMs }) {
      const family = isIP(address);
      // The connection goes to the checked address whatever DNS says now; TLS still verifies
      // the certificate against the host name of the URL.
      const pinnedLookup: LookupFunction = (_hostname, lookupOptions, callback) => {
        if (lookupOptions.all) callback(null, [{ address, family }]);
        else callback(null, address, family);
      };
      return new Promise((resolve, reject) => {
        const request = https.request(url, {
          method: 'POST',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          // No pooled socket: each delivery connects to its own checked address.
          agent: false,
          lookup: pinnedLookup,
          ca: options.ca,
        });
        const deadline = setTimeout(
          () => request.destroy(new Error(`No answer within ${timeoutMs} ms`)),
          timeoutMs,
        );
        request.on('response', (response) => {
          clearTimeout(deadline);
          // Only the status matters; the body is not read (nor a redirect followed).
          response.destroy();
          resolve({ status: response.statusCode ?? 0 });
        });
        request.on('error', (error) => {
          clearTimeout(deadline);
          reject(error);
        });
        request.end(body);
      });
    },
  };
}

import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as Twilio's Messages API received it. */
export interface TwilioRequest {
  method: string;
  path: string;
  contentType: string | undefined;
  /** The basic-auth user and password, when the request carried them. */
  auth: { user: string; password: string } | undefined;
  form: Record<string, string>;
}

/**
 * What the server answers the next accepted request with, in turn: a status with Twilio's error
 * body (`{code, message, more_info, status}`), optionally a `Retry-After`; or `hang`, no answer
 * at all (a gateway that stopped responding). With none queued: 201 and a queued message.
 */
export type TwilioAnswer =
  | { status: number; code: number; message: string; retryAfter?: number }
  | 'hang';

const MESSAGES_PATH = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/;

function twilioError(res: ServerResponse, status: number, code: number, message: string) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      code,
      message,
      more_info: `https://www.twilio.com/docs/errors/${code}`,
      status,
    }),
  );
}

function basicAuth(req: IncomingMessage) {
  const header = req.headers.authorization ?? '';
  if (!header.startsWith('Basic ')) return undefined;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * A local server speaking Twilio's Messages API as documented
 * (https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource):
 * `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, basic auth AccountSid:AuthToken,
 * form-encoded `To` (E.164), `From` or `MessagingServiceSid`, `Body`; 201 with the message
 * resource (`sid` `SM…`, `status` `queued`), errors as Twilio's JSON. Every request is recorded.
 * `port`: a given one (a gateway stopped and started again at the same address), else a free one.
 */
export async function startTwilioServer(
  account: { accountSid: string; authToken: string },
  options: { port?: number } = {},
) {
  const requests: TwilioRequest[] = [];
  /** The messages answered 201, with the sid each got. */
  const accepted: { sid: string; to: string; from: string; body: string }[] = [];
  const answers: TwilioAnswer[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://twilio.local');
    const auth = basicAuth(req);
    const contentType = req.headers['content-type'];
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    requests.push({ method: req.method ?? '', path: url.pathname, contentType, auth, form });

    const match = MESSAGES_PATH.exec(url.pathname);
    if (!match) return twilioError(res, 404, 20404, 'The requested resource was not found');
    if (auth?.user !== account.accountSid || auth.password !== account.authToken) {
      return twilioError(res, 401, 20003, 'Authenticate');
    }
    if (match[1] !== account.accountSid) {
      return twilioError(res, 403, 20003, 'Permission denied');
    }
    if (req.method !== 'POST') return twilioError(res, 405, 20004, 'Method not allowed');
    if (!contentType?.startsWith('application/x-www-form-urlencoded')) {
      return twilioError(res, 400, 21604, "A 'To' phone number is required.");
    }
    if (!form.To) return twilioError(res, 400, 21604, "A 'To' phone number is required.");
    if (!/^\+[1-9]\d{6,14}$/.test(form.To)) {
      return twilioError(
        res,
        400,
        21211,
        `The 'To' number ${form.To} is not a valid phone number.`,
      );
    }
    if (!form.From && !form.MessagingServiceSid) {
      return twilioError(res, 400, 21603, "A 'From' phone number is required.");
    }
    if (!form.Body) return twilioError(res, 400, 21602, 'Message body is required.');

    const answer = answers.shift();
    if (answer === 'hang') return; // the socket stays open until the client gives up
    if (answer) {
      if (answer.retryAfter !== undefined) res.setHeader('retry-after', String(answer.retryAfter));
      return twilioError(res, answer.status, answer.code, answer.message);
    }
    const now = new Date().toUTCString();
    const sid = `SM${randomBytes(16).toString('hex')}`;
    accepted.push({
      sid,
      to: form.To,
      from: form.From ?? form.MessagingServiceSid!,
      body: form.Body,
    });
    res.writeHead(201, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        account_sid: account.accountSid,
        api_version: '2010-04-01',
        body: form.Body,
        date_created: now,
        date_sent: null,
        date_updated: now,
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        from: form.From ?? null,
        messaging_service_sid: form.MessagingServiceSid ?? null,
        num_segments: '1',
        price: null,
        sid,
        status: 'queued',
        to: form.To,
        uri: `/2010-04-01/Accounts/${account.accountSid}/Messages.json`,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    requests,
    accepted,
    /** Answers for the next requests that pass the checks, in order. */
    answerNext(...next: TwilioAnswer[]) {
      answers.push(...next);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

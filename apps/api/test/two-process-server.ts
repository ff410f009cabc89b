// The product's server process (src/server.ts) with one part of the outside world swapped:
// webhooks go to the local receiver at WEBHOOK_RECEIVER_URL, with `hooks.example.com` resolving
// to a public address so the destination checks run as in production. For two-processes.test.ts.
import { runServer } from '../src/server.ts';
import { testWebhookNetwork } from './notifications-helpers.ts';

const { network, dns } = testWebhookNetwork(() => process.env.WEBHOOK_RECEIVER_URL!);
dns.set('hooks.example.com', ['93.184.216.34']);
await runServer({ webhookNetwork: network });

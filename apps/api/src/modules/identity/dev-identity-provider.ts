import type { IncomingMessage } from 'node:http';
import { nationalIdSchema } from '@tanqin/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Provider from 'oidc-provider';
import type { AppContext } from '../../app-context.ts';
import { DEV_IDENTITY_PATH } from '../../config.ts';
import { hmacSha256 } from '../../lib/crypto.ts';
import {
  databaseAdapter,
  signingKey,
  sweepDevIdentityProviderRecords,
} from './dev-identity-provider-store.ts';
import { identityCallbackUrl } from './relying-party.ts';

/*
 * The built-in development identity provider: a real OpenID Connect provider (the `oidc-provider`
 * package, certified by the OpenID Foundation) served under /dev-idp when no IDENTITY_ISSUER is
 * configured, the way MockPass stands in for Singpass. Its sign-in page asks for a national id
 * and believes it: it proves nothing about anyone. The relying party (relying-party.ts) talks to
 * it exactly as to a real provider. It refuses to run in production.
 *
 * Its state (interactions, sessions, grants, codes) and its signing key live in the database
 * (dev-identity-provider-store.ts), so every process serves the same sign-in.
 */

export async function createDevIdentityProvider(ctx: AppContext): Promise<Provider> {
  const { config } = ctx;
  if (config.isProduction || process.env.NODE_ENV === 'production') {
    throw new Error('The development identity provider does not run in production');
  }
  const { issuer, clientId, clientSecret, nationalIdClaim } = config.identity;
  const provider = new Provider(issuer, {
    adapter: databaseAdapter(ctx.db, ctx.keys.devIdentity),
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [identityCallbackUrl(config)],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [await signingKey(ctx.db, ctx.keys.devIdentity)] },
    // The first key signs, every one verifies: a sign-in under way survives a pepper rotation.
    cookies: {
      keys: ctx.keys.peppers.map((pepper) => hmacSha256(pepper, 'dev-identity-provider-cookies')),
    },
    scopes: ['openid'],
    claims: { openid: ['sub', nationalIdClaim] },
    // The national id travels in the ID token itself, as national identity services do.
    conformIdTokenClaims: false,
    findAccount: (_context, sub) => ({
      accountId: sub,
      claims: () => ({ sub, [nationalIdClaim]: sub }),
    }),
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_context, interaction) => `${DEV_IDENTITY_PATH}/interaction/${interaction.uid}`,
    },
    // One first-party client: no consent screen, the grant covers what it asks.
    loadExistingGrant: async (context) => {
      const accountId = context.oidc.session?.accountId;
      if (!accountId) return undefined;
      const grant = new context.oidc.provider.Grant({ clientId, accountId });
      grant.addOIDCScope('openid');
      grant.addOIDCClaims(['sub', nationalIdClaim]);
      await grant.save();
      return grant;
    },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    renderError: (context, out) => {
      context.type = 'text/plain; charset=utf-8';
      context.body = `Development identity provider: ${out.error}: ${out.error_description ?? ''}`;
    },
  });
  provider.proxy = config.trustProxy !== false;
  return provider;
}

/** The page's words, in the language the relying party asked for (`ui_locales`). */
const WORDS = {
  ar: {
    dir: 'rtl',
    title: 'مزوّد هوية للتطوير',
    badge: 'للتطوير فقط',
    about:
      'يقوم مقام مزوّد الهوية الوطني أثناء التطوير: لا يتحقق من أحد، وأي رقم هوية يُكتب هنا يُعدّ مُثبَتاً. لا يعمل في بيئة الإنتاج.',
    label: 'رقم الهوية',
    submit: 'تسجيل الدخول',
    invalid: 'رقم الهوية غير صحيح',
  },
  en: {
    dir: 'ltr',
    title: 'Development identity provider',
    badge: 'Development only',
    about:
      'It stands in for a national identity service during development and checks nobody: any national id typed here counts as proven. It does not run in production.',
    label: 'National ID',
    submit: 'Sign in',
    invalid: 'The national id is not valid',
  },
} as const;
type PageLanguage = keyof typeof WORDS;

/** `ui_locales` is a space-separated list by preference (OpenID Connect Core 3.1.2.1). */
function pageLanguage(details: { params: Record<string, unknown> }): PageLanguage {
  const asked = String(details.params.ui_locales ?? '').split(' ');
  return asked.find((tag): tag is PageLanguage => tag === 'ar' || tag === 'en') ?? 'ar';
}

const page = (uid: string, lang: PageLanguage, invalid = false) => {
  const words = WORDS[lang];
  return `<!doctype html>
<html lang="${lang}" dir="${words.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${words.title}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${DEV_IDENTITY_PATH}/assets/style.css">
</head>
<body>
<main>
  <p class="badge">${words.badge}</p>
  <h1>${words.title}</h1>
  <p>${words.about}</p>
  <form method="post" action="${DEV_IDENTITY_PATH}/interaction/${encodeURIComponent(uid)}">
    <label for="national_id">${words.label}</label>
    <input id="national_id" name="national_id" inputmode="numeric" autocomplete="off" maxlength="40" required dir="ltr"${invalid ? ' aria-invalid="true" aria-describedby="error"' : ''}>
    ${invalid ? `<p id="error" class="error" role="alert">${words.invalid}</p>` : ''}
    <button type="submit">${words.submit}</button>
  </form>
</main>
</body>
</html>`;
};

const STYLE = `
body{margin:0;font-family:system-ui,sans-serif;background:#fef3c7;color:#1e293b}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border:3px dashed #b45309;border-radius:1rem}
.badge{display:inline-block;margin:0;padding:.25rem .75rem;border-radius:999px;background:#b45309;color:#fff;font-weight:700}
h1{font-size:1.4rem}p{line-height:1.6}
label{display:block;font-weight:600;margin-top:1rem}
input{box-sizing:border-box;width:100%;margin-top:.5rem;padding:.7rem;font-size:1.1rem;border:1px solid #94a3b8;border-radius:.5rem}
button{margin-top:1rem;width:100%;padding:.75rem;font-size:1rem;font-weight:700;color:#fff;background:#0f766e;border:0;border-radius:.5rem;cursor:pointer}
.error{color:#b91c1c;font-weight:600}
@media (max-width:480px){main{margin:0;border-radius:0;min-height:100vh;box-sizing:border-box}}
`;

/** The provider's own answers: the request goes to it as it came, under its mount path. */
function passToProvider(provider: Provider) {
  const handle = provider.callback();
  return (request: FastifyRequest, reply: FastifyReply) => {
    // The provider writes the answer itself: it gets the headers set so far (security headers).
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    reply.hijack();
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    raw.originalUrl = raw.url;
    raw.url = (raw.url ?? '/').slice(DEV_IDENTITY_PATH.length) || '/';
    void handle(raw, reply.raw);
  };
}

/** Serves the development provider under /dev-idp (only called without IDENTITY_ISSUER). */
export async function devIdentityProviderRoutes(
  app: FastifyInstance,
  { ctx }: { ctx: AppContext },
) {
  const provider = await createDevIdentityProvider(ctx);
  ctx.jobs.register({
    name: 'development identity provider sweep',
    everyMs: 10 * 60_000,
    run: () => sweepDevIdentityProviderRecords(ctx.db),
  });

  app.get(`${DEV_IDENTITY_PATH}/assets/style.css`, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('Cache-Control', 'no-cache').send(STYLE),
  );

  app.get<{ Params: { uid: string } }>(
    `${DEV_IDENTITY_PATH}/interaction/:uid`,
    async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      reply.header('Cache-Control', 'no-store');
      return reply
        .type('text/html; charset=utf-8')
        .send(page(request.params.uid, pageLanguage(details)));
    },
  );

  app.post<{ Params: { uid: string }; Body: { national_id?: unknown } }>(
    `${DEV_IDENTITY_PATH}/interaction/:uid`,
    async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      const nationalId = nationalIdSchema.safeParse(request.body?.national_id ?? '');
      if (!nationalId.success) {
        return reply
          .code(400)
          .type('text/html; charset=utf-8')
          .send(page(request.params.uid, pageLanguage(details), true));
      }
      const returnTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: nationalId.data } },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(returnTo, 303);
    },
  );

  // Everything else under /dev-idp is the provider's: its body is left unread for it.
  await app.register(async (passthrough) => {
    passthrough.removeAllContentTypeParsers();
    passthrough.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const handler = passToProvider(provider);
    passthrough.all(DEV_IDENTITY_PATH, handler);
    passthrough.all(`${DEV_IDENTITY_PATH}/*`, handler);
  });
}

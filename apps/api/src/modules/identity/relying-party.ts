import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import type { Config, IdentityConfig } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';

/*
 * The platform as an OpenID Connect relying party (openid-client): authorization code flow with
 * PKCE (S256), state and nonce; the ID token's signature (against the issuer's JWKS), issuer,
 * audience, expiry and nonce are checked by the library. The same code talks to a real provider and to the development one.
 */

/** Where the provider sends the browser back: the web app's /identity/callback. */
export function identityCallbackUrl(config: Pick<Config, 'publicUrl'>): string {
  return `${config.publicUrl.replace(/\/+$/, '')}/identity/callback`;
}

/** Discovery (and with it the provider's keys) is reused for 10 minutes per process. */
const DISCOVERY_TTL_MS = 10 * 60_000;
const discovered = new WeakMap<IdentityConfig, { at: number; configuration: oidc.Configuration }>();

const unavailable = () => new AppError('identity_provider_unavailable');

async function configurationFor(identity: IdentityConfig, log: FastifyBaseLogger) {
  const cached = discovered.get(identity);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.configuration;
  try {
    const configuration = await oidc.discovery(
      new URL(identity.issuer),
      identity.clientId,
      identity.clientSecret,
      undefined,
      {
        timeout: 10,
        execute: [
          // The ID token comes straight from the token endpoint, so openid-client trusts TLS alone
          // by default; its signature is checked against the issuer's published keys (jwks_uri)
          // too, so a token signed by any other key, or carrying its own (jku, jwk), is refused.
          oidc.enableNonRepudiationChecks,
          // Only a local development issuer is plain http (production requires https: config.ts).
          ...(identity.issuer.startsWith('http://') ? [oidc.allowInsecureRequests] : []),
        ],
      },
    );
    discovered.set(identity, { at: Date.now(), configuration });
    return configuration;
  } catch (error) {
    log.error({ err: error, issuer: identity.issuer }, 'identity provider discovery failed');
    throw unavailable();
  }
}

export interface AuthorizationRequest {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** A fresh authorization request: the URL to send the browser to and what the callback needs. */
export async function authorizationRequest(
  config: Config,
  log: FastifyBaseLogger,
  language: 'ar' | 'en',
): Promise<AuthorizationRequest> {
  const configuration = await configurationFor(config.identity, log);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: identityCallbackUrl(config),
    scope: config.identity.scopes,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    // A fresh sign-in each time: the proof is about who is at the keyboard now.
    prompt: 'login',
    // The provider's pages in the person's language (OpenID Connect Core 3.1.2.1).
    ui_locales: language,
  });
  return { url: url.href, state, nonce, codeVerifier };
}

/**
 * Exchanges the code for tokens and returns the validated ID token's claims. A refused or forged
 * answer is `identity_proof_failed`; a provider that cannot be reached, `identity_provider_unavailable`.
 */
export async function redeemAuthorizationCode(
  config: Config,
  log: FastifyBaseLogger,
  callback: { code: string; state: string; iss?: string },
  expected: { state: string; nonce: string; codeVerifier: string },
): Promise<oidc.IDToken> {
  const configuration = await configurationFor(config.identity, log);
  const currentUrl = new URL(identityCallbackUrl(config));
  currentUrl.searchParams.set('code', callback.code);
  currentUrl.searchParams.set('state', callback.state);
  if (callback.iss) currentUrl.searchParams.set('iss', callback.iss);
  try {
    const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: expected.codeVerifier,
      expectedState: expected.state,
      expectedNonce: expected.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new AppError('identity_proof_failed', 'The provider sent no ID token');
    return claims;
  } catch (error) {
    if (error instanceof AppError) throw error;
    const network = error instanceof TypeError || (error as Error).name === 'TimeoutError';
    log.warn({ err: error }, 'identity provider refused the authorization code');
    throw network ? unavailable() : new AppError('identity_proof_failed');
  }
}

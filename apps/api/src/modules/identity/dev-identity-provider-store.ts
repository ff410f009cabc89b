import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Queryable } from '../../db/database.ts';
import { type KeyRing, seal, unseal } from '../../lib/key-ring.ts';

/*
 * Where the development identity provider keeps its state (an oidc-provider Adapter): rows of
 * `dev_identity_provider_records`, so a sign-in begun on one process finishes on any other; and
 * its signing key, the same for every process.
 * Expiry is by the wall clock (Date.now), as oidc-provider computes its own `exp` by it.
 * Payloads are sealed (AES-256-GCM, bound to their model and id): a session's account and a
 * code's claims are the national id the person typed.
 */

/** The models a grant owns: revoking a grant deletes these, never an interaction or a session. */
const OWNED_BY_GRANT = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
]);

const LIVE = '(expires_at is null or expires_at > $3)';

/**
 * Ids, uids and codes arrive from requests. One the database cannot hold (a NUL byte: PostgreSQL
 * text refuses it) names no record: it is not looked up, so the provider answers 4xx, not 500.
 */
const isStorable = (key: string) => !key.includes('\u0000');

class DatabaseAdapter implements Adapter {
  private readonly db: Queryable;
  private readonly keys: KeyRing;
  private readonly model: string;

  constructor(db: Queryable, keys: KeyRing, model: string) {
    this.db = db;
    this.keys = keys;
    this.model = model;
  }

  private seal(id: string, payload: AdapterPayload): string {
    return seal(this.keys, JSON.stringify(payload), `${this.model}:${id}`);
  }

  private open(row: SealedRow): AdapterPayload {
    const payload = JSON.parse(
      unseal(this.keys, row.sealed_payload, `${this.model}:${row.id}`).toString('utf8'),
    ) as AdapterPayload;
    return row.consumed === null ? payload : { ...payload, consumed: Number(row.consumed) };
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
    const expiresAt =
      typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null;
    await this.db.query(
      `insert into dev_identity_provider_records
         (model, id, sealed_payload, uid, user_code, grant_id, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (model, id) do update set sealed_payload = excluded.sealed_payload,
         uid = excluded.uid, user_code = excluded.user_code, grant_id = excluded.grant_id,
         expires_at = excluded.expires_at, consumed = null`,
      [
        this.model,
        id,
        this.seal(id, payload),
        payload.uid ?? null,
        payload.userCode ?? null,
        OWNED_BY_GRANT.has(this.model) ? (payload.grantId ?? null) : null,
        expiresAt,
      ],
    );
  }

  find(id: string) {
    return this.findWhere('id = $2', id);
  }

  findByUid(uid: string) {
    return this.findWhere('uid = $2', uid);
  }

  findByUserCode(userCode: string) {
    return this.findWhere('user_code = $2', userCode);
  }

  private async findWhere(condition: string, value: string) {
    if (!isStorable(value)) return undefined;
    const [row] = await this.db.query<SealedRow>(
      `select id, sealed_payload, consumed from dev_identity_provider_records
       where model = $1 and ${condition} and ${LIVE}`,
      [this.model, value, new Date()],
    );
    return row && this.open(row);
  }

  /** Marks a code used; a second redemption then finds it consumed (and revokes its grant). */
  async consume(id: string) {
    if (!isStorable(id)) return;
    await this.db.query(
      `update dev_identity_provider_records
       set consumed = $3
       where model = $1 and id = $2`,
      [this.model, id, Math.floor(Date.now() / 1000)],
    );
  }

  async destroy(id: string) {
    if (!isStorable(id)) return;
    await this.db.query('delete from dev_identity_provider_records where model = $1 and id = $2', [
      this.model,
      id,
    ]);
  }

  async revokeByGrantId(grantId: string) {
    if (!isStorable(grantId)) return;
    await this.db.query(
      'delete from dev_identity_provider_records where model = $1 and grant_id = $2',
      [this.model, grantId],
    );
  }
}

interface SealedRow {
  id: string;
  sealed_payload: string;
  consumed: string | number | null;
}

/** oidc-provider's `adapter` option: one adapter per model, all on this database. */
export function databaseAdapter(db: Queryable, keys: KeyRing): (model: string) => Adapter {
  return (model) => new DatabaseAdapter(db, keys, model);
}

/** Deletes the records past their expiry (a background job); resolves how many. */
export async function sweepDevIdentityProviderRecords(db: Queryable): Promise<number> {
  const deleted = await db.query(
    'delete from dev_identity_provider_records where expires_at <= $1 returning 1',
    [new Date()],
  );
  return deleted.length;
}

export const DEV_SIGNING_KEY_ID = 'dev-1';
const KID = DEV_SIGNING_KEY_ID;

/**
 * The ID-token signing key: the stored one, or a new one stored by the first process to ask.
 * Sealed at rest under the same key as the records.
 */
export async function signingKey(db: Queryable, keys: KeyRing): Promise<JWK> {
  const stored = async () => {
    const [row] = await db.query<{ sealed_jwk: string }>(
      'select sealed_jwk from dev_identity_provider_keys where kid = $1',
      [KID],
    );
    return row && (JSON.parse(unseal(keys, row.sealed_jwk, KID).toString('utf8')) as JWK);
  };
  const existing = await stored();
  if (existing) return existing;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: KID };
  await db.query(
    'insert into dev_identity_provider_keys (kid, sealed_jwk) values ($1, $2) on conflict (kid) do nothing',
    [KID, seal(keys, JSON.stringify(jwk), KID)],
  );
  // Another process may have stored its own first: theirs is the one.
  return (await stored())!;
}

// Outside probe for issue 22.5 (no account oracle by email): against a running server, 30 taken
// and 30 free emails on each of individual registration (code by email, then by SMS),
// organisation sign-up and a profile email change, interleaved in random order, each call from
// its own X-Forwarded-For address (start the server with TRUST_PROXY=true). Prints each route's
// statuses, how many body shapes and header sets the answers had (1 = all alike), the two
// medians in ms and the median of the paired differences (PROBES sets the 30; ONLY=SMS runs
// the probes whose name holds SMS).
//
//   DATA_DIR=/tmp/probe PORT=3917 TRUST_PROXY=true npm start            (or node apps/api/src/main.ts)
//   BASE_URL=http://127.0.0.1:3917 DATA_DIR=/tmp/probe node bench/email-oracle/probe.mjs
//
// DATA_DIR is read for the local outbox (the SMS codes that confirm the probe's own accounts).
import { readFileSync } from 'node:fs';
import path from 'node:path';

const BASE = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const OUTBOX = path.join(process.env.DATA_DIR ?? './data', 'outbox.jsonl');
const N = Number(process.env.PROBES ?? 30);
const run = Date.now().toString(36);
let serial = 0;
const unique = () => `${run}${String(serial++).padStart(4, '0')}`;
const ip = () => `10.${(serial >> 16) & 255}.${(serial >> 8) & 255}.${serial++ & 255}`;

function nationalId() {
  const nine = `1${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  for (let check = 0; check <= 9; check++) {
    const digits = `${nine}${check}`;
    const sum = [...digits].reduce((total, char, index) => {
      const d = Number(char);
      return index % 2 ? total + d : total + Math.floor((d * 2) / 10) + ((d * 2) % 10);
    }, 0);
    if (sum % 10 === 0) return digits;
  }
}
const phone = () => `05${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const email = (kind) => `${kind}-${unique()}@probe.example.sa`;

async function call(method, route, { json, token } = {}) {
  const started = performance.now();
  const response = await fetch(`${BASE}${route}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': ip(),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: json ? JSON.stringify(json) : undefined,
  });
  const text = await response.text();
  const ms = performance.now() - started;
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, headers: response.headers, body, ms };
}

const registration = (address, method) => ({
  nationalId: nationalId(),
  phoneNumber: phone(),
  email: address,
  firstName: 'نورة',
  lastName: 'القحطاني',
  password: 'Str0ngPassw0rd',
  confirmPassword: 'Str0ngPassw0rd',
  method,
});

function lastCode(to) {
  const line = readFileSync(OUTBOX, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .filter((e) => e.to === to)
    .at(-1);
  return line?.text.match(/\b(\d{6})\b/)?.[1];
}

async function confirmedPerson() {
  const body = registration(email('owner'), 'sms');
  const res = await call('POST', '/api/v1/auth/register/individual', { json: body });
  if (res.status !== 201)
    throw new Error(`setup registration: ${res.status} ${JSON.stringify(res.body)}`);
  const ok = await call('POST', '/api/v1/auth/verify/individual', {
    token: res.body.token,
    json: { method: 'sms', code: lastCode(body.phoneNumber) },
  });
  if (ok.status !== 200) throw new Error(`setup confirm: ${ok.status} ${JSON.stringify(ok.body)}`);
  return { ...body, token: res.body.token };
}

const shape = (v) =>
  Array.isArray(v)
    ? v.map(shape)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, shape(v[k])]),
        )
      : v === null
        ? 'null'
        : typeof v;
const headerNames = (h) =>
  [...h.keys()]
    .filter((k) => !['date', 'content-length'].includes(k))
    .sort()
    .join(',') +
  `|cookies:${h
    .getSetCookie()
    .map((c) => c.split('=')[0])
    .join(',')}`;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function probe(name, taken, free, send) {
  if (process.env.ONLY && !name.includes(process.env.ONLY)) return;
  const results = { taken: [], free: [] };
  for (let i = 0; i < N; i++) {
    const order = Math.random() < 0.5 ? ['taken', 'free'] : ['free', 'taken'];
    for (const which of order) {
      const address = which === 'taken' ? taken[i] : free[i];
      results[which].push(await send(address, i, which));
    }
  }
  const statuses = (rs) => {
    const counts = new Map();
    for (const r of rs) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
    return [...counts].map(([s, n]) => `${n}x${s}`).join(' ');
  };
  const shapes = new Set(
    [...results.taken, ...results.free].map((r) => JSON.stringify(shape(r.body))),
  );
  const headers = new Set([...results.taken, ...results.free].map((r) => headerNames(r.headers)));
  const mt = median(results.taken.map((r) => r.ms));
  const mf = median(results.free.map((r) => r.ms));
  // Each taken call against the free call of its pair (made next to it): the load of the moment
  // weighs on both, so this median shows a difference the machine's noise would hide.
  const paired = median(results.taken.map((r, i) => r.ms - results.free[i].ms));
  console.log(
    `${name.padEnd(34)} taken: ${statuses(results.taken).padEnd(7)} free: ${statuses(results.free).padEnd(7)} ` +
      `body shapes: ${shapes.size}  header sets: ${headers.size}  ` +
      `median taken ${mt.toFixed(1)} ms, free ${mf.toFixed(1)} ms (diff ${(mt - mf).toFixed(1)}, ` +
      `median paired diff ${paired.toFixed(1)})`,
  );
}

// Set-up: the owners of the taken addresses, and the accounts that change their email.
const owners = [];
for (let i = 0; i < N; i++) owners.push(await confirmedPerson());
const changers = [];
const probesProfile = !process.env.ONLY || 'profile email change'.includes(process.env.ONLY);
for (let i = 0; probesProfile && i < 2 * N; i++) changers.push(await confirmedPerson());
const taken = owners.map((o) => o.email);
const frees = () => Array.from({ length: N }, () => email('freee'));
// Warm-up, not measured.
for (let i = 0; i < 5; i++) {
  await call('POST', '/api/v1/auth/register/individual', {
    json: registration(email('warm'), 'sms'),
  });
}

await probe('register (code by email)', taken, frees(), (address) =>
  call('POST', '/api/v1/auth/register/individual', { json: registration(address, 'email') }),
);
await probe('register (code by SMS)', taken, frees(), (address) =>
  call('POST', '/api/v1/auth/register/individual', { json: registration(address, 'sms') }),
);
await probe('organisation sign-up', taken, frees(), (address) =>
  call('POST', '/api/v1/signup', {
    json: {
      name: `جهة ${unique()}`,
      type: 'private',
      email: `org-${unique()}@probe.example.sa`,
      contactPerson: 'سارة',
      adminDetails: {
        firstName: 'سارة',
        lastName: 'العتيبي',
        email: address,
        password: 'Str0ngPassw0rd',
        confirmPassword: 'Str0ngPassw0rd',
      },
    },
  }),
);
await probe('profile email change', taken, frees(), (address, i, which) => {
  const person = changers[2 * i + (which === 'taken' ? 0 : 1)];
  return call('PATCH', '/api/v1/profile', {
    token: person.token,
    json: {
      firstName: person.firstName,
      lastName: person.lastName,
      email: address,
      phoneNumber: person.phoneNumber,
      language: 'ar',
      notifications: { email: true, sms: true, app: true },
    },
  });
});

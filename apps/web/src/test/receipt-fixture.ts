import type { AuditKeySet, Receipt } from '@tanqin/shared';

/*
 * A real signed receipt of the fixture code tok_used1 (its issue and use, a tree of two leaves,
 * checkpoint 1) and the key set that verifies it: made once with the server's own signer
 * (apps/api/src/lib/note-signer.ts), so the browser's check runs on real signatures.
 */
export const signedReceipt: Receipt = {
  token_id: 'tok_used1',
  pending: [],
  entries: [
    {
      kind: 'issued',
      leaf: 'eyJ2IjoxLCJvcmdhbml6YXRpb25faWQiOiIwYjVjN2E0ZS0zYzFmLTRmN2UtOWE1MS0yZjljN2QxZThhMTAiLCJzaGFyZCI6Nywic2VxIjoxLCJ0b2tlbl9pZCI6InRva191c2VkMSIsImFjdGlvbiI6Imlzc3VlIiwiYWN0b3Jfb3JnYW5pemF0aW9uX2lkIjpudWxsLCJhY3RvciI6ImFwaV9rZXk6NWYwZTNiMGEtOWEwZS00YzVkLThmNTEtMGQxYzJiM2E0ZTVmIiwiZmllbGRzIjpbImZ1bGxfbmFtZSIsImJpcnRoX2RhdGUiXSwicmVhc29uIjpudWxsLCJjcmVhdGVkX2F0IjoiMjAyNi0xMS0yMVQwOTowMDowMC4wMDBaIiwiY2hhaW5faGFzaCI6ImFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWEifQ==',
      leaf_index: 0,
      tree_size: 2,
      inclusion_proof: ['uw7ZcTI5ZMbbZ0DayMfvVpj7Tpnr4eQsEEMWK1h7ejI='],
      checkpoint:
        'tanqin.example/audit\n2\n9w71DkVdy+v+mih2vWSk1NiMIHmm6DOrL891w4YIgPY=\ncheckpoint 1\ntime 2026-11-21T09:31:00.000Z\n\n\u2014 tanqin.example/audit 3jV5lfddgR0X130UT/be1cYpDOySrfCHIIz35lxMZ09JTqzCTMbdJavHFIcZj/k86r5Fc6AakPj6pBbrUf1jxCeXCQc=\n',
    },
    {
      kind: 'used',
      leaf: 'eyJ2IjoxLCJvcmdhbml6YXRpb25faWQiOiIwYjVjN2E0ZS0zYzFmLTRmN2UtOWE1MS0yZjljN2QxZThhMTAiLCJzaGFyZCI6Nywic2VxIjoyLCJ0b2tlbl9pZCI6InRva191c2VkMSIsImFjdGlvbiI6InVzZSIsImFjdG9yX29yZ2FuaXphdGlvbl9pZCI6bnVsbCwiYWN0b3IiOiJhcGlfa2V5OjVmMGUzYjBhLTlhMGUtNGM1ZC04ZjUxLTBkMWMyYjNhNGU1ZiIsImZpZWxkcyI6WyJmdWxsX25hbWUiLCJiaXJ0aF9kYXRlIl0sInJlYXNvbiI6bnVsbCwiY3JlYXRlZF9hdCI6IjIwMjYtMTEtMjFUMDk6MzA6MDAuMDAwWiIsImNoYWluX2hhc2giOiJiYmJiYmJiYmJiYmJiYmJiYmJiYmJiYmJiYmJiYmJiYmJiYmJiYmJiYmJiYmJiYmJiYmJiYmJiYmJiYmJiYmJiIn0=',
      leaf_index: 1,
      tree_size: 2,
      inclusion_proof: ['cI+ZD4dd0u7y8itO98CQuZuZJWnl0mjDWqGN9zHwy/8='],
      checkpoint:
        'tanqin.example/audit\n2\n9w71DkVdy+v+mih2vWSk1NiMIHmm6DOrL891w4YIgPY=\ncheckpoint 1\ntime 2026-11-21T09:31:00.000Z\n\n\u2014 tanqin.example/audit 3jV5lfddgR0X130UT/be1cYpDOySrfCHIIz35lxMZ09JTqzCTMbdJavHFIcZj/k86r5Fc6AakPj6pBbrUf1jxCeXCQc=\n',
    },
  ],
};

export const auditKeys: AuditKeySet = {
  origin: 'tanqin.example/audit',
  keys: [
    {
      kty: 'OKP',
      crv: 'Ed25519',
      x: 'A90W6jWVdS6ASvjpfm89RyZCk5cJQPLCuUo_mc1CZYc',
      kid: 'fixture',
      use: 'sig',
      alg: 'EdDSA',
      note_verifier: 'tanqin.example/audit+de357995+AQPdFuo1lXUugEr46X5vPUcmQpOXCUDywrlKP5nNQmWH',
    },
  ],
};

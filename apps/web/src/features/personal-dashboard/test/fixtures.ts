import type { PersonalCode } from '@tanqin/shared';

export const personalCode = (overrides: Partial<PersonalCode> = {}): PersonalCode => ({
  id: 'tok_active1',
  issuer: { name: 'بنك الرياض الرقمي', type: 'private' },
  audience: { name: 'وزارة الداخلية' },
  status: 'active',
  data_fields: ['full_name', 'national_id', 'favourite_colour'],
  data_scope: [],
  purpose: null,
  created_at: '2026-11-22T07:00:00.000Z',
  expires_at: '2026-11-22T08:00:00.000Z',
  used_at: null,
  used_by: null,
  revoked_at: null,
  misuse_reported_at: null,
  trail: [
    {
      action: 'generated',
      at: '2026-11-22T07:00:00.000Z',
      organization_name: 'بنك الرياض الرقمي',
      actor_type: 'organization',
      fields: ['full_name', 'national_id', 'favourite_colour'],
      reason: null,
    },
  ],
  ...overrides,
});

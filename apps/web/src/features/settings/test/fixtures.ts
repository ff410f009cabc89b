import type { MembersResponse, OrganizationDetails } from '@tanqin/shared';

export const ORG_ID = 'org_123';
export const ORG_PATH = `/api/v1/organizations/${ORG_ID}`;

export const organizationDetails = (
  overrides: Partial<OrganizationDetails> = {},
): OrganizationDetails => ({
  id: ORG_ID,
  name: 'وزارة التجربة',
  type: 'government',
  email: 'contact@example.sa',
  phone: '0551234567',
  contact_person: 'سارة العتيبي',
  time_zone: 'Asia/Riyadh',
  client_id: 'tq_client_0123456789abcdef',
  created_at: '2025-03-05T10:00:00.000Z',
  require_ip_whitelist: false,
  geo_blocking_enabled: false,
  app_link: null,
  role: 'owner',
  ...overrides,
});

export const membersResponse = (overrides: Partial<MembersResponse> = {}): MembersResponse => ({
  members: [
    {
      user_id: '00000000-0000-4000-8000-000000000001',
      email: 'sara@example.sa',
      first_name: 'سارة',
      last_name: 'العتيبي',
      role: 'owner',
      joined_at: '2025-03-05T10:00:00.000Z',
      is_you: true,
    },
    {
      user_id: '00000000-0000-4000-8000-000000000002',
      email: 'fahad@example.sa',
      first_name: 'فهد',
      last_name: 'القحطاني',
      role: 'verifier',
      joined_at: '2025-04-10T08:30:00.000Z',
      is_you: false,
    },
  ],
  invitations: [
    {
      id: '00000000-0000-4000-8000-0000000000a1',
      email: 'noura@example.sa',
      role: 'viewer',
      invited_by_name: 'سارة العتيبي',
      created_at: '2025-05-01T09:00:00.000Z',
      expires_at: '2025-05-08T09:00:00.000Z',
    },
  ],
  ...overrides,
});

import type { ApiKey } from '../api/get-api-keys.ts';

export const ORG_ID = 'org_123';

export const apiKey = (overrides: Partial<ApiKey> = {}): ApiKey => ({
  id: '00000000-0000-4000-8000-000000000001',
  key_name: 'خادم الإنتاج',
  api_key: 'tqk_live_abcdefghijklmnop1234',
  mode: 'live',
  scopes: ['token:generate', 'token:verify'],
  allowed_ips: null,
  is_active: true,
  created_at: '2025-03-05T10:00:00.000Z',
  expires_at: null,
  rate_limit_per_hour: 1000,
  rate_limit_per_minute: 60,
  secret_rolled_at: null,
  previous_secret_expires_at: null,
  usage_count: 0,
  last_used_at: null,
  last_used_ip: null,
  requests_this_minute: 0,
  requests_this_hour: 0,
  requests_today: 0,
  requests_this_month: 0,
  critical_events_count: 0,
  ...overrides,
});

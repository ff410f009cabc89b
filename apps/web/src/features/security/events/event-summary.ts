import { summarizeSecurityEvent } from '@tanqin/shared';
import { countryName } from '../../../lib/country-name.ts';
import type { SecurityEvent } from '../api/get-security-events.ts';

/** An event's one-line account in the page's language, from its type and stored parameters. */
export const eventSummary = (event: SecurityEvent, language: string) =>
  summarizeSecurityEvent(event, language.startsWith('en') ? 'en' : 'ar', countryName);

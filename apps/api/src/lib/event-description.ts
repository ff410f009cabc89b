import { type Language, type SummarizedEvent, summarizeSecurityEvent } from '@tanqin/shared';

function countryNameIn(language: Language, code: string) {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * A security event told in a language from its stored parameters, country names included: what
 * the security center shows, for the messages and files the server writes (mail, webhook, CSV).
 */
export const describeSecurityEvent = (event: SummarizedEvent, language: Language) =>
  summarizeSecurityEvent(event, language, (code) => countryNameIn(language, code));

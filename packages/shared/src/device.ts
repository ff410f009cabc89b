/**
 * A readable device from a browser's user agent: browser, system and kind. Enough for a person to
 * recognise their own sessions; not a fingerprint. Order matters: Edge and Opera also say Chrome,
 * Chrome also says Safari.
 */
export interface Device {
  browser: string | null;
  os: string | null;
  kind: 'mobile' | 'tablet' | 'desktop' | 'unknown';
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export function deviceFromUserAgent(userAgent: string | null | undefined): Device {
  if (!userAgent) return { browser: null, os: null, kind: 'unknown' };
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  const os = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  const kind = /\biPad\b|\bTablet\b|Android(?!.*Mobile)/.test(userAgent)
    ? 'tablet'
    : /\bMobi|\biPhone\b|\biPod\b/.test(userAgent)
      ? 'mobile'
      : browser || os
        ? 'desktop'
        : 'unknown';
  return { browser, os, kind };
}

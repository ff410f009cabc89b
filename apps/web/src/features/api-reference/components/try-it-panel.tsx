import { formatCode, parseCode } from '@tanqin/shared';
import { KeyRound, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeQr } from '../../../components/code-qr.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { cn } from '../../../lib/cn.ts';
import {
  exampleBodyText,
  exampleFor,
  firstMediaType,
  type OpenApiDocument,
  type OperationEntry,
  requiresApiCredentials,
} from '../openapi.ts';

export interface TryItCredentials {
  clientId: string;
  mode: 'basic' | 'bearer';
  apiKey: string;
  apiSecret: string;
  bearerToken: string;
}

interface TryItResult {
  status: number;
  statusText: string;
  headers: Array<[string, string]>;
  body: string;
  ms: number;
  accessToken?: string;
  /** The one-time code a generate answered, shown with its QR. */
  issuedCode?: string;
}

function initialBody(document: OpenApiDocument, entry: OperationEntry) {
  const media = firstMediaType(entry.operation.requestBody?.content);
  if (!media) return '';
  const [type, { schema, example }] = media;
  const start = example ?? exampleFor(document, schema, { requiredOnly: true });
  if (type === 'application/x-www-form-urlencoded' && start && typeof start === 'object') {
    // The panel authenticates the client with HTTP Basic; credentials in the body as well
    // would be two methods at once, which RFC 6749 refuses.
    const { client_id: _id, client_secret: _secret, ...rest } = start as Record<string, unknown>;
    return exampleBodyText(type, rest);
  }
  return exampleBodyText(type, start);
}

/** Basic credentials as RFC 7617 wants them: base64 of the UTF-8 bytes of `key:secret`. */
const basic = (user: string, password: string) =>
  `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(`${user}:${password}`)))}`;

function prettyBody(text: string) {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * Sends the operation for real, from this page to this server only (relative URL, so the
 * Content-Security-Policy's connect-src 'self' holds), and shows status, headers and body.
 */
export function TryItPanel({
  document,
  entry,
  credentials,
  onUseAccessToken,
}: {
  document: OpenApiDocument;
  entry: OperationEntry;
  credentials: TryItCredentials;
  onUseAccessToken: (token: string) => void;
}) {
  const { t } = useTranslation('apiReference');
  const bodyId = useId();
  const pathParams = (entry.operation.parameters ?? []).filter((p) => p.in === 'path');
  const media = firstMediaType(entry.operation.requestBody?.content);
  const [params, setParams] = useState<Record<string, string>>({});
  const [body, setBody] = useState(() => initialBody(document, entry));
  const [result, setResult] = useState<TryItResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const [isTokenApplied, setIsTokenApplied] = useState(false);

  const send = async () => {
    setError(null);
    let path = entry.path;
    for (const param of pathParams) {
      const value = params[param.name]?.trim();
      if (!value) {
        setError(t('tryIt.missingParam', { name: param.name }));
        return;
      }
      path = path.replace(`{${param.name}}`, encodeURIComponent(value));
    }
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (requiresApiCredentials(document, entry.operation)) {
      headers['X-Client-Id'] = credentials.clientId.trim();
      if (credentials.mode === 'bearer' && credentials.bearerToken.trim()) {
        headers.Authorization = `Bearer ${credentials.bearerToken.trim()}`;
      } else if (credentials.mode === 'basic' && credentials.apiKey.trim()) {
        headers.Authorization = basic(credentials.apiKey.trim(), credentials.apiSecret.trim());
      }
    } else if (credentials.apiKey.trim()) {
      // The token endpoint authenticates the client with HTTP Basic (client_secret_basic).
      headers.Authorization = basic(credentials.apiKey.trim(), credentials.apiSecret.trim());
    }
    if (media) {
      headers['Content-Type'] = media[0];
      if (media[0].includes('json')) {
        try {
          JSON.parse(body);
        } catch {
          setError(t('tryIt.invalidJson'));
          return;
        }
      }
    }
    setIsSending(true);
    setIsTokenApplied(false);
    const started = performance.now();
    try {
      const response = await fetch(path, {
        method: entry.method,
        headers,
        body: media ? body : undefined,
        credentials: 'omit',
        cache: 'no-store',
      });
      const text = await response.text();
      let accessToken: string | undefined;
      let issuedCode: string | undefined;
      try {
        const parsed = JSON.parse(text) as { access_token?: unknown; token?: unknown };
        if (typeof parsed.access_token === 'string') accessToken = parsed.access_token;
        const code = typeof parsed.token === 'string' ? parseCode(parsed.token) : undefined;
        if (code) issuedCode = formatCode(code);
      } catch {
        accessToken = undefined;
      }
      setResult({
        status: response.status,
        statusText: response.statusText,
        headers: [...response.headers.entries()],
        body: prettyBody(text),
        ms: Math.round(performance.now() - started),
        accessToken: response.ok ? accessToken : undefined,
        issuedCode: response.ok ? issuedCode : undefined,
      });
    } catch (caught) {
      setResult(null);
      setError(t('tryIt.networkError', { message: (caught as Error).message }));
    } finally {
      setIsSending(false);
    }
  };

  return (
    <div className="space-y-4 rounded-xl border border-brand-700/20 bg-brand-50/40 p-4">
      <h4 className="font-bold text-slate-900">{t('tryIt.title')}</h4>
      {pathParams.map((param) => (
        <TextField
          key={param.name}
          label={param.name}
          dir="ltr"
          className="font-mono"
          value={params[param.name] ?? ''}
          onChange={(event) =>
            setParams((current) => ({ ...current, [param.name]: event.target.value }))
          }
        />
      ))}
      {media ? (
        <div className="space-y-1.5">
          <label htmlFor={bodyId} className="block text-sm font-medium text-slate-800">
            {t('tryIt.body')}{' '}
            <span dir="ltr" className="font-mono text-xs text-slate-500">
              ({media[0]})
            </span>
          </label>
          <textarea
            id={bodyId}
            dir="ltr"
            spellCheck={false}
            rows={Math.min(14, Math.max(3, body.split('\n').length + 1))}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900 shadow-sm focus:outline-2 focus:outline-brand-600"
          />
        </div>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button onClick={() => void send()} disabled={isSending}>
        <Send aria-hidden className="size-4 rtl:-scale-x-100" />
        {isSending ? t('tryIt.sending') : t('tryIt.send')}
      </Button>
      <section aria-label={t('tryIt.result')} aria-live="polite" className="space-y-3">
        {result ? (
          <>
            <p className="flex flex-wrap items-center gap-3 text-sm">
              <span className="font-semibold">{t('tryIt.status')}:</span>
              <span
                dir="ltr"
                className={cn(
                  'rounded-md px-2 py-0.5 font-mono font-bold',
                  result.status < 300
                    ? 'bg-green-100 text-green-800'
                    : result.status < 500
                      ? 'bg-amber-100 text-amber-900'
                      : 'bg-red-100 text-red-800',
                )}
              >
                {`${result.status} ${result.statusText}`.trim()}
              </span>
              <span className="text-slate-600">{t('tryIt.duration', { ms: result.ms })}</span>
            </p>
            {result.issuedCode ? (
              <div className="flex flex-wrap items-center gap-4 rounded-lg border border-slate-200 bg-white p-3">
                <CodeQr code={result.issuedCode} />
                <div className="min-w-0 space-y-1">
                  <p className="text-sm font-semibold text-slate-900">{t('tryIt.issuedCode')}</p>
                  <p dir="ltr" className="w-fit font-mono text-lg font-bold tracking-wider">
                    {result.issuedCode}
                  </p>
                  <p className="text-sm text-slate-600">{t('tryIt.issuedCodeHint')}</p>
                </div>
              </div>
            ) : null}
            <div className="space-y-1">
              <p className="text-sm font-semibold">{t('tryIt.responseHeaders')}</p>
              <pre
                dir="ltr"
                className="ltr-island max-h-48 overflow-auto rounded-lg bg-slate-900 p-3 text-start font-mono text-xs leading-relaxed text-slate-100"
              >
                {result.headers.map(([name, value]) => `${name}: ${value}`).join('\n')}
              </pre>
            </div>
            <section aria-labelledby={`${bodyId}-response`} className="space-y-1">
              <p id={`${bodyId}-response`} className="text-sm font-semibold">
                {t('tryIt.responseBody')}
              </p>
              <pre
                dir="ltr"
                className="ltr-island max-h-96 overflow-auto rounded-lg bg-slate-900 p-3 text-start font-mono text-xs leading-relaxed text-slate-100"
              >
                {result.body || t('tryIt.emptyBody')}
              </pre>
            </section>
            {result.accessToken ? (
              <div className="flex flex-wrap items-center gap-3">
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => {
                    onUseAccessToken(result.accessToken!);
                    setIsTokenApplied(true);
                  }}
                >
                  <KeyRound aria-hidden className="size-4" />
                  {t('tryIt.useToken')}
                </Button>
                {isTokenApplied ? (
                  <span className="text-sm text-green-800">{t('tryIt.tokenApplied')}</span>
                ) : null}
              </div>
            ) : null}
          </>
        ) : null}
      </section>
    </div>
  );
}

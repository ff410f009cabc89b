import { BookOpen, FileJson, Home } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { useOpenApiDocument } from './api/get-openapi.ts';
import { CredentialsCard } from './components/credentials-card.tsx';
import { DocumentText } from './components/document-text.tsx';
import { GuaranteesSection, GuaranteesSummary } from './components/guarantees-section.tsx';
import { methodClasses, OperationCard } from './components/operation-card.tsx';
import type { TryItCredentials } from './components/try-it-panel.tsx';
import { WebhookCard } from './components/webhook-card.tsx';
import { listOperations, listWebhooks } from './openapi.ts';

const EMPTY_CREDENTIALS: TryItCredentials = {
  clientId: '',
  mode: 'basic',
  apiKey: '',
  apiSecret: '',
  bearerToken: '',
};

/**
 * /docs: the public API reference, rendered by us from GET /v1/openapi.json (no third-party
 * script or stylesheet, so the strict Content-Security-Policy holds), with a live try for
 * every operation.
 */
export function ApiReferencePage() {
  const { t } = useTranslation('apiReference');
  useDocumentTitle(t('pageTitle'));
  const openApi = useOpenApiDocument();
  const [credentials, setCredentials] = useState(EMPTY_CREDENTIALS);
  const operations = openApi.data ? listOperations(openApi.data) : [];
  const webhooks = openApi.data ? listWebhooks(openApi.data) : [];

  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 lg:px-8">
          <div className="flex min-w-0 items-center gap-4">
            <Logo />
            <span aria-hidden className="hidden h-8 w-px bg-slate-200 sm:block" />
            <h1 className="text-xl font-bold text-slate-900">{t('pageTitle')}</h1>
          </div>
          <nav className="flex flex-wrap gap-1">
            <Link to="/documentation" className={buttonClasses('ghost', 'sm')}>
              <BookOpen aria-hidden className="size-4" />
              {t('nav.documentation')}
            </Link>
            <Link to="/" className={buttonClasses('ghost', 'sm')}>
              <Home aria-hidden className="size-4" />
              {t('nav.home')}
            </Link>
          </nav>
        </div>
      </header>

      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 lg:flex-row lg:px-8">
        {operations.length ? (
          <nav
            aria-label={t('nav.operations')}
            className="shrink-0 rounded-2xl border border-slate-200 bg-white p-3 lg:sticky lg:top-6 lg:w-80 lg:self-start"
          >
            <p className="px-2 pb-2 font-bold">{t('nav.operations')}</p>
            <ul className="space-y-1">
              {operations.map((entry) => (
                <li key={entry.id}>
                  <a
                    href={`#${entry.id}`}
                    className="flex items-center gap-2 rounded-lg px-2 py-2 text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-700"
                  >
                    <span
                      className={cn(
                        'w-12 shrink-0 rounded px-1 py-0.5 text-center font-mono text-[0.7rem] font-bold',
                        methodClasses(entry.method),
                      )}
                    >
                      {entry.method}
                    </span>
                    <span
                      dir="ltr"
                      className="ltr-island min-w-0 font-mono text-xs [overflow-wrap:anywhere]"
                    >
                      {entry.path}
                    </span>
                  </a>
                </li>
              ))}
              {webhooks.map((entry) => (
                <li key={entry.id}>
                  <a
                    href={`#${entry.id}`}
                    className="flex items-center gap-2 rounded-lg px-2 py-2 text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-700"
                  >
                    <span className="w-12 shrink-0 rounded bg-violet-100 px-1 py-0.5 text-center text-[0.7rem] font-bold text-violet-900">
                      {t('webhook.badge')}
                    </span>
                    <span dir="ltr" className="ltr-island min-w-0 font-mono text-xs">
                      {entry.name}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}

        <main className="min-w-0 flex-1 space-y-6">
          <section className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
            <p className="leading-relaxed text-slate-700">{t('pageSubtitle')}</p>
            {openApi.data ? (
              <>
                <p className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-700">
                  <span lang="en" dir="ltr" className="font-semibold">
                    {openApi.data.info.title}
                  </span>
                  <span>
                    {t('about.version')}:{' '}
                    <code dir="ltr" className="ltr-island font-mono">
                      {openApi.data.info.version}
                    </code>
                  </span>
                  <a
                    href="/v1/openapi.json"
                    className="inline-flex items-center gap-1 font-semibold text-brand-700 underline"
                  >
                    <FileJson aria-hidden className="size-4" />
                    {t('about.spec')}
                  </a>
                </p>
                {openApi.data.info.description ? (
                  <DocumentText
                    text={openApi.data.info.description}
                    className="text-sm leading-relaxed text-slate-600"
                  />
                ) : null}
                <p className="text-sm text-slate-600">
                  {t('about.server', { origin: window.location.origin })}
                </p>
              </>
            ) : null}
          </section>

          <GuaranteesSummary />

          {openApi.isPending ? (
            <div aria-busy className="space-y-4">
              <p role="status" className="text-slate-600">
                {t('loading')}
              </p>
              <div aria-hidden className="h-64 animate-pulse rounded-2xl bg-slate-200" />
            </div>
          ) : openApi.isError ? (
            <Alert tone="error">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <p>{t('loadFailed')}</p>
                <Button variant="secondary" size="sm" onClick={() => void openApi.refetch()}>
                  {t('retry')}
                </Button>
              </div>
            </Alert>
          ) : (
            <>
              <CredentialsCard credentials={credentials} onChange={setCredentials} />
              {operations.map((entry) => (
                <OperationCard
                  key={entry.id}
                  document={openApi.data}
                  entry={entry}
                  credentials={credentials}
                  onUseAccessToken={(token) =>
                    setCredentials((current) => ({
                      ...current,
                      mode: 'bearer',
                      bearerToken: token,
                    }))
                  }
                />
              ))}
              {webhooks.map((entry) => (
                <WebhookCard key={entry.id} document={openApi.data} entry={entry} />
              ))}
            </>
          )}

          <GuaranteesSection />
        </main>
      </div>
    </div>
  );
}

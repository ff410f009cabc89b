import { useTranslation } from 'react-i18next';
import { firstMediaType, type OpenApiDocument, type WebhookEntry } from '../openapi.ts';
import { BodySection, ReferenceCard } from './reference-card.tsx';

/** A message the server sends to the integrator's URL: what it is, its body and an example. */
export function WebhookCard({
  document,
  entry,
}: {
  document: OpenApiDocument;
  entry: WebhookEntry;
}) {
  const { t } = useTranslation('apiReference');
  const { operation } = entry;
  const body = firstMediaType(operation.requestBody?.content);
  return (
    <ReferenceCard
      id={entry.id}
      badge={
        <span className="rounded-md bg-violet-100 px-2 py-0.5 text-sm font-bold text-violet-900">
          {t('webhook.badge')}
        </span>
      }
      name={entry.name}
      summaryKey={`webhooks.${entry.name}`}
      summary={operation.summary}
      description={operation.description}
    >
      {body?.[1].schema ? (
        <BodySection document={document} title={t('webhook.body')} media={body} />
      ) : null}
    </ReferenceCard>
  );
}

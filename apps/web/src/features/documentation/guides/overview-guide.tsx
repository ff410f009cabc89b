import {
  Ban,
  Eye,
  FileLock2,
  History,
  KeyRound,
  type LucideIcon,
  ShieldCheck,
  Timer,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usePricePerCall } from '../../../lib/api/use-config.ts';
import {
  BulletList,
  GuideLink,
  GuideSection,
  Paragraph,
  Rich,
} from '../components/guide-parts.tsx';
import { guideHref } from '../guides.ts';

const CODE_POINTS = ['input', 'check', 'tokenId', 'shownOnce'] as const;
const JOURNEY = ['request', 'create', 'share', 'verify', 'track', 'expire'] as const;
const SECURITY: Array<{ key: string; icon: LucideIcon }> = [
  { key: 'audience', icon: Eye },
  { key: 'nothingStored', icon: FileLock2 },
  { key: 'singleUse', icon: KeyRound },
  { key: 'timeLimited', icon: Timer },
  { key: 'revocable', icon: Ban },
  { key: 'audited', icon: History },
];
const API_POINTS = ['rest', 'auth', 'errors', 'sdk', 'openapi'] as const;

export function OverviewGuide() {
  const { t } = useTranslation('documentation');
  const { price } = usePricePerCall();
  return (
    <>
      <Paragraph>{t('overview.intro')}</Paragraph>

      <GuideSection id="overview-code" title={t('overview.whatIsCode.title')}>
        <Paragraph>
          <Rich k="overview.whatIsCode.body" />
        </Paragraph>
        <BulletList>
          {CODE_POINTS.map((point) => (
            <li key={point}>
              <Rich k={`overview.whatIsCode.points.${point}`} />
            </li>
          ))}
        </BulletList>
      </GuideSection>

      <GuideSection id="overview-journey" title={t('overview.journey.title')}>
        <Paragraph>{t('overview.journey.intro')}</Paragraph>
        <ol className="doc-journey grid gap-3 sm:grid-cols-2">
          {JOURNEY.map((step, index) => (
            <li key={step} className="flex gap-3 rounded-xl border border-slate-200 p-4">
              <span
                aria-hidden
                className="doc-step-number flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
              >
                {index + 1}
              </span>
              <div className="space-y-1">
                <p className="font-bold text-slate-900">
                  {t(`overview.journey.steps.${step}.title`)}
                </p>
                <p className="text-sm leading-relaxed text-slate-700">
                  <Rich k={`overview.journey.steps.${step}.body`} />
                </p>
              </div>
            </li>
          ))}
        </ol>
      </GuideSection>

      <GuideSection id="overview-security" title={t('overview.security.title')}>
        <Paragraph>{t('overview.security.intro')}</Paragraph>
        <ul className="grid gap-3 md:grid-cols-2">
          {SECURITY.map(({ key, icon: Icon }) => (
            <li key={key} className="rounded-xl border border-slate-200 p-4">
              <p className="flex items-center gap-2 font-bold text-slate-900">
                <Icon aria-hidden className="size-5 shrink-0 text-brand-700" />
                {t(`overview.security.items.${key}.title`)}
              </p>
              <p className="mt-2 text-sm leading-relaxed text-slate-700">
                <Rich k={`overview.security.items.${key}.body`} />
              </p>
            </li>
          ))}
        </ul>
      </GuideSection>

      <GuideSection id="overview-pricing" title={t('overview.pricing.title')}>
        <Paragraph>
          <Rich
            k="overview.pricing.body"
            values={{ price }}
            links={{ wallet: <GuideLink to="/org-dashboard?section=wallet" /> }}
          />
        </Paragraph>
      </GuideSection>

      <GuideSection id="overview-api" title={t('overview.api.title')}>
        <ul className="space-y-2">
          {API_POINTS.map((point) => (
            <li key={point} className="flex items-start gap-2 leading-loose text-slate-700">
              <ShieldCheck aria-hidden className="mt-1.5 size-4 shrink-0 text-brand-700" />
              <span>
                <Rich
                  k={`overview.api.points.${point}`}
                  links={{ docs: <GuideLink to="/docs" /> }}
                />
              </span>
            </li>
          ))}
        </ul>
        <Paragraph>
          <Rich k="overview.next" links={{ quick: <GuideLink to={guideHref('quickStart')} /> }} />
        </Paragraph>
      </GuideSection>
    </>
  );
}

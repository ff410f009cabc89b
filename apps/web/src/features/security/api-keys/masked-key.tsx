import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';

/** "tqk_live_" and the last four characters stay visible, so keys can be told apart. */
export function maskApiKey(apiKey: string) {
  const prefixEnd = apiKey.lastIndexOf('_') + 1;
  const visibleEnd = Math.max(prefixEnd, apiKey.length - 4);
  return `${apiKey.slice(0, prefixEnd)}${'•'.repeat(12)}${apiKey.slice(visibleEnd)}`;
}

/** The public key, masked until revealed, with a copy button (which copies the whole key). */
export function MaskedKey({ apiKey, keyName }: { apiKey: string; keyName: string }) {
  const { t } = useTranslation('apiKeys');
  const [isRevealed, setIsRevealed] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <code
        dir="ltr"
        className="ltr-island block min-w-64 flex-1 break-all rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-start font-mono text-sm text-slate-900"
      >
        {isRevealed ? apiKey : maskApiKey(apiKey)}
      </code>
      <div className="flex items-center gap-2">
        <Button
          variant="ghost"
          size="sm"
          aria-pressed={isRevealed}
          aria-label={t(isRevealed ? 'card.hideKey' : 'card.revealKey', { name: keyName })}
          onClick={() => setIsRevealed((value) => !value)}
        >
          {isRevealed ? (
            <EyeOff aria-hidden className="size-4" />
          ) : (
            <Eye aria-hidden className="size-4" />
          )}
          {t(isRevealed ? 'card.hide' : 'card.reveal')}
        </Button>
        <CopyButton value={apiKey} label={t('card.copyKey', { name: keyName })} />
      </div>
    </div>
  );
}

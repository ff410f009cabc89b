import { TEST_NATIONAL_IDS } from '@tanqin/shared';
import { FlaskConical } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Switch } from '../../../components/ui/switch.tsx';
import { consoleModeOf, searchInMode, useConsoleMode } from '../../../lib/console-mode.ts';

/**
 * "Test mode": shows the console's test data instead of its live data (lib/console-mode.ts).
 * Switching keeps the page and tab and adds an entry to the history, so back returns.
 */
export function ConsoleModeSwitch() {
  const { t } = useTranslation('consoleMode');
  const [search, setSearch] = useSearchParams();
  const isTest = consoleModeOf(search) === 'test';
  const switchId = useId();
  const descriptionId = useId();
  return (
    <div className="flex shrink-0 items-center gap-2">
      <label
        htmlFor={switchId}
        className="cursor-pointer text-sm font-semibold text-slate-700 select-none"
      >
        {t('switch.label')}
      </label>
      <span id={descriptionId} hidden>
        {t('switch.description')}
      </span>
      <Switch
        id={switchId}
        checked={isTest}
        aria-describedby={descriptionId}
        onCheckedChange={(checked) => setSearch(searchInMode(search, checked ? 'test' : 'live'))}
        className="data-[state=checked]:bg-amber-600!"
      />
    </div>
  );
}

/** Two of the test national ids test keys take, isolated so they read left to right in Arabic. */
const TEST_ID_EXAMPLES = TEST_NATIONAL_IDS.filter((_, index) => index % 100 === 0)
  .map((id) => `\u2066${id}\u2069`)
  .join(' · ');

/**
 * While test mode is on: a band across the top of every page saying what is shown, and which
 * national ids test keys take (test mode never names a real person).
 */
export function TestModeBand() {
  const { t } = useTranslation('consoleMode');
  if (useConsoleMode() !== 'test') return null;
  return (
    <div className="flex items-start gap-2 border-b-2 border-amber-500 bg-amber-100 px-4 py-2.5 text-sm text-amber-950 lg:px-8">
      <FlaskConical aria-hidden className="mt-0.5 size-4 shrink-0" />
      <p>
        <strong className="font-bold">{t('band.title')}:</strong> {t('band.body')}{' '}
        {t('band.ids', { examples: TEST_ID_EXAMPLES })}
      </p>
    </div>
  );
}

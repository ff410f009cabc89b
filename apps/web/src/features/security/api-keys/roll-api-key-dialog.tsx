import type { RolledApiKey } from '@tanqin/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { SelectField } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { failureText } from '../../../lib/problem-text.ts';
import type { ApiKey } from '../api/get-api-keys.ts';
import { useRollApiKey } from '../api/roll-api-key.ts';

const HOUR = 3600;
/** How long the old secret may keep working: from not at all to the API's longest, 7 days. */
export const GRACE_CHOICES = [0, HOUR, 24 * HOUR, 3 * 24 * HOUR, 7 * 24 * HOUR] as const;
const DEFAULT_GRACE = 24 * HOUR;

function RollForm({
  organizationId,
  apiKey,
  onRolled,
  onCancel,
}: {
  organizationId: string;
  apiKey: ApiKey;
  onRolled: (rolled: RolledApiKey) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('apiKeys');
  const { t: ts } = useTranslation('security');
  const roll = useRollApiKey(organizationId);
  const [grace, setGrace] = useState<number>(DEFAULT_GRACE);
  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        roll.mutate(
          { id: apiKey.id, grace_seconds: grace },
          {
            onSuccess: (rolled) => {
              toast.success(t('toasts.rolled'));
              onRolled(rolled);
            },
            onError: (error) => toast.error(failureText(t('toasts.rollFailed'), error)),
          },
        );
      }}
    >
      <SelectField
        label={t('roll.grace')}
        value={grace}
        onChange={(event) => setGrace(Number(event.target.value))}
      >
        {GRACE_CHOICES.map((seconds) => (
          <option key={seconds} value={seconds}>
            {t(`roll.graceChoices.${seconds}`)}
          </option>
        ))}
      </SelectField>
      <p className="text-sm leading-relaxed text-slate-600">
        {t(grace === 0 ? 'roll.noGraceHint' : 'roll.graceHint')}
      </p>
      <DialogActions>
        <Button
          type="submit"
          variant={grace === 0 ? 'danger' : 'primary'}
          disabled={roll.isPending}
        >
          {roll.isPending ? t('roll.rolling') : t('roll.submit')}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={roll.isPending}>
          {ts('actions.cancel')}
        </Button>
      </DialogActions>
    </form>
  );
}

/** A new secret for the key, the old one working on for the grace period chosen. */
export function RollApiKeyDialog({
  organizationId,
  apiKey,
  onClose,
  onRolled,
}: {
  organizationId: string;
  apiKey: ApiKey | null;
  onClose: () => void;
  onRolled: (rolled: RolledApiKey) => void;
}) {
  const { t } = useTranslation('apiKeys');
  return (
    <Dialog
      open={apiKey !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('roll.title', { name: apiKey?.key_name ?? '' })}
      description={t('roll.description')}
    >
      {apiKey ? (
        <RollForm
          organizationId={organizationId}
          apiKey={apiKey}
          onRolled={onRolled}
          onCancel={onClose}
        />
      ) : null}
    </Dialog>
  );
}

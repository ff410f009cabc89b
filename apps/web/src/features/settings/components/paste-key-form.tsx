import { zodResolver } from '@hookform/resolvers/zod';
import { type EncryptionKeyInput, encryptionKeySchema } from '@tanqin/shared';
import { ClipboardPaste } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useFieldErrorText } from '../../../lib/field-error-text.ts';
import { failureText } from '../../../lib/problem-text.ts';
import { showServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useChangeEncryptionKey } from '../api/encryption-key.ts';

/** A public key made elsewhere (the SDK, OpenSSL), checked with the schema the API uses. */
export function PasteKeyForm({
  organizationId,
  onRegistered,
}: {
  organizationId: string;
  onRegistered: () => void;
}) {
  const { t } = useTranslation('settings');
  const errorText = useFieldErrorText();
  const change = useChangeEncryptionKey(organizationId);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<EncryptionKeyInput>({
    resolver: zodResolver(encryptionKeySchema),
    defaultValues: { public_key: '' },
  });

  const submit = handleSubmit(({ public_key }) =>
    change.mutate(public_key, {
      onSuccess: () => {
        reset();
        onRegistered();
      },
      onError: (error) => showServerFieldErrors(error, setError, ['public_key']),
    }),
  );
  // A refused key is told under the field; anything else above the button.
  const isFieldError = change.error instanceof ApiError && change.error.fieldErrors.length > 0;

  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={(event) => {
        if (change.isPending) return event.preventDefault();
        change.reset();
        void submit(event);
      }}
    >
      <TextField
        label={t('encryptionKey.paste.label')}
        dir="ltr"
        autoComplete="off"
        spellCheck={false}
        placeholder="q1Wm0fYbHd7PZ3kL2aXs9JcV8nRtE4uGy6oBiQwT5hM"
        className="text-start font-mono"
        error={errorText(errors.public_key)}
        {...register('public_key')}
      />
      {change.isError && !isFieldError ? (
        <Alert tone="error">{failureText(t('encryptionKey.saveFailed'), change.error)}</Alert>
      ) : null}
      <Button type="submit" variant="secondary" disabled={change.isPending}>
        <ClipboardPaste aria-hidden className="size-4" />
        {change.isPending ? t('encryptionKey.paste.submitting') : t('encryptionKey.paste.submit')}
      </Button>
    </form>
  );
}

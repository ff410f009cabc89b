import { zodResolver } from '@hookform/resolvers/zod';
import {
  INVITATION_TTL_DAYS,
  type InviteMemberInput,
  inviteMemberSchema,
  type MemberRole,
  problemText,
} from '@tanqin/shared';
import { LoaderCircle, Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useFieldErrorText } from '../../../lib/field-error-text.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { LTR_INPUT } from '../../../lib/ltr-input.ts';
import { failureText } from '../../../lib/problem-text.ts';
import { showServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useInviteMember } from '../api/members.ts';
import { assignableRoles } from '../roles.ts';

// Problems that are about the address typed: shown under the email field.
const EMAIL_PROBLEMS = ['already_member', 'invitation_pending'];

/** The invitation form's body, mounted only while the dialog is open (a fresh form each time). */
function InviteForm({
  organizationId,
  myRole,
  onDone,
}: {
  organizationId: string;
  myRole: MemberRole;
  onDone: () => void;
}) {
  const { t } = useTranslation('members');
  const errorText = useFieldErrorText();
  const invite = useInviteMember(organizationId);
  const roles = assignableRoles(myRole);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<InviteMemberInput>({
    resolver: zodResolver(inviteMemberSchema),
    defaultValues: { email: '', role: 'viewer' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const submit = handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: ({ invitation }) => {
        toast.success(t('inviteDialog.sent', { email: invitation.email }));
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError && EMAIL_PROBLEMS.includes(error.code)) {
          setError('email', { type: 'server', message: error.code }, { shouldFocus: true });
          return;
        }
        showServerFieldErrors(error, setError, ['email', 'role'], { focusFirst: true });
      },
    }),
  );
  const emailProblem = errors.email?.type === 'server' && errors.email.message;
  const isEmailProblemShownOnField =
    typeof emailProblem === 'string' && EMAIL_PROBLEMS.includes(emailProblem);
  const isGeneralError =
    invite.isError &&
    !(invite.error instanceof ApiError && EMAIL_PROBLEMS.includes(invite.error.code));

  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        if (invite.isPending) {
          event.preventDefault();
          return;
        }
        invite.reset();
        void submit(event);
      }}
    >
      <TextField
        type="email"
        {...LTR_INPUT}
        label={t('inviteDialog.email')}
        placeholder={t('inviteDialog.emailPlaceholder')}
        autoComplete="off"
        error={
          isEmailProblemShownOnField
            ? problemText(emailProblem, currentLanguage())
            : errorText(errors.email)
        }
        {...register('email')}
      />
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium text-slate-800">
          {t('inviteDialog.role')}
        </legend>
        {roles.map((role) => (
          <label
            key={role}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3 transition-colors',
              'hover:bg-slate-50 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50/60',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700',
            )}
          >
            <input
              type="radio"
              value={role}
              className="mt-1 size-4 shrink-0 accent-brand-700"
              aria-describedby={`invite-role-${role}`}
              {...register('role')}
            />
            <span className="min-w-0 space-y-0.5">
              <span className="block text-sm font-semibold text-slate-900">
                {t(`roles.${role}`)}
              </span>
              <span
                id={`invite-role-${role}`}
                className="block text-xs leading-relaxed text-slate-600"
              >
                {t(`roleDescriptions.${role}`)}
              </span>
            </span>
          </label>
        ))}
        {errors.role ? (
          <p role="alert" className="text-sm text-red-700">
            {errorText(errors.role)}
          </p>
        ) : null}
      </fieldset>
      {isGeneralError ? (
        <Alert tone="error">{failureText(t('inviteDialog.failed'), invite.error)}</Alert>
      ) : null}
      <DialogActions>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? (
            <LoaderCircle aria-hidden className="size-4 animate-spin" />
          ) : (
            <Send aria-hidden className="size-4 rtl:-scale-x-100" />
          )}
          {invite.isPending ? t('inviteDialog.submitting') : t('inviteDialog.submit')}
        </Button>
        <Button variant="ghost" onClick={onDone} disabled={invite.isPending}>
          {t('inviteDialog.cancel')}
        </Button>
      </DialogActions>
    </form>
  );
}

/** Email and role, each role with what it may do; the invitee gets an emailed link. */
export function InviteDialog({
  open,
  onOpenChange,
  organizationId,
  myRole,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  organizationId: string;
  myRole: MemberRole;
}) {
  const { t } = useTranslation('members');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('inviteDialog.title')}
      description={t('inviteDialog.description', {
        count: INVITATION_TTL_DAYS,
        days: INVITATION_TTL_DAYS,
      })}
    >
      <InviteForm
        organizationId={organizationId}
        myRole={myRole}
        onDone={() => onOpenChange(false)}
      />
    </Dialog>
  );
}

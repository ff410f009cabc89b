import type { MemberRole, OrganizationInvitation, OrganizationMember } from '@tanqin/shared';
import { useQueryClient } from '@tanstack/react-query';
import { MailPlus, Trash2, UserPlus, X } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmailText } from '../../../components/ui/email-text.tsx';
import { Table, TableHead, Td, Th } from '../../../components/ui/table.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { failureText } from '../../../lib/problem-text.ts';
import {
  useChangeMemberRole,
  useMembers,
  useRemoveMember,
  useRevokeInvitation,
} from '../api/members.ts';
import { displayName, formatLongDate } from '../format.ts';
import { assignableRoles, canManageMember } from '../roles.ts';
import { InviteDialog } from './invite-dialog.tsx';
import { LoadFailed } from './load-failed.tsx';

// On a phone each row becomes a small card: one line per column, its label beside the value.
const STACKED_CELL =
  'md:align-middle max-md:flex max-md:items-center max-md:justify-between max-md:gap-4 max-md:border-0 max-md:py-1.5';

function Cell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Td className={STACKED_CELL}>
      <span aria-hidden className="shrink-0 text-xs font-semibold text-slate-500 md:hidden">
        {label}
      </span>
      <div className="min-w-0 max-md:text-end">{children}</div>
    </Td>
  );
}

function MemberRow({
  member,
  organizationId,
  myRole,
  isSoleOwner,
  onFailure,
  onRemove,
}: {
  member: OrganizationMember;
  organizationId: string;
  myRole: MemberRole;
  /** The organisation's only owner: every other role would be refused (409 last_owner). */
  isSoleOwner: boolean;
  onFailure: (message: string | undefined) => void;
  onRemove: (member: OrganizationMember) => void;
}) {
  const { t } = useTranslation('members');
  const queryClient = useQueryClient();
  const changeRole = useChangeMemberRole(organizationId);
  const name = displayName(member);
  const isManageable = canManageMember(myRole, member.role);
  const soleOwnerId = useId();
  // No one removes themselves from here (an owner would lock the organisation out of its owner).
  const isRemovable = isManageable && !member.is_you;
  // The member's current role stays listed even when I may not give it (an admin sees owners).
  const roles = assignableRoles(myRole).includes(member.role)
    ? assignableRoles(myRole)
    : [member.role, ...assignableRoles(myRole)];

  const change = (role: MemberRole) => {
    onFailure(undefined);
    changeRole.mutate(
      { userId: member.user_id, role },
      {
        onSuccess: () => {
          toast.success(t('roleChanged', { name, role: t(`roles.${role}`) }));
          // My own role changed: the menu and what I may open change with it.
          if (member.is_you) void queryClient.invalidateQueries({ queryKey: ['auth', 'me'] });
        },
        onError: (error) => onFailure(failureText(t('roleChangeFailed'), error)),
      },
    );
  };

  return (
    <tr className="max-md:block max-md:border-t max-md:border-slate-100 max-md:py-2">
      <Cell label={t('table.name')}>
        <span className="flex flex-wrap items-center gap-2 font-medium text-slate-900 max-md:justify-end">
          {name}
          {member.is_you ? <Badge tone="brand">{t('you')}</Badge> : null}
        </span>
      </Cell>
      <Cell label={t('table.email')}>
        <EmailText email={member.email} className="text-slate-700" />
      </Cell>
      <Cell label={t('table.role')}>
        <select
          aria-label={t('roleOf', { name, email: member.email })}
          aria-describedby={isManageable && isSoleOwner ? soleOwnerId : undefined}
          value={member.role}
          disabled={!isManageable || isSoleOwner || changeRole.isPending}
          title={isManageable ? undefined : t('ownerOnlyRow')}
          onChange={(event) => change(event.target.value as MemberRole)}
          className="rounded-lg border border-slate-300 bg-white py-1.5 ps-3 pe-8 text-sm text-slate-900 shadow-sm focus:outline-2 focus:outline-brand-600 disabled:bg-slate-50 disabled:text-slate-600"
        >
          {roles.map((role) => (
            <option key={role} value={role}>
              {t(`roles.${role}`)}
            </option>
          ))}
        </select>
        {isManageable && isSoleOwner ? (
          <p id={soleOwnerId} className="mt-1 max-w-56 text-xs text-slate-500">
            {t('soleOwner')}
          </p>
        ) : null}
      </Cell>
      <Cell label={t('table.joinedAt')}>
        <time dateTime={member.joined_at} className="whitespace-nowrap">
          {formatLongDate(member.joined_at)}
        </time>
      </Cell>
      <Td className="md:align-middle max-md:block max-md:border-0 max-md:pt-2 max-md:text-end">
        {isRemovable ? (
          <Button
            variant="ghost"
            size="sm"
            className="text-red-700 hover:bg-red-50"
            aria-label={t('removeLabel', { name, email: member.email })}
            onClick={() => onRemove(member)}
          >
            <Trash2 aria-hidden className="size-4" />
            {t('remove')}
          </Button>
        ) : null}
      </Td>
    </tr>
  );
}

function InvitationItem({
  invitation,
  organizationId,
}: {
  invitation: OrganizationInvitation;
  organizationId: string;
}) {
  const { t } = useTranslation('members');
  const revoke = useRevokeInvitation(organizationId);
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <EmailText email={invitation.email} className="font-medium text-slate-900" />
          <Badge tone="sky">{t(`roles.${invitation.role}`)}</Badge>
        </p>
        <p className="text-xs text-slate-600">
          {[
            invitation.invited_by_name
              ? t('invitations.invitedBy', { name: invitation.invited_by_name })
              : null,
            t('invitations.sentAt', { date: formatLongDate(invitation.created_at) }),
            t('invitations.expiresAt', { date: formatLongDate(invitation.expires_at) }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        className="shrink-0 self-end text-red-700 hover:bg-red-50 sm:self-auto"
        aria-label={t('invitations.revokeLabel', { email: invitation.email })}
        disabled={revoke.isPending}
        onClick={() =>
          revoke.mutate(invitation.id, {
            onSuccess: () => toast.success(t('invitations.revoked', { email: invitation.email })),
            onError: (error) => toast.error(failureText(t('invitations.revokeFailed'), error)),
          })
        }
      >
        <X aria-hidden className="size-4" />
        {revoke.isPending ? t('invitations.revoking') : t('invitations.revoke')}
      </Button>
    </li>
  );
}

/**
 * The team: members with their role (changed in place), removal after confirming, the invite
 * dialog and the pending invitations. The API's refusals (the last owner) are explained here.
 */
export function MembersPanel({
  organizationId,
  role,
}: {
  organizationId: string;
  role: MemberRole;
}) {
  const { t } = useTranslation('members');
  const members = useMembers(organizationId);
  const remove = useRemoveMember(organizationId);
  const [isInviting, setIsInviting] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [removing, setRemoving] = useState<OrganizationMember>();
  const [removeError, setRemoveError] = useState<string>();

  const confirmRemove = () => {
    if (!removing) return;
    const name = displayName(removing);
    setRemoveError(undefined);
    remove.mutate(removing.user_id, {
      onSuccess: () => {
        toast.success(t('removed', { name }));
        setRemoving(undefined);
      },
      onError: (error) => setRemoveError(failureText(t('removeFailed'), error)),
    });
  };

  let body: ReactNode;
  if (members.isPending) {
    body = (
      <div aria-busy className="space-y-3">
        <p role="status" className="sr-only">
          {t('loading')}
        </p>
        {[0, 1, 2].map((row) => (
          <div key={row} aria-hidden className="h-12 animate-pulse rounded-lg bg-slate-100" />
        ))}
      </div>
    );
  } else if (members.isError) {
    body = (
      <LoadFailed
        message={t('loadFailed')}
        error={members.error}
        onRetry={() => void members.refetch()}
        isRetrying={members.isFetching}
      />
    );
  } else {
    body = (
      <Table label={t('table.label')} className="max-md:block">
        <TableHead className="max-md:sr-only">
          <tr>
            <Th>{t('table.name')}</Th>
            <Th>{t('table.email')}</Th>
            <Th>{t('table.role')}</Th>
            <Th>{t('table.joinedAt')}</Th>
            <Th>
              <span className="sr-only">{t('table.actions')}</span>
            </Th>
          </tr>
        </TableHead>
        <tbody className="max-md:block">
          {members.data.members.map((member) => (
            <MemberRow
              key={member.user_id}
              member={member}
              organizationId={organizationId}
              myRole={role}
              isSoleOwner={
                member.role === 'owner' &&
                members.data.members.filter((other) => other.role === 'owner').length === 1
              }
              onFailure={setFailure}
              onRemove={(next) => {
                setRemoveError(undefined);
                setRemoving(next);
              }}
            />
          ))}
        </tbody>
      </Table>
    );
  }

  const invitations = members.data?.invitations ?? [];

  return (
    <div className="space-y-6">
      <Card className="space-y-4 p-5 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0 space-y-1">
            <h3 className="text-lg font-bold text-slate-900">{t('title')}</h3>
            <p className="max-w-2xl text-sm leading-relaxed text-slate-600">{t('description')}</p>
          </div>
          <Button onClick={() => setIsInviting(true)} className="max-sm:w-full">
            <UserPlus aria-hidden className="size-4" />
            {t('invite')}
          </Button>
        </div>
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        {body}
      </Card>

      {members.isSuccess ? (
        <Card className="overflow-hidden">
          <h3 className="flex items-center gap-2 border-b border-slate-100 px-5 py-4 text-base font-bold text-slate-900">
            <MailPlus aria-hidden className="size-5 text-brand-700" />
            {t('invitations.title')}
          </h3>
          {invitations.length === 0 ? (
            <p className="px-5 py-6 text-sm text-slate-600">{t('invitations.empty')}</p>
          ) : (
            <ul aria-label={t('invitations.label')} className="divide-y divide-slate-100">
              {invitations.map((invitation) => (
                <InvitationItem
                  key={invitation.id}
                  invitation={invitation}
                  organizationId={organizationId}
                />
              ))}
            </ul>
          )}
        </Card>
      ) : null}

      <InviteDialog
        open={isInviting}
        onOpenChange={setIsInviting}
        organizationId={organizationId}
        myRole={role}
      />
      <ConfirmDialog
        open={removing !== undefined}
        onOpenChange={(open) => {
          if (!open) setRemoving(undefined);
        }}
        title={removing ? t('removeConfirm.title', { name: displayName(removing) }) : ''}
        description={
          removing
            ? t('removeConfirm.body', { name: displayName(removing), email: removing.email })
            : ''
        }
        confirmLabel={t('removeConfirm.confirm')}
        pendingLabel={t('removeConfirm.pending')}
        cancelLabel={t('actions.cancel', { ns: 'settings' })}
        isPending={remove.isPending}
        onConfirm={confirmRemove}
      >
        {removeError ? <Alert tone="error">{removeError}</Alert> : null}
      </ConfirmDialog>
    </div>
  );
}

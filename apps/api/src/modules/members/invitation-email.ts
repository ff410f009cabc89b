import type { MemberRole } from '@tanqin/shared';
import type { MailMessage } from '../../lib/mail/index.ts';

const ROLE_NAMES: Record<MemberRole, { ar: string; en: string }> = {
  owner: { ar: 'مالك', en: 'Owner' },
  admin: { ar: 'مسؤول', en: 'Admin' },
  developer: { ar: 'مطوّر', en: 'Developer' },
  verifier: { ar: 'مُحقِّق', en: 'Verifier' },
  viewer: { ar: 'مشاهد', en: 'Viewer' },
};

/**
 * The invitation email, Arabic first, then English. The token rides in the link's fragment, so
 * it never reaches a server log or a Referer header.
 */
export function invitationEmail(input: {
  to: string;
  organizationName: string;
  inviterName: string | null;
  role: MemberRole;
  link: string;
  expiresAt: Date;
}): MailMessage {
  const role = ROLE_NAMES[input.role];
  const expiry = (locale: string) =>
    new Intl.DateTimeFormat(locale, {
      dateStyle: 'long',
      timeZone: 'Asia/Riyadh',
      numberingSystem: 'latn',
    }).format(input.expiresAt);
  const inviterAr = input.inviterName ? `وصلتك دعوة من ${input.inviterName} ` : 'وصلتك دعوة ';
  const inviterEn = input.inviterName ? `${input.inviterName} invited you` : 'You were invited';
  return {
    to: input.to,
    subject: `دعوة للانضمام إلى ${input.organizationName} | Invitation to join ${input.organizationName}`,
    text: [
      `${inviterAr}للانضمام إلى «${input.organizationName}» على منصة تنقين بدور: ${role.ar}.`,
      'لقبول الدعوة وتعيين كلمة المرور، افتح الرابط التالي:',
      input.link,
      `تنتهي صلاحية الرابط في ${expiry('ar-SA')}، ويعمل مرة واحدة فقط.`,
      'إذا لم تكن هذه الدعوة متوقعة فيمكن تجاهل هذه الرسالة.',
      '',
      '---',
      '',
      `${inviterEn} to join "${input.organizationName}" on Tanqin as: ${role.en}.`,
      'To accept and set your password, open this link:',
      input.link,
      `The link expires on ${expiry('en-GB')} and works once.`,
      'If you did not expect this invitation, ignore this message.',
    ].join('\n'),
  };
}

import { problems } from '@tanqin/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, problem, renderWithProviders } from '../../../test/mock-api.tsx';
import { membersResponse, ORG_ID, ORG_PATH } from '../test/fixtures.ts';
import { MembersPanel } from './members-panel.tsx';

const FAHAD = '00000000-0000-4000-8000-000000000002';
const SARA = '00000000-0000-4000-8000-000000000001';
const FAHAD_NAMESAKE = '00000000-0000-4000-8000-000000000003';
const INVITATION = '00000000-0000-4000-8000-0000000000a1';

const renderMembers = (role: 'owner' | 'admin' = 'owner') =>
  renderWithProviders(<MembersPanel organizationId={ORG_ID} role={role} />, {
    entries: ['/org-dashboard?section=settings'],
  });

const rowOf = (text: string) => {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`No row for ${text}`);
  return row;
};

describe('members and invitations', () => {
  beforeEach(() => localStorage.setItem('org_token', 'access-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('lists the members with their role, joined date and a you marker, and the pending invitations', async () => {
    mockApi({ [`GET ${ORG_PATH}/members`]: () => json(200, membersResponse()) });
    renderMembers();

    const table = await screen.findByRole('region', { name: 'أعضاء الجهة' });
    const sara = rowOf('sara@example.sa');
    expect(within(sara).getByText('سارة العتيبي')).toBeVisible();
    expect(within(sara).getByText('أنت')).toBeVisible();
    expect(
      within(sara).getByRole('combobox', { name: 'دور سارة العتيبي (sara@example.sa)' }),
    ).toHaveValue('owner');
    expect(within(sara).getByText('5 مارس 2025')).toBeVisible();
    const fahad = rowOf('fahad@example.sa');
    expect(within(fahad).queryByText('أنت')).not.toBeInTheDocument();
    expect(
      within(fahad).getByRole('combobox', { name: 'دور فهد القحطاني (fahad@example.sa)' }),
    ).toHaveValue('verifier');
    expect(within(table).getByText('fahad@example.sa')).toHaveClass('ltr-island');

    const invitations = screen.getByRole('list', { name: 'الدعوات المعلّقة' });
    expect(within(invitations).getByText('noura@example.sa')).toBeVisible();
    expect(within(invitations).getByText('مشاهد')).toBeVisible();
    expect(within(invitations).getByText(/دعوة من سارة العتيبي/)).toHaveTextContent(
      'تنتهي 8 مايو 2025',
    );
  });

  it('changes a role in place and says so', async () => {
    let current = membersResponse();
    const { bodiesOf } = mockApi({
      [`GET ${ORG_PATH}/members`]: () => json(200, current),
      [`PATCH ${ORG_PATH}/members/${FAHAD}`]: ({ init }) => {
        const { role } = JSON.parse(String(init?.body));
        current = {
          ...current,
          members: current.members.map((member) =>
            member.user_id === FAHAD ? { ...member, role } : member,
          ),
        };
        return json(200, { success: true });
      },
    });
    const user = userEvent.setup();
    renderMembers();

    const select = await screen.findByRole('combobox', {
      name: 'دور فهد القحطاني (fahad@example.sa)',
    });
    await user.selectOptions(select, 'developer');
    expect(await screen.findByText('تم تغيير دور فهد القحطاني إلى مطوّر')).toBeVisible();
    expect(bodiesOf(`PATCH ${ORG_PATH}/members/${FAHAD}`)[0]).toEqual({
      role: 'developer',
    });
    await waitFor(() => expect(select).toHaveValue('developer'));
  });

  it("disables the sole owner's role, saying why, and explains a last-owner refusal in Arabic", async () => {
    let current = membersResponse();
    mockApi({
      [`GET ${ORG_PATH}/members`]: () => json(200, current),
      [`PATCH ${ORG_PATH}/members/${SARA}`]: () =>
        problem(409, 'last_owner', { detail: 'The organization must keep at least one owner' }),
    });
    const user = userEvent.setup();
    const view = renderMembers();

    // Every other role would be refused: the choice is closed and the reason is on the page.
    const select = await screen.findByRole('combobox', {
      name: 'دور سارة العتيبي (sara@example.sa)',
    });
    expect(select).toBeDisabled();
    expect(select).toHaveAccessibleDescription(/المالك الوحيد للجهة/);

    // With a second owner it opens; if that owner left meanwhile, the API's refusal is explained.
    const [sara, fahad] = membersResponse().members;
    current = membersResponse({ members: [sara!, { ...fahad!, role: 'owner' }] });
    view.unmount();
    renderMembers();
    const open = await screen.findByRole('combobox', {
      name: 'دور سارة العتيبي (sara@example.sa)',
    });
    expect(open).toBeEnabled();
    expect(open).not.toHaveAccessibleDescription();
    await user.selectOptions(open, 'admin');
    expect(await screen.findByText(new RegExp(problems.last_owner.ar))).toBeVisible();
    expect(screen.queryByText(/at least one owner/)).not.toBeInTheDocument();
    await waitFor(() => expect(open).toHaveValue('owner'));
  });

  it('removes a member only after confirming, and shows the last-owner refusal in the dialog', async () => {
    // A second فهد القحطاني: the two rows' controls are told apart by their email.
    const namesake = {
      ...membersResponse().members[1]!,
      user_id: FAHAD_NAMESAKE,
      email: 'fahad.q@example.sa',
      role: 'developer' as const,
    };
    const { callsTo } = mockApi({
      [`GET ${ORG_PATH}/members`]: () =>
        json(200, membersResponse({ members: [...membersResponse().members, namesake] })),
      [`DELETE ${ORG_PATH}/members/${FAHAD}`]: () => json(204, null),
      [`DELETE ${ORG_PATH}/members/${FAHAD_NAMESAKE}`]: () => problem(409, 'last_owner'),
    });
    const user = userEvent.setup();
    renderMembers();

    expect(
      await screen.findByRole('combobox', { name: 'دور فهد القحطاني (fahad.q@example.sa)' }),
    ).toHaveValue('developer');
    await user.click(
      screen.getByRole('button', { name: 'إزالة فهد القحطاني (fahad@example.sa) من الجهة' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'إزالة فهد القحطاني؟' });
    expect(dialog).toHaveTextContent('fahad@example.sa');
    expect(callsTo(`DELETE ${ORG_PATH}/members/${FAHAD}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'نعم، أزل العضو' }));
    expect(await screen.findByText('تمت إزالة فهد القحطاني من الجهة')).toBeVisible();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(callsTo(`DELETE ${ORG_PATH}/members/${FAHAD}`)).toHaveLength(1);
    expect(callsTo(`DELETE ${ORG_PATH}/members/${FAHAD_NAMESAKE}`)).toHaveLength(0);

    await user.click(
      screen.getByRole('button', { name: 'إزالة فهد القحطاني (fahad.q@example.sa) من الجهة' }),
    );
    await user.click(await screen.findByRole('button', { name: 'نعم، أزل العضو' }));
    expect(
      await within(screen.getByRole('alertdialog')).findByText(new RegExp(problems.last_owner.ar)),
    ).toBeVisible();
  });

  it('offers no removal on my own row, and breaks emails only between their parts', async () => {
    mockApi({ [`GET ${ORG_PATH}/members`]: () => json(200, membersResponse()) });
    renderMembers();

    await screen.findByRole('region', { name: 'أعضاء الجهة' });
    const mine = rowOf('sara@example.sa');
    // The only owner: her role stays (the previous test), and she is not removed from here.
    expect(within(mine).getByRole('combobox', { name: /دور سارة العتيبي/ })).toBeDisabled();
    expect(within(mine).queryByRole('button', { name: /إزالة/ })).not.toBeInTheDocument();
    expect(within(rowOf('fahad@example.sa')).getByRole('button', { name: /إزالة/ })).toBeVisible();
    // A line may break after the @ and before a dot, not inside a word.
    const email = screen.getByText('fahad@example.sa');
    expect(email).not.toHaveClass('break-all');
    expect(email.innerHTML).toBe('fahad@<wbr>example<wbr>.sa');
  });

  it('lets an admin manage others but not owners, and not give the owner role', async () => {
    mockApi({ [`GET ${ORG_PATH}/members`]: () => json(200, membersResponse()) });
    const user = userEvent.setup();
    renderMembers('admin');

    const owner = await screen.findByRole('combobox', {
      name: 'دور سارة العتيبي (sara@example.sa)',
    });
    expect(owner).toBeDisabled();
    expect(screen.queryByRole('button', { name: /إزالة سارة العتيبي/ })).not.toBeInTheDocument();
    const fahad = screen.getByRole('combobox', { name: 'دور فهد القحطاني (fahad@example.sa)' });
    expect(fahad).toBeEnabled();
    expect(within(fahad).queryByRole('option', { name: 'مالك' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'دعوة عضو' }));
    const dialog = await screen.findByRole('dialog', { name: 'دعوة عضو جديد' });
    expect(within(dialog).queryByRole('radio', { name: /مالك/ })).not.toBeInTheDocument();
    expect(within(dialog).getAllByRole('radio')).toHaveLength(4);
  });

  it('revokes a pending invitation', async () => {
    let current = membersResponse();
    const { callsTo } = mockApi({
      [`GET ${ORG_PATH}/members`]: () => json(200, current),
      [`DELETE ${ORG_PATH}/invitations/${INVITATION}`]: () => {
        current = { ...current, invitations: [] };
        return json(204, null);
      },
    });
    const user = userEvent.setup();
    renderMembers();

    await user.click(await screen.findByRole('button', { name: 'إلغاء دعوة noura@example.sa' }));
    expect(await screen.findByText('تم إلغاء دعوة noura@example.sa')).toBeVisible();
    expect(await screen.findByText('لا توجد دعوات معلّقة.')).toBeVisible();
    expect(callsTo(`DELETE ${ORG_PATH}/invitations/${INVITATION}`)).toHaveLength(1);
  });
});

describe('invite dialog', () => {
  beforeEach(() => localStorage.setItem('org_token', 'access-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('offers each role with its description, checks the email, and sends the invitation', async () => {
    const { callsTo, bodiesOf } = mockApi({
      [`GET ${ORG_PATH}/members`]: () => json(200, membersResponse({ invitations: [] })),
      [`POST ${ORG_PATH}/members/invite`]: ({ init }) => {
        const { email, role } = JSON.parse(String(init?.body));
        return json(201, {
          invitation: {
            id: INVITATION,
            email,
            role,
            invited_by_name: 'سارة العتيبي',
            created_at: '2025-05-01T09:00:00.000Z',
            expires_at: '2025-05-08T09:00:00.000Z',
          },
        });
      },
    });
    const user = userEvent.setup();
    renderMembers();

    await user.click(await screen.findByRole('button', { name: 'دعوة عضو' }));
    const dialog = await screen.findByRole('dialog', { name: 'دعوة عضو جديد' });
    expect(dialog).toHaveTextContent('صالحاً لمدة 7 أيام');
    const email = within(dialog).getByLabelText('البريد الإلكتروني');
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('dir', 'ltr');
    expect(within(dialog).getAllByRole('radio')).toHaveLength(5);
    expect(within(dialog).getByRole('radio', { name: /مشاهد/ })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: /مُحقِّق/ })).toHaveAccessibleDescription(
      'يفك تشفير الرموز التي يشاركها الأفراد ويطّلع على بياناتها.',
    );

    await user.type(email, 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'إرسال الدعوة' }));
    expect(await within(dialog).findByText('البريد الإلكتروني غير صالح')).toBeVisible();
    expect(callsTo(`POST ${ORG_PATH}/members/invite`)).toHaveLength(0);

    await user.clear(email);
    await user.type(email, 'Fahad.New@Example.sa');
    await user.click(within(dialog).getByRole('radio', { name: /مُحقِّق/ }));
    await user.click(within(dialog).getByRole('button', { name: 'إرسال الدعوة' }));

    expect(await screen.findByText('أُرسلت الدعوة إلى Fahad.New@Example.sa')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodiesOf(`POST ${ORG_PATH}/members/invite`)[0]).toEqual({
      email: 'Fahad.New@Example.sa',
      role: 'verifier',
    });
  });

  it.each(['invitation_pending', 'already_member'] as const)(
    'shows a 409 %s under the email field',
    async (code) => {
      mockApi({
        [`GET ${ORG_PATH}/members`]: () => json(200, membersResponse()),
        [`POST ${ORG_PATH}/members/invite`]: () => problem(409, code),
      });
      const user = userEvent.setup();
      renderMembers();

      await user.click(await screen.findByRole('button', { name: 'دعوة عضو' }));
      const dialog = await screen.findByRole('dialog');
      const email = within(dialog).getByLabelText('البريد الإلكتروني');
      await user.type(email, 'noura@example.sa');
      await user.click(within(dialog).getByRole('button', { name: 'إرسال الدعوة' }));
      expect(await within(dialog).findByText(problems[code].ar)).toBeVisible();
      expect(email).toHaveAttribute('aria-invalid', 'true');
      expect(email).toHaveFocus();
    },
  );

  it('explains a 403 for an admin inviting an owner', async () => {
    mockApi({
      [`GET ${ORG_PATH}/members`]: () => json(200, membersResponse()),
      [`POST ${ORG_PATH}/members/invite`]: () => problem(403, 'forbidden'),
    });
    const user = userEvent.setup();
    renderMembers();
    await user.click(await screen.findByRole('button', { name: 'دعوة عضو' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('البريد الإلكتروني'), 'noura@example.sa');
    await user.click(within(dialog).getByRole('radio', { name: /مالك/ }));
    await user.click(within(dialog).getByRole('button', { name: 'إرسال الدعوة' }));
    expect(
      await within(dialog).findByText(`تعذر إرسال الدعوة: ${problems.forbidden.ar}`),
    ).toBeVisible();
  });
});

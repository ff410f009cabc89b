import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders } from '../../test/mock-api.tsx';
import { DocumentsPage } from './documents-page.tsx';
import { installFakeXhr } from './test/fake-xhr.ts';
import { documentItem, pdfFile } from './test/fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const user = () => userEvent.setup({ applyAccept: false });

const rejected = documentItem({
  id: '00000000-0000-4000-8000-000000000002',
  name: 'passport-scan.png',
  type: 'passport',
  status: 'rejected',
  file_type: 'png',
  content_type: 'image/png',
  file_size: 245 * 1024,
  notes: 'الصورة غير واضحة',
  created_at: '2026-11-21T09:00:00.000Z',
});
const pending = documentItem({
  id: '00000000-0000-4000-8000-000000000003',
  name: 'degree.jpg',
  type: 'education',
  status: 'pending',
  file_type: 'jpeg',
  content_type: 'image/jpeg',
  file_size: 900,
  created_at: '2026-11-22T09:00:00.000Z',
});
const strange = documentItem({
  id: '00000000-0000-4000-8000-000000000004',
  name: 'lease.pdf',
  type: 'address_proof',
  // A status the web app does not know yet: shown neutrally.
  status: 'archived' as 'pending',
  created_at: '2026-11-19T09:00:00.000Z',
});

const rowOf = (name: string) =>
  screen.getByText(name, { selector: 'span' }).closest('tr') as HTMLElement;

/** Signed in as a person, on the page's own address. */
function renderPage() {
  localStorage.setItem('auth_token', 'personal-token');
  return renderWithProviders(<DocumentsPage />, { entries: ['/documents'] });
}

describe('documents page', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:doc'), revokeObjectURL: vi.fn() }),
    );
  });

  it('lists every required type as not uploaded and explains the empty list', async () => {
    mockApi({ 'GET /api/v1/documents': () => json(200, { documents: [] }) });
    renderPage();
    const required = await screen.findByRole('region', { name: 'المستندات المطلوبة' });
    await within(required).findAllByText('لم يُرفع');
    for (const type of [
      'الهوية الوطنية',
      'جواز السفر',
      'رخصة القيادة',
      'الشهادة التعليمية',
      'إثبات العنوان',
    ]) {
      expect(within(required).getByRole('button', { name: `رفع ${type}` })).toBeEnabled();
    }
    expect(within(required).getAllByText('لم يُرفع')).toHaveLength(5);
    expect(screen.getByText(/لم ترفع أي مستند بعد/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'الكل (0)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('shows each row with Arabic type, status (unknown neutrally), date, file type, size and notes; filters with counts', async () => {
    mockApi({
      'GET /api/v1/documents': () =>
        json(200, { documents: [documentItem(), rejected, pending, strange] }),
    });
    renderPage();
    const table = await screen.findByRole('region', { name: 'المستندات المرفوعة' });
    const verifiedRow = rowOf('national-id.pdf');
    expect(within(verifiedRow).getByText('الهوية الوطنية')).toBeInTheDocument();
    expect(within(verifiedRow).getByText('تم التحقق')).toBeInTheDocument();
    expect(within(verifiedRow).getByText('20 نوفمبر 2026')).toBeInTheDocument();
    expect(within(verifiedRow).getByText('PDF')).toBeInTheDocument();
    expect(within(verifiedRow).getByText('1.2 ميجابايت')).toBeInTheDocument();
    expect(within(rowOf('degree.jpg')).getByText('900 بايت')).toBeInTheDocument();
    expect(within(rowOf('degree.jpg')).getByText('قيد المراجعة')).toBeInTheDocument();
    const rejectedRow = rowOf('passport-scan.png');
    expect(within(rejectedRow).getByText('245 كيلوبايت')).toBeInTheDocument();
    expect(within(rejectedRow).getByText('الصورة غير واضحة')).toBeInTheDocument();
    expect(
      within(rejectedRow).getByRole('button', { name: 'إعادة رفع passport-scan.png' }),
    ).toBeInTheDocument();
    // Only a rejected document offers re-upload.
    expect(within(verifiedRow).queryByRole('button', { name: /إعادة رفع/ })).toBeNull();
    expect(within(rowOf('lease.pdf')).getByText('حالة غير معروفة')).toBeInTheDocument();
    // Newest first.
    const names = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('td span[dir="auto"]')?.textContent);
    expect(names).toEqual(['degree.jpg', 'passport-scan.png', 'national-id.pdf', 'lease.pdf']);

    // The tiles report the newest document of each type.
    const required = screen.getByRole('region', { name: 'المستندات المطلوبة' });
    expect(
      within(required).getByRole('button', { name: 'إعادة رفع جواز السفر' }),
    ).toBeInTheDocument();
    expect(within(required).getByRole('button', { name: 'رفع رخصة القيادة' })).toBeInTheDocument();
    expect(
      within(required).getByRole('button', { name: 'رفع نسخة أخرى من الهوية الوطنية' }),
    ).toBeInTheDocument();

    await user().click(screen.getByRole('button', { name: 'مرفوض (1)' }));
    expect(screen.getByRole('button', { name: 'مرفوض (1)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByText('passport-scan.png')).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'تم التحقق (1)' }));
    expect(within(table).getByText('national-id.pdf')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'الكل (4)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'قيد المراجعة (1)' })).toBeInTheDocument();
  });

  it('uploads a PDF with the bearer and real progress, then lists it as pending', async () => {
    const uploaded = documentItem({ name: 'هويتي.pdf', status: 'pending', file_size: 52 });
    let documents: unknown[] = [];
    mockApi({ 'GET /api/v1/documents': () => json(200, { documents }) });
    const xhr = installFakeXhr();
    renderPage();
    const input = await screen.findByLabelText('رفع الهوية الوطنية', { selector: 'input' });
    await user().upload(input, pdfFile());
    await waitFor(() => expect(xhr.sent()).toBeDefined());
    const request = xhr.sent()!;
    expect(request.method).toBe('POST');
    const url = new URL(request.url, 'http://localhost');
    expect(url.pathname).toBe('/api/v1/documents');
    expect(url.searchParams.get('type')).toBe('national_id');
    expect(url.searchParams.get('name')).toBe('هويتي.pdf');
    expect(request.headers).toMatchObject({
      Authorization: 'Bearer personal-token',
      'Content-Type': 'application/pdf',
    });
    expect(request.body).toBeInstanceOf(File);

    request.progress(40, 100);
    const bar = await screen.findByRole('progressbar', { name: 'تقدّم رفع هويتي.pdf' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    expect(screen.getByRole('button', { name: 'رفع الهوية الوطنية' })).toBeDisabled();
    request.progress(100, 100);
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '100'));

    documents = [uploaded];
    request.respond(201, { document: uploaded });
    await screen.findByText('اكتمل رفع هويتي.pdf');
    await screen.findByText('رُفع المستند وهو الآن قيد المراجعة.');
    const row = rowOf('هويتي.pdf');
    expect(within(row).getByText('قيد المراجعة')).toBeInTheDocument();
  });

  it('refuses a text file named .pdf and a file over 10 MB before sending anything', async () => {
    mockApi({ 'GET /api/v1/documents': () => json(200, { documents: [] }) });
    const xhr = installFakeXhr();
    renderPage();
    const input = await screen.findByLabelText('رفع جواز السفر', { selector: 'input' });
    await user().upload(
      input,
      new File(['just some notes'], 'passport.pdf', { type: 'application/pdf' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('لم يُرفع الملف «passport.pdf»');
    expect(alert).toHaveTextContent('يُقبل ملف PDF أو JPEG أو PNG فقط');

    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.pdf', {
      type: 'application/pdf',
    });
    await user().upload(input, big);
    await screen.findByText('الحد الأقصى لحجم الملف 10 ميجابايت');
    expect(xhr.sent()).toBeUndefined();
  });

  it('shows the server refusal of a file type in Arabic', async () => {
    mockApi({ 'GET /api/v1/documents': () => json(200, { documents: [] }) });
    const xhr = installFakeXhr();
    renderPage();
    const input = await screen.findByLabelText('رفع رخصة القيادة', { selector: 'input' });
    await user().upload(input, pdfFile('licence.pdf'));
    await waitFor(() => expect(xhr.sent()).toBeDefined());
    xhr.sent()!.respond(415, { status: 415, code: 'unsupported_file_type', detail: 'Only PDF' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('يُقبل ملف PDF أو JPEG أو PNG فقط');
    // The button is usable again for another try.
    expect(screen.getByRole('button', { name: 'رفع رخصة القيادة' })).toBeEnabled();
  });

  it('refreshes the session once when an upload answers 401 and sends the file again', async () => {
    mockApi({
      'GET /api/v1/documents': () => json(200, { documents: [] }),
      'POST /api/v1/auth/refresh': () => json(200, { token: 'fresh-token' }),
    });
    const xhr = installFakeXhr();
    renderPage();
    const input = await screen.findByLabelText('رفع الهوية الوطنية', { selector: 'input' });
    await user().upload(input, pdfFile());
    await waitFor(() => expect(xhr.sent()).toBeDefined());
    xhr.sent(0)!.respond(401, { status: 401, code: 'unauthorized' });
    await waitFor(() => expect(xhr.sent(1)).toBeDefined());
    expect(xhr.sent(1)!.headers.Authorization).toBe('Bearer fresh-token');
    expect(localStorage.getItem('auth_token')).toBe('fresh-token');
    xhr.sent(1)!.respond(201, { document: documentItem({ name: 'هويتي.pdf', status: 'pending' }) });
    await screen.findByText('اكتمل رفع هويتي.pdf');
  });

  it('re-uploads a rejected document in its place (PUT) and it becomes pending', async () => {
    const replaced = { ...rejected, name: 'passport-new.pdf', status: 'pending', notes: null };
    let documents: unknown[] = [rejected];
    mockApi({ 'GET /api/v1/documents': () => json(200, { documents }) });
    const xhr = installFakeXhr();
    renderPage();
    await screen.findByText('passport-scan.png', { selector: 'span' });
    const input = screen.getByLabelText('إعادة رفع passport-scan.png', { selector: 'input' });
    await user().upload(input, pdfFile('passport-new.pdf'));
    await waitFor(() => expect(xhr.sent()).toBeDefined());
    expect(xhr.sent()!.method).toBe('PUT');
    expect(xhr.sent()!.url).toBe(`/api/v1/documents/${rejected.id}/file?name=passport-new.pdf`);
    documents = [replaced];
    xhr.sent()!.respond(200, { document: replaced });
    const row = await waitFor(() => rowOf('passport-new.pdf'));
    expect(within(row).getByText('قيد المراجعة')).toBeInTheDocument();
    expect(screen.queryByText('passport-scan.png')).toBeNull();
  });

  it('deletes a document after confirmation', async () => {
    let documents = [documentItem(), pending];
    const api = mockApi({
      'GET /api/v1/documents': () => json(200, { documents }),
      [`DELETE /api/v1/documents/${pending.id}`]: () => {
        documents = [documentItem()];
        return json(200, { success: true });
      },
    });
    renderPage();
    await user().click(await screen.findByRole('button', { name: 'حذف degree.jpg' }));
    const dialog = screen.getByRole('alertdialog', { name: 'حذف المستند؟' });
    expect(dialog).toHaveTextContent('سيُحذف الملف «degree.jpg» نهائياً');
    await user().click(within(dialog).getByRole('button', { name: 'تراجع' }));
    expect(api.callsTo(`DELETE /api/v1/documents/${pending.id}`)).toHaveLength(0);

    await user().click(screen.getByRole('button', { name: 'حذف degree.jpg' }));
    await user().click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'حذف المستند' }),
    );
    await screen.findByText('حُذف المستند.');
    expect(screen.queryByText('degree.jpg')).toBeNull();
    expect(screen.getByText('national-id.pdf')).toBeInTheDocument();
  });

  it('opens a file in a new tab and downloads it, both with the bearer', async () => {
    const api = mockApi({
      'GET /api/v1/documents': () => json(200, { documents: [documentItem()] }),
      [`GET /api/v1/documents/${documentItem().id}/file`]: ({ url }) =>
        new Response('%PDF-1.4', {
          status: 200,
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': url.searchParams.get('download')
              ? `attachment; filename="national-id.pdf"; filename*=UTF-8''%D9%87%D9%88%D9%8A%D8%AA%D9%8A.pdf`
              : 'inline; filename="national-id.pdf"',
          },
        }),
    });
    const opened = { opener: {} as unknown };
    const open = vi.spyOn(window, 'open').mockReturnValue(opened as Window);
    renderPage();
    await user().click(await screen.findByRole('button', { name: 'عرض national-id.pdf' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('blob:doc', '_blank'));
    expect(opened.opener).toBeNull();

    const clicks: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this);
    });
    await user().click(screen.getByRole('button', { name: 'تنزيل national-id.pdf' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]?.download).toBe('هويتي.pdf');
    expect(clicks[0]?.getAttribute('href')).toBe('blob:doc');
    const calls = api.callsTo(`GET /api/v1/documents/${documentItem().id}/file`);
    expect(calls.map(([input]) => String(input))).toEqual([
      `/api/v1/documents/${documentItem().id}/file`,
      `/api/v1/documents/${documentItem().id}/file?download=1`,
    ]);
    for (const [, init] of calls) {
      expect(init?.headers).toMatchObject({ Authorization: 'Bearer personal-token' });
    }
    open.mockRestore();
    click.mockRestore();
  });

  it('shows one load failure, with its retry, and recovers', async () => {
    let fail = true;
    mockApi({
      'GET /api/v1/documents': () =>
        fail ? json(500, { status: 500, code: 'internal' }) : json(200, { documents: [pending] }),
    });
    renderPage();
    const required = screen.getByRole('region', { name: 'المستندات المطلوبة' });
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent(/تعذّر تحميل مستنداتك/);
    expect(required).toContainElement(error);
    // Only this one: the list, which has nothing to show, is left out with its own error.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'قائمة المستندات' })).toBeNull();
    // The required types say the list failed, never "not uploaded", and offer no upload yet.
    expect(within(required).queryByText('لم يُرفع')).toBeNull();
    expect(within(required).getAllByText('تعذّر التحميل')).toHaveLength(5);
    expect(within(required).getByRole('button', { name: 'رفع جواز السفر' })).toBeDisabled();

    fail = false;
    await user().click(within(error).getByRole('button', { name: 'إعادة المحاولة' }));
    await screen.findByText('degree.jpg', { selector: 'span' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(required).queryByText('تعذّر التحميل')).toBeNull();
    expect(within(required).getByRole('button', { name: 'رفع جواز السفر' })).toBeEnabled();
  });

  it('keeps the loaded list when a refresh fails, and says so once, over that list', async () => {
    let fail = false;
    mockApi({
      'GET /api/v1/documents': () =>
        fail ? json(500, { status: 500, code: 'internal' }) : json(200, { documents: [pending] }),
    });
    renderPage();
    await screen.findByText('degree.jpg', { selector: 'span' });
    fail = true;
    const list = screen.getByRole('region', { name: 'قائمة المستندات' });
    await user().click(within(list).getByRole('button', { name: 'تحديث' }));
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent(/تعذّر تحديث القائمة/);
    expect(list).toContainElement(error);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(within(list).getByText('degree.jpg', { selector: 'span' })).toBeInTheDocument();
    const required = screen.getByRole('region', { name: 'المستندات المطلوبة' });
    expect(within(required).getByText('قيد المراجعة')).toBeInTheDocument();
  });

  it('says the list could not load while offline, instead of loading for ever', async () => {
    // The browser says it is offline before the page opens (React Query would pause the query).
    onlineManager.setOnline(false);
    try {
      mockApi({
        'GET /api/v1/documents': () => {
          throw new TypeError('Failed to fetch');
        },
      });
      renderPage();
      const error = await screen.findByRole('alert');
      expect(error).toHaveTextContent(/تعذّر تحميل مستنداتك/);
      expect(within(error).getByRole('button', { name: 'إعادة المحاولة' })).toBeEnabled();
    } finally {
      onlineManager.setOnline(true);
    }
  });
});

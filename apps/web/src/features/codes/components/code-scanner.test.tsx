import { checkCharacter } from '@tanqin/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatCodeInput } from '../code-input.ts';
import type { QrReader } from '../qr-reader.ts';
import { CodeScanner } from './code-scanner.tsx';

const BODY = 'ABCD2345EFGH6789';
const CODE = `${BODY}${checkCharacter(BODY)}`;

const frames: { read: QrReader } = { read: async () => [] };
vi.mock('../qr-reader.ts', () => ({
  createQrReader: async () => (frame: HTMLVideoElement) => frames.read(frame),
}));

const track = { stop: vi.fn() };
const getUserMedia = vi.fn();

/** The field as the decrypt screen has it: what the scanner fills goes through its formatter. */
function Field() {
  const [value, setValue] = useState('');
  return (
    <>
      <input
        aria-label="رمز الهوية المؤقت"
        value={value}
        onChange={(event) => setValue(formatCodeInput(event.target.value))}
      />
      <CodeScanner value={value} onCode={(code) => setValue(formatCodeInput(code))} />
    </>
  );
}

beforeEach(() => {
  track.stop.mockReset();
  getUserMedia.mockReset();
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
});
afterEach(() => vi.restoreAllMocks());

const openScanner = () => userEvent.click(screen.getByRole('button', { name: 'المسح بالكاميرا' }));

describe('scanning a code with the camera', () => {
  it('fills the field with the code a QR carries, passing over a QR that is not a code, and stops the camera', async () => {
    getUserMedia.mockResolvedValue({ getTracks: () => [track] });
    let looks = 0;
    frames.read = async () => (++looks === 1 ? ['https://example.com/menu'] : [`${CODE}`]);
    render(<Field />);
    await openScanner();
    await screen.findByText(/قُرئ الرمز من الكاميرا وكُتب في الحقل/);
    expect(screen.getByLabelText('رمز الهوية المؤقت')).toHaveValue(formatCodeInput(CODE));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(track.stop).toHaveBeenCalledTimes(1);
    expect(getUserMedia).toHaveBeenCalledWith({
      video: { facingMode: { ideal: 'environment' } },
      audio: false,
    });

    // Typing over it works as before, and the note about the camera goes.
    await userEvent.type(screen.getByLabelText('رمز الهوية المؤقت'), '{Backspace}');
    expect(screen.queryByText(/قُرئ الرمز من الكاميرا/)).toBeNull();
  });

  it('never takes a QR with more than the code', async () => {
    getUserMedia.mockResolvedValue({ getTracks: () => [track] });
    frames.read = async () => [`${CODE} 1012345678`, JSON.stringify({ token: CODE })];
    render(<Field />);
    await openScanner();
    await screen.findByText(/رمز QR هذا لا يحمل رمز هوية مؤقتاً/);
    expect(screen.getByLabelText('رمز الهوية المؤقت')).toHaveValue('');
    // Closing the dialog stops the camera.
    await userEvent.click(screen.getByRole('button', { name: 'إغلاق' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(track.stop).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['NotAllowedError', /لم يُسمح لهذه الصفحة باستخدام الكاميرا/],
    ['NotFoundError', /لا توجد كاميرا متاحة على هذا الجهاز/],
    ['NotReadableError', /تعذّر تشغيل الكاميرا، وقد يكون برنامج آخر يستخدمها/],
  ])('says why when the camera answers %s, and typing still works', async (name, message) => {
    getUserMedia.mockRejectedValue(new DOMException('', name));
    render(<Field />);
    await openScanner();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    await userEvent.click(screen.getByRole('button', { name: 'كتابة الرمز بدلاً من ذلك' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.type(screen.getByLabelText('رمز الهوية المؤقت'), CODE.toLowerCase());
    expect(screen.getByLabelText('رمز الهوية المؤقت')).toHaveValue(formatCodeInput(CODE));
  });

  it('says the browser offers no camera where it has no getUserMedia', async () => {
    Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
    render(<Field />);
    await openScanner();
    expect(await screen.findByRole('alert')).toHaveTextContent(/هذا المتصفح لا يتيح الكاميرا/);
    await waitFor(() => expect(getUserMedia).not.toHaveBeenCalled());
  });
});

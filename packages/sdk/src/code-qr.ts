import QRCode from 'qrcode';
import { TanqinError } from './errors.ts';
import { formatToken } from './token-code.ts';

/**
 * The code as a QR code, SVG markup for a screen or a print-out: at a counter the verifier scans
 * it instead of typing 17 characters. The QR carries the code alone, as it is shown
 * (`XXXX-XXXX-XXXX-XXXX-C`), and nothing else: anything that is not a well-formed code (data,
 * a link, a code with a typo) throws `TanqinError`, so no data can travel this way by mistake.
 */
export async function codeToQrSvg(code: string): Promise<string> {
  const shown = typeof code === 'string' ? formatToken(code) : undefined;
  if (!shown) {
    throw new TanqinError(
      'codeToQrSvg takes a one-time code (XXXX-XXXX-XXXX-XXXX-C) and nothing else',
    );
  }
  return QRCode.toString(shown, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { codeToQrSvg } from './code-qr.ts';
import { TanqinError } from './errors.ts';

const CODE = '7KQ4-M2XD-9HTV-CW3R-E';

// The decoder the dashboard's scanner falls back to, fed from disk instead of a web address.
const wasm = readFileSync(
  createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'),
);
prepareZXingModule({ overrides: { wasmBinary: new Uint8Array(wasm).buffer } });

/**
 * The SVG's modules as pixels: qrcode draws each row's dark runs as `M x y.5 h n` and
 * `m dx 0 h n` strokes one module wide, on a white square the size of the viewBox.
 */
function rasterize(svg: string, scale = 4) {
  const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)![1]);
  const width = size * scale;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  const path = /<path stroke="#000000" d="([^"]+)"/.exec(svg)![1]!;
  let x = 0;
  let y = 0;
  for (const [, command, a, b] of path.matchAll(/([Mmh])([\d.]+)(?: ([\d.]+))?/g)) {
    if (command === 'M') [x, y] = [Number(a), Math.floor(Number(b))];
    else if (command === 'm') [x, y] = [x + Number(a), y + Math.floor(Number(b))];
    else {
      for (let column = x * scale; column < (x + Number(a)) * scale; column++) {
        for (let row = y * scale; row < (y + 1) * scale; row++) {
          data.fill(0, (row * width + column) * 4, (row * width + column) * 4 + 3);
        }
      }
      x += Number(a);
    }
  }
  return { data, width, height: width, colorSpace: 'srgb' as const };
}

async function decode(svg: string) {
  const found = await readBarcodes(rasterize(svg), { formats: ['QRCode'] });
  return found.map((barcode) => barcode.text);
}

describe('codeToQrSvg', () => {
  it('draws a QR that reads back as the code alone, as it is shown', async () => {
    const svg = await codeToQrSvg(CODE);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 33 33"/);
    expect(await decode(svg)).toEqual([CODE]);
  });

  it('carries the same code however it was typed', async () => {
    const svg = await codeToQrSvg(CODE);
    for (const typed of ['7kq4 m2xd 9htv cw3r e', '7KQ4M2XD9HTVCW3RE', `\u200f${CODE}\u200e`]) {
      expect(await codeToQrSvg(typed)).toBe(svg);
    }
  });

  it('refuses anything that is not a code, so no data travels in a QR', async () => {
    for (const input of [
      '',
      '7KQ4-M2XD-9HTV-CW3R-F', // a typo: the check character does not match
      `${CODE} 1012345678`,
      JSON.stringify({ token: CODE, national_id: '1012345678' }),
      `https://tanqin.example.sa/verify?code=${CODE}`,
      42 as unknown as string,
    ]) {
      await expect(codeToQrSvg(input), String(input)).rejects.toThrow(TanqinError);
    }
  });
});

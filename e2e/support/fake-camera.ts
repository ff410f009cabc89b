import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { svgDataUrl } from '../../apps/web/src/lib/svg-data-url.ts';

const WIDTH = 640;
const HEIGHT = 480;

/**
 * Chromium's fake camera, fed a picture: `--use-fake-device-for-media-stream` with
 * `--use-file-for-fake-video-capture=<file>.y4m` plays the file in a loop. y4m is a text header
 * and raw YUV 4:2:0 frames; a grey picture is its luma plane with neutral chroma.
 */
export function fakeCameraArgs(file: string) {
  return [
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${file}`,
  ];
}

/** SVG markup drawn black on white in the middle of a camera frame, as its luma (0-255). */
export async function lumaOfSvg(page: Page, svg: string, side = 320): Promise<number[]> {
  return page.evaluate(
    async ({ src, width, height, side }) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#fff';
      context.fillRect(0, 0, width, height);
      context.imageSmoothingEnabled = false;
      context.drawImage(image, (width - side) / 2, (height - side) / 2, side, side);
      const { data } = context.getImageData(0, 0, width, height);
      return Array.from({ length: width * height }, (_, i) => data[i * 4 + 1]!);
    },
    { src: svgDataUrl(svg), width: WIDTH, height: HEIGHT, side },
  );
}

export function writeY4m(file: string, luma: number[], frames = 2) {
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  const frame = Buffer.concat([
    Buffer.from('FRAME\n'),
    Buffer.from(luma),
    Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128),
  ]);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}

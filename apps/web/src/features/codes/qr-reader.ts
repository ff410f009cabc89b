import zxingReaderWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** Reads the QR codes in a video frame: their texts, none when there is none. */
export type QrReader = (frame: HTMLVideoElement) => Promise<string[]>;

interface DetectorClass {
  new (options: {
    formats: string[];
  }): {
    detect(frame: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
  };
  getSupportedFormats(): Promise<readonly string[]>;
}

function readerOf(Detector: DetectorClass): QrReader {
  const detector = new Detector({ formats: ['qr_code'] });
  return async (frame) => (await detector.detect(frame)).map((found) => found.rawValue);
}

/**
 * The browser's own BarcodeDetector where it reads QR codes, else the barcode-detector
 * polyfill (ZXing in WebAssembly). Its .wasm comes from this server, built into the app, never
 * from the CDN the package points at by default (no request leaves our origin). Loaded when the
 * camera opens, not with the app.
 */
export async function createQrReader(): Promise<QrReader> {
  const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (native && (await native.getSupportedFormats()).includes('qr_code')) return readerOf(native);
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  await prepareZXingModule({
    overrides: {
      locateFile: (file: string, prefix: string) =>
        file.endsWith('.wasm') ? zxingReaderWasmUrl : prefix + file,
    },
    fireImmediately: true,
  });
  return readerOf(BarcodeDetector as unknown as DetectorClass);
}

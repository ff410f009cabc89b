import { formatCode, parseCode } from '@tanqin/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';
import { svgDataUrl } from '../lib/svg-data-url.ts';

/**
 * A one-time code as a QR, for the verifier's camera at the counter. It carries the code alone,
 * as it is shown (what the SDK's codeToQrSvg draws); anything that is not a well-formed code
 * draws nothing. qrcode is loaded on first use, not with the app.
 */
export function CodeQr({ code, className }: { code: string; className?: string }) {
  const { t } = useTranslation('common');
  const parsed = parseCode(code);
  const shown = parsed ? formatCode(parsed) : undefined;
  const [drawn, setDrawn] = useState<{ code: string; svg: string }>();

  useEffect(() => {
    if (!shown) return;
    let isCurrent = true;
    void import('qrcode')
      .then(({ default: QRCode }) =>
        QRCode.toString(shown, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 }),
      )
      .then((svg) => {
        if (isCurrent) setDrawn({ code: shown, svg });
      });
    return () => {
      isCurrent = false;
    };
  }, [shown]);

  const size = cn('size-40 shrink-0 rounded-lg border border-slate-200 bg-white', className);
  if (!shown) return null;
  if (drawn?.code !== shown) return <div aria-hidden className={size} />;
  return (
    <img
      src={svgDataUrl(drawn.svg)}
      alt={t('codeQr.alt', { code: shown })}
      width={160}
      height={160}
      className={size}
    />
  );
}

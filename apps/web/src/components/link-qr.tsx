import { useEffect, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { svgDataUrl } from '../lib/svg-data-url.ts';

/** A link as a QR (a verification request's page, shown at a counter); qrcode loads on first use. */
export function LinkQr({ url, alt, className }: { url: string; alt: string; className?: string }) {
  const [drawn, setDrawn] = useState<{ url: string; svg: string }>();

  useEffect(() => {
    let isCurrent = true;
    void import('qrcode')
      .then(({ default: QRCode }) =>
        QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 }),
      )
      .then((svg) => {
        if (isCurrent) setDrawn({ url, svg });
      });
    return () => {
      isCurrent = false;
    };
  }, [url]);

  const size = cn('size-48 shrink-0 rounded-lg border border-slate-200 bg-white', className);
  if (drawn?.url !== url) return <div aria-hidden className={size} />;
  return <img src={svgDataUrl(drawn.svg)} alt={alt} width={192} height={192} className={size} />;
}

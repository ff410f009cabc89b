import { parseCode } from '@tanqin/shared';
import { LoaderCircle, ScanQrCode } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { type CameraProblem, cameraProblem, startCamera, stopCamera } from '../camera.ts';
import { formatCodeInput } from '../code-input.ts';

/** Time between two looks at the video: enough for a person, light on a counter's laptop. */
const SCAN_INTERVAL_MS = 150;

/**
 * "Scan with the camera" beside the code field: a dialog shows the camera, and the first QR that
 * carries a well-formed code (the code alone) goes to `onCode`, the field's own input path, so
 * the verifier still confirms with the decrypt button. Typing is never blocked.
 */
export function CodeScanner({ value, onCode }: { value: string; onCode: (code: string) => void }) {
  const { t } = useTranslation('codes');
  const [isOpen, setIsOpen] = useState(false);
  const [scanned, setScanned] = useState<string>();
  // Said while the field still holds what the camera read.
  const isFieldScanned = scanned !== undefined && formatCodeInput(scanned) === value;

  return (
    <>
      <Button variant="secondary" onClick={() => setIsOpen(true)}>
        <ScanQrCode aria-hidden className="size-4" />
        {t('scan.open')}
      </Button>
      {isFieldScanned ? (
        <p role="status" className="basis-full text-sm text-green-800">
          {t('scan.filled')}
        </p>
      ) : null}
      <Dialog
        open={isOpen}
        onOpenChange={setIsOpen}
        title={t('scan.title')}
        description={t('scan.description')}
      >
        <CameraView
          onCode={(code) => {
            setScanned(code);
            setIsOpen(false);
            onCode(code);
          }}
          onTypeInstead={() => setIsOpen(false)}
        />
      </Dialog>
    </>
  );
}

/** The camera while the dialog is open: its stream stops when the dialog closes, however. */
function CameraView({
  onCode,
  onTypeInstead,
}: {
  onCode: (code: string) => void;
  onTypeInstead: () => void;
}) {
  const { t } = useTranslation('codes');
  const videoRef = useRef<HTMLVideoElement>(null);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;
  const [problem, setProblem] = useState<CameraProblem>();
  const [isScanning, setIsScanning] = useState(false);
  const [isOtherQr, setIsOtherQr] = useState(false);

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let isStopped = false;
    const stop = () => {
      isStopped = true;
      clearTimeout(timer);
      stopCamera(stream);
      stream = undefined;
    };
    // The decoder loads while the person answers the camera prompt.
    const reader = import('../qr-reader.ts').then(({ createQrReader }) => createQrReader());
    reader.catch(() => undefined);

    const start = async () => {
      try {
        stream = await startCamera();
      } catch (error) {
        if (!isStopped) setProblem(cameraProblem(error));
        return;
      }
      if (isStopped) return stopCamera(stream);
      const read = await reader.catch(() => undefined);
      const video = videoRef.current;
      if (isStopped || !video) return;
      if (!read) {
        stop();
        return setProblem('reader');
      }
      video.srcObject = stream;
      await video.play();
      setIsScanning(true);
      const look = async () => {
        const texts = await read(video).catch(() => []);
        if (isStopped) return;
        const code = texts.find((text) => parseCode(text) !== undefined);
        if (code) {
          stop();
          return onCodeRef.current(code);
        }
        setIsOtherQr(texts.length > 0);
        timer = setTimeout(look, SCAN_INTERVAL_MS);
      };
      await look();
    };
    start().catch((error: unknown) => {
      if (isStopped) return;
      stop();
      setProblem(cameraProblem(error));
    });
    return stop;
  }, []);

  if (problem) {
    return (
      <div className="space-y-4">
        <Alert tone="error">{t(`scan.problems.${problem}`)}</Alert>
        <DialogActions>
          <Button data-autofocus onClick={onTypeInstead}>
            {t('scan.typeInstead')}
          </Button>
        </DialogActions>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <video
        ref={videoRef}
        muted
        playsInline
        aria-label={t('scan.video')}
        className="aspect-[4/3] w-full rounded-xl bg-slate-900 object-cover"
      />
      <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
        {isScanning ? null : <LoaderCircle aria-hidden className="size-4 animate-spin" />}
        {isOtherQr ? t('scan.otherQr') : isScanning ? t('scan.scanning') : t('scan.starting')}
      </p>
      <DialogActions>
        <Button variant="secondary" onClick={onTypeInstead}>
          {t('scan.typeInstead')}
        </Button>
      </DialogActions>
    </div>
  );
}

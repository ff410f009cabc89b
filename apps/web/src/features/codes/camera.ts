/** Why the camera could not be used, each with its own advice to the person at the counter. */
export type CameraProblem = 'unavailable' | 'refused' | 'missing' | 'busy' | 'reader';

/** The back camera where there is one (a phone or tablet at the counter), any camera else. */
export async function startCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('', 'NotSupportedError');
  return navigator.mediaDevices.getUserMedia({
    video: { facingMode: { ideal: 'environment' } },
    audio: false,
  });
}

export function stopCamera(stream: MediaStream | undefined) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** getUserMedia's errors by name (https://w3c.github.io/mediacapture-main/#dom-mediadevices-getusermedia). */
export function cameraProblem(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'refused';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  if (name === 'NotSupportedError') return 'unavailable';
  return 'busy';
}

/**
 * Camera access for `<age-check>`: support checks, `getUserMedia` with the wanted facing mode, the
 * mapping of failures to the fallback reasons, and stopping every track.
 */
import type { CameraFailure } from './machine-session.ts';

export type Facing = 'user' | 'environment';

/** Why the camera cannot be used at all on this page, or null when `getUserMedia` may be tried. */
export function cameraUnavailable(
  env: { isSecureContext?: boolean; mediaDevices?: MediaDevices | undefined } = {
    isSecureContext: globalThis.isSecureContext,
    mediaDevices: globalThis.navigator?.mediaDevices,
  },
): CameraFailure | null {
  if (env.isSecureContext === false) return 'insecure';
  if (typeof env.mediaDevices?.getUserMedia !== 'function') return 'unsupported';
  return null;
}

/** Maps a `getUserMedia` rejection to a fallback reason. */
export function classifyCameraError(err: unknown): CameraFailure {
  const name = err instanceof Error || err instanceof DOMException ? err.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'no-camera';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'busy';
    case 'TypeError':
      return 'unsupported';
    default:
      return 'busy';
  }
}

/** The constraints for the front (`user`) or back (`environment`) camera. */
export const cameraConstraints = (facing: Facing): MediaStreamConstraints => ({
  audio: false,
  video: {
    facingMode: { ideal: facing },
    width: { ideal: facing === 'user' ? 1280 : 1920 },
    height: { ideal: facing === 'user' ? 720 : 1080 },
  },
});

/** A camera that cannot be used, with the reason reported in `age-check-camera-fallback`. */
export class CameraError extends Error {
  override readonly name = 'CameraError';
  constructor(readonly reason: CameraFailure) {
    super(`Camera unavailable: ${reason}`);
  }
}

/** Opens the camera; rejects with a `CameraError`. */
export async function openCamera(facing: Facing): Promise<MediaStream> {
  const unavailable = cameraUnavailable();
  if (unavailable) throw new CameraError(unavailable);
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia(cameraConstraints(facing));
  } catch (err) {
    throw new CameraError(classifyCameraError(err));
  }
  if (stream.getVideoTracks().length === 0) {
    stopStream(stream);
    throw new CameraError('no-camera');
  }
  return stream;
}

/** Stops every track of the stream (the camera light goes off). */
export function stopStream(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * Resolves when the video element has a frame with a size to draw (or after `timeoutMs`). Some cameras
 * (and WebKitGTK's mock camera) take seconds to deliver the first frame, and `playing` can come before
 * the size is known: the size is checked on each of these events.
 */
export function videoReady(video: HTMLVideoElement, timeoutMs = 15000): Promise<void> {
  const ready = () => video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth > 0;
  if (ready()) return Promise.resolve();
  const events = ['loadeddata', 'playing', 'resize', 'timeupdate'];
  return new Promise((resolve) => {
    const check = () => {
      if (ready()) done();
    };
    const done = () => {
      clearTimeout(timer);
      for (const e of events) video.removeEventListener(e, check);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    for (const e of events) video.addEventListener(e, check);
  });
}

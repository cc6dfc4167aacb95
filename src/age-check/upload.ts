/**
 * One attempt's upload for `<age-check>`: the captured image(s) are sent once; when the answer was lost
 * (network fault, timeout) or was a 5xx, the session is read: an attempt the service processed all the
 * same is taken from it (never sent again); after a lost answer with no attempt seen, the same image is
 * re-sent once. What happened comes back as a result the element turns into machine events.
 */
import type { AgeClient } from '../api/age-client.ts';
import type { AttemptResponse, CaptureSession } from '../api/age.ts';
import { ApiError, newIdempotencyKey } from '../api/http.ts';
import { loadCapture } from './capture-chunks.ts';
import type { Target } from './machine-session.ts';

export interface Images {
  selfie?: Blob | undefined;
  front?: Blob | undefined;
  back?: Blob | undefined;
}

export type UploadResult =
  /** The service answered the attempt. */
  | { kind: 'answer'; response: AttemptResponse }
  /** The answer was lost but the service processed the attempt: the session tells the result. */
  | { kind: 'session'; session: CaptureSession }
  /** The request failed (reported as an error; no attempt was used unless the service says so). */
  | { kind: 'failed'; error: unknown }
  /** The image could not be prepared for sending. */
  | { kind: 'unreadable'; error: unknown }
  | { kind: 'aborted' };

export interface UploadOptions {
  client: AgeClient;
  /** The session before the attempt (to tell whether a lost request reached the service). */
  before: CaptureSession;
  target: Target;
  images: Images;
  signal: AbortSignal;
  /** Upload progress 0..1 (back to 0 when the image is re-sent). */
  onProgress: (fraction: number) => void;
}

export async function uploadAttempt(o: UploadOptions): Promise<UploadResult> {
  const { client, before, images, signal } = o;
  const onUploadProgress = o.onProgress;
  let attempt: () => Promise<AttemptResponse>;
  // One key per attempt, the same for its re-send (sent when the client has `idempotencyKeys`).
  const idempotencyKey = newIdempotencyKey();
  try {
    // Not `const { x } = await import()`: Vite wraps that form in a helper the CDN build drops.
    const blobToBase64 = (await loadCapture()).blobToBase64;
    if (o.target === 'selfie') {
      if (!images.selfie) throw new Error('No photo was taken.');
      const image = await blobToBase64(images.selfie);
      attempt = () => client.selfie(image, { signal, onUploadProgress, idempotencyKey });
    } else {
      if (!images.front) throw new Error('No photo was taken.');
      const front = await blobToBase64(images.front);
      const back = images.back ? await blobToBase64(images.back) : null;
      attempt = () => client.document(front, back, { signal, onUploadProgress, idempotencyKey });
    }
  } catch (error) {
    return { kind: 'unreadable', error };
  }
  let resent = false;
  for (;;) {
    try {
      const response = await attempt();
      return signal.aborted ? { kind: 'aborted' } : { kind: 'answer', response };
    } catch (error) {
      if (signal.aborted || (error instanceof ApiError && error.kind === 'aborted'))
        return { kind: 'aborted' };
      const kind = error instanceof ApiError ? error.kind : null;
      const lost = kind === 'network' || kind === 'timeout';
      // A 5xx may come after the service processed the attempt: never re-sent, but looked up.
      const unclear = lost || (error instanceof ApiError && error.status >= 500);
      if (unclear) {
        // Did the attempt reach the service after all? Only re-send (once) when nothing changed.
        const now = await client.session({ signal }).catch(() => null);
        if (signal.aborted) return { kind: 'aborted' };
        const unchanged =
          now &&
          now.attempts_used === before.attempts_used &&
          now.step === before.step &&
          now.status === before.status;
        if (now && !unchanged) return { kind: 'session', session: now };
        if (unchanged && lost && !resent) {
          resent = true;
          onUploadProgress(0);
          continue;
        }
      }
      return { kind: 'failed', error };
    }
  }
}

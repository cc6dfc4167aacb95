/**
 * Browser client for the age-estimation capture page (bearer age token). Used by `<age-check>`.
 * Its schemas (age-capture.ts) are imported on the first call; the CDN build puts them in the element's
 * first chunk (one request fewer on the first screen), other bundlers may load them while the request travels.
 */
import { HttpClient, type HttpClientOptions } from './http.ts';
import type * as Age from './age-capture.ts';
import { chunkLoader } from './load-chunk.ts';

/** The capture page's schemas (age-capture.ts), loaded once (a failed load is tried again on the next call). */
export const ageSchemas: () => Promise<typeof Age> = chunkLoader(
  () => import('./age-capture.ts'),
  'The age-estimation schemas could not be downloaded.',
);

export interface AgeClientOptions extends Omit<HttpClientOptions, 'auth'> {
  token: string;
}
type Upload = {
  signal?: AbortSignal | undefined;
  onUploadProgress?: ((fraction: number) => void) | undefined;
  /**
   * The key of this attempt (the same for every re-send of the same image); sent as `Idempotency-Key`, and
   * the attempt retried, when the client has `idempotencyKeys` (the sandbox honours it: one attempt used).
   */
  idempotencyKey?: string | undefined;
};

export class AgeClient {
  readonly http: HttpClient;

  constructor({ token, ...rest }: AgeClientOptions) {
    this.http = new HttpClient({ ...rest, auth: { type: 'bearer', token } });
  }

  session(o: { signal?: AbortSignal } = {}) {
    return this.http.get('/age-estimation/session/', {
      loadSchema: () => ageSchemas().then((s) => s.CaptureSession),
      ...o,
    });
  }
  /**
   * One attempt: never retried automatically (the caller decides, see `<age-check>`), unless it carries an
   * idempotency key the client sends (`idempotencyKeys`): then a repeat cannot use a second attempt.
   */
  async selfie(imageBase64: string, o: Upload = {}) {
    const s = await ageSchemas();
    const body = s.SelfieRequest.parse({ image: imageBase64 });
    return this.http.request('POST', '/age-estimation/session/selfie/', {
      body,
      schema: s.AttemptResponse,
      ...o,
    });
  }
  async document(front: string, back: string | null, o: Upload = {}) {
    const s = await ageSchemas();
    const body = s.DocumentRequest.parse({ front, back });
    return this.http.request('POST', '/age-estimation/session/document/', {
      body,
      schema: s.AttemptResponse,
      ...o,
    });
  }
}

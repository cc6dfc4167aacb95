/** Browser client for the age-estimation capture page (bearer age token). Used by `<age-check>`. */
import { HttpClient, type HttpClientOptions } from './http.ts';
import { AttemptResponse, CaptureSession, DocumentRequest, SelfieRequest } from './age.ts';

export interface AgeClientOptions extends Omit<HttpClientOptions, 'auth'> {
  token: string;
}
type Upload = {
  signal?: AbortSignal | undefined;
  onUploadProgress?: ((fraction: number) => void) | undefined;
};

export class AgeClient {
  readonly http: HttpClient;

  constructor({ token, ...rest }: AgeClientOptions) {
    this.http = new HttpClient({ ...rest, auth: { type: 'bearer', token } });
  }

  session(o: { signal?: AbortSignal } = {}) {
    return this.http.get('/age-estimation/session/', { schema: CaptureSession, ...o });
  }
  /** One attempt: never retried automatically (the caller decides, see `<age-check>`). */
  async selfie(imageBase64: string, o: Upload = {}) {
    const body = SelfieRequest.parse({ image: imageBase64 });
    return this.http.request('POST', '/age-estimation/session/selfie/', {
      body,
      schema: AttemptResponse,
      ...o,
    });
  }
  async document(front: string, back: string | null, o: Upload = {}) {
    const body = DocumentRequest.parse({ front, back });
    return this.http.request('POST', '/age-estimation/session/document/', {
      body,
      schema: AttemptResponse,
      ...o,
    });
  }
}

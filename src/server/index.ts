/**
 * Partner-server helper: a typed client for the API-key-pair endpoints, validating every request before
 * it is sent, and a webhook signature check. Runs in Node 20+ (and any runtime with fetch and Web Crypto).
 * The API secret belongs on the partner's server only: never ship this client with the secret to a browser.
 */
import * as z from 'zod/mini';
import { ApiError, HttpClient, type HttpClientOptions } from '../api/http.ts';
import { insecureApiBase } from '../api/url.ts';
import { AmlMonitoring, CreateMonitoringRequest, MonitoringCommentRequest } from '../api/aml.ts';
import { SosFilingDocument, SosOrderRequest } from '../api/sos.ts';
import { AgeTokenRequest, AgeTokenResponse } from '../api/age.ts';
import {
  BlocklistEntry,
  BlocklistRequest,
  BlocklistSource,
  ClientTokenRequest,
  ClientTokenResponse,
} from '../api/identity.ts';
import { KybToken, KybTokenRequest } from '../api/kyb.ts';

export { ApiError } from '../api/http.ts';

export interface PartnerClientOptions extends Omit<HttpClientOptions, 'auth'> {
  apiKey: string;
  apiSecret: string;
}

type Signal = { signal?: AbortSignal };
const enc = encodeURIComponent;

/** Calls the API-key-pair endpoints. Creates are never retried; a failed create throws `ApiError`. */
export class PartnerClient {
  readonly http: HttpClient;

  constructor({ apiKey, apiSecret, ...rest }: PartnerClientOptions) {
    if (!apiKey || !apiSecret) throw new TypeError('apiKey and apiSecret are required');
    const insecure = rest.allowInsecureHttp ? null : insecureApiBase(rest.baseUrl);
    if (insecure) throw new ApiError({ kind: 'insecure', message: insecure });
    this.http = new HttpClient({ ...rest, auth: { type: 'basic', key: apiKey, secret: apiSecret } });
  }

  /** Endpoint 1: `POST /aml/monitorings/`. */
  async createMonitoring(req: z.input<typeof CreateMonitoringRequest>, o: Signal = {}) {
    const body = CreateMonitoringRequest.parse(req);
    return this.http.request('POST', '/aml/monitorings/', { body, schema: AmlMonitoring, ...o });
  }
  getMonitoring(id: string, o: Signal = {}) {
    return this.http.get(`/aml/monitorings/${enc(id)}/`, { schema: AmlMonitoring, ...o });
  }
  async startMonitoring(id: string, comment?: string, o: Signal = {}) {
    const body = MonitoringCommentRequest.parse({ comment });
    return this.http.request('POST', `/aml/monitorings/${enc(id)}/start/`, {
      body,
      schema: AmlMonitoring,
      ...o,
    });
  }
  async stopMonitoring(id: string, comment?: string, o: Signal = {}) {
    const body = MonitoringCommentRequest.parse({ comment });
    return this.http.request('POST', `/aml/monitorings/${enc(id)}/stop/`, {
      body,
      schema: AmlMonitoring,
      ...o,
    });
  }

  /** Endpoint 2: `POST /api/v2/sos-filing-documents/`. */
  async orderSosDocument(req: z.input<typeof SosOrderRequest>, o: Signal = {}) {
    const body = SosOrderRequest.parse(req);
    return this.http.request('POST', '/api/v2/sos-filing-documents/', {
      body,
      schema: SosFilingDocument,
      ...o,
    });
  }
  getSosDocument(id: string, o: Signal = {}) {
    return this.http.get(`/api/v2/sos-filing-documents/${enc(id)}/`, { schema: SosFilingDocument, ...o });
  }

  /**
   * Endpoint 3: `POST /age-estimation/token/`. A 402 throws `ApiError` with `code`
   * `insufficient_finances` and the interface's body in `error.body`.
   */
  async createAgeToken(req: z.input<typeof AgeTokenRequest> = {}, o: Signal = {}) {
    const body = AgeTokenRequest.parse(req);
    return this.http.request('POST', '/age-estimation/token/', { body, schema: AgeTokenResponse, ...o });
  }

  /** Endpoint 4: `POST /kyc/identifications/{scanRef}/blocklists/{source}/`. */
  async addToBlocklist(
    scanRef: string,
    source: z.input<typeof BlocklistSource>,
    reason: string,
    o: Signal = {},
  ) {
    const src = BlocklistSource.parse(source);
    const body = BlocklistRequest.parse({ reason });
    const path = `/kyc/identifications/${enc(scanRef)}/blocklists/${src}/`;
    return this.http.request('POST', path, { body, schema: BlocklistEntry, ...o });
  }

  /** Endpoint 11: `POST /api/v2/token`. */
  async createClientToken(req: z.input<typeof ClientTokenRequest>, o: Signal = {}) {
    const body = ClientTokenRequest.parse(req);
    return this.http.request('POST', '/api/v2/token', { body, schema: ClientTokenResponse, ...o });
  }

  /** KYB form token minting: `POST /kyb/tokens/`. Hand `tokenString` to `<kyb-form token>`. */
  async createKybToken(req: z.input<typeof KybTokenRequest>, o: Signal = {}) {
    const body = KybTokenRequest.parse(req);
    return this.http.request('POST', '/kyb/tokens/', { body, schema: KybToken, ...o });
  }
}

export const createPartnerClient = (options: PartnerClientOptions) => new PartnerClient(options);

const toHex = (buf: ArrayBuffer) =>
  [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** Hex HMAC-SHA256 of `body` with `secret`: the value of a webhook's `X-Signature` header. */
export async function signWebhook(body: string | Uint8Array, secret: string): Promise<string> {
  const enc8 = new TextEncoder();
  const key = await crypto.subtle.importKey(
    'raw',
    enc8.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const data = typeof body === 'string' ? enc8.encode(body) : body;
  return toHex(await crypto.subtle.sign('HMAC', key, data as Uint8Array<ArrayBuffer>));
}

/**
 * Checks a webhook's `X-Signature` against the raw request body (the exact bytes received, before any
 * JSON parsing). Constant-time comparison; returns false for a missing or malformed signature.
 */
export async function verifyWebhookSignature(
  rawBody: string | Uint8Array,
  signature: string | null | undefined,
  secret: string,
): Promise<boolean> {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature.trim())) return false;
  const expected = await signWebhook(rawBody, secret);
  const given = signature.trim().toLowerCase();
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ given.charCodeAt(i);
  return diff === 0;
}

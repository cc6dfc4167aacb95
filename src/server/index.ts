/**
 * Partner-server helper: a typed client for the API-key-pair endpoints, validating every request against
 * the published request schema before it is sent, and webhook verification (signature and body). Runs in
 * Node 20+ (and any runtime with fetch and Web Crypto). The API secret belongs on the partner's server
 * only: never ship this client with the secret to a browser.
 */
import * as z from 'zod/mini';
import { ApiError, HttpClient, type HttpClientOptions } from '../api/http.ts';
import { insecureApiBase } from '../api/api-base.ts';
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
import { KybToken, KybTokenRequest } from '../api/kyb-token.ts';
import {
  WEBHOOK_BODIES,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookEvent,
  type WebhookEventType,
} from '../api/webhooks.ts';

export { ApiError } from '../api/http.ts';
export {
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookEvent,
  type WebhookEventType,
};

export interface PartnerClientOptions extends Omit<HttpClientOptions, 'auth'> {
  apiKey: string;
  apiSecret: string;
}

type Signal = { signal?: AbortSignal };
const enc = encodeURIComponent;

/**
 * Checks a request with its schema; bad input is an `ApiError` of kind `input` (nothing was sent), with
 * the problems by path in `fields`, never a raw library error.
 */
function input<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
  method: string,
  path: string,
): z.output<S> {
  const res = schema.safeParse(value);
  if (res.success) return res.data;
  const fields: Record<string, string[]> = {};
  for (const issue of res.error.issues.slice(0, 20)) {
    const key = issue.path.map(String).join('.') || '(root)';
    (fields[key] ??= []).push(issue.message || issue.code);
  }
  const where = Object.keys(fields).join(', ');
  throw new ApiError({
    kind: 'input',
    message: `The request was not sent: invalid ${where}.`,
    fields,
    method,
    path,
  });
}
/** A path parameter: a non-empty string. */
function param(value: unknown, name: string, method: string, path: string): string {
  if (typeof value === 'string' && value.length > 0) return value;
  throw new ApiError({
    kind: 'input',
    message: `The request was not sent: invalid ${name}.`,
    fields: { [name]: ['a non-empty string is required'] },
    method,
    path,
  });
}

/** The KYB token request as the helper takes it: `tokenType` defaults to `FORM`. */
export type KybTokenInput = Omit<z.input<typeof KybTokenRequest>, 'tokenType'> & { tokenType?: 'FORM' };
/** The identity token request as the helper takes it: `tokenType` defaults to `IDENTIFICATION`. */
export type ClientTokenInput = Omit<z.input<typeof ClientTokenRequest>, 'tokenType'> & {
  tokenType?: z.input<typeof ClientTokenRequest>['tokenType'];
};

/**
 * Calls the API-key-pair endpoints. Creates are never retried; a failed call throws `ApiError` (kind
 * `input` when the request was refused before sending).
 */
export class PartnerClient {
  readonly http: HttpClient;

  constructor({ apiKey, apiSecret, ...rest }: PartnerClientOptions) {
    if (!apiKey || !apiSecret) throw new TypeError('apiKey and apiSecret are required');
    const insecure = rest.allowInsecureHttp ? null : insecureApiBase(rest.baseUrl);
    if (insecure) throw new ApiError({ kind: 'insecure', message: insecure });
    this.http = new HttpClient({ ...rest, auth: { type: 'basic', key: apiKey, secret: apiSecret } });
  }

  /** `POST /aml/monitorings/` (`aml.AmlMonitoringRequest` -> `aml.AmlMonitoring`). */
  async createMonitoring(req: z.input<typeof CreateMonitoringRequest>, o: Signal = {}) {
    const path = '/aml/monitorings/';
    const body = input(CreateMonitoringRequest, req, 'POST', path);
    return this.http.request('POST', path, { body, schema: AmlMonitoring, ...o });
  }
  async getMonitoring(id: string, o: Signal = {}) {
    const path = `/aml/monitorings/${enc(param(id, 'id', 'GET', '/aml/monitorings/{id}/'))}/`;
    return this.http.get(path, { schema: AmlMonitoring, ...o });
  }
  /** `POST /aml/monitorings/{id}/start/` with an optional comment (1-10000 characters). */
  startMonitoring(id: string, comment?: string, o: Signal = {}) {
    return this.#startStop('start', id, comment, o);
  }
  /** `POST /aml/monitorings/{id}/stop/` with an optional comment (1-10000 characters). */
  stopMonitoring(id: string, comment?: string, o: Signal = {}) {
    return this.#startStop('stop', id, comment, o);
  }
  async #startStop(action: 'start' | 'stop', id: string, comment: string | undefined, o: Signal) {
    const template = `/aml/monitorings/{id}/${action}/`;
    const path = `/aml/monitorings/${enc(param(id, 'id', 'POST', template))}/${action}/`;
    const body = input(MonitoringCommentRequest, comment === undefined ? {} : { comment }, 'POST', template);
    return this.http.request('POST', path, { body, schema: AmlMonitoring, ...o });
  }

  /** `POST /api/v2/sos-filing-documents/` (`kyb.SosReportParameterRequest` -> `kyb.SosReportDocument`). */
  async orderSosDocument(req: z.input<typeof SosOrderRequest>, o: Signal = {}) {
    const path = '/api/v2/sos-filing-documents/';
    const body = input(SosOrderRequest, req, 'POST', path);
    return this.http.request('POST', path, { body, schema: SosFilingDocument, ...o });
  }
  async getSosDocument(id: string, o: Signal = {}) {
    const template = '/api/v2/sos-filing-documents/{id}/';
    const path = `/api/v2/sos-filing-documents/${enc(param(id, 'id', 'GET', template))}/`;
    return this.http.get(path, { schema: SosFilingDocument, ...o });
  }

  /**
   * `POST /age-estimation/token/` (`age.AgeEstimationTokenRequest` -> 201 `age.AgeEstimationToken`):
   * `min_age` and `confidence_threshold` are required. A 402 throws `ApiError` with `code`
   * `insufficient_finances` and the published body in `error.body`.
   */
  async createAgeToken(req: z.input<typeof AgeTokenRequest>, o: Signal = {}) {
    const path = '/age-estimation/token/';
    const body = input(AgeTokenRequest, req, 'POST', path);
    return this.http.request('POST', path, { body, schema: AgeTokenResponse, ...o });
  }

  /**
   * `POST /kyc/identifications/{scanRef}/blocklists/{source}/` (`kyc.IdentificationBlacklistRequest` ->
   * 201 `kyc.IdentificationBlacklistEntry`). `reason` is optional.
   */
  async addToBlocklist(
    scanRef: string,
    source: z.input<typeof BlocklistSource>,
    reason?: string | null,
    o: Signal = {},
  ) {
    const template = '/kyc/identifications/{scanRef}/blocklists/{source}/';
    const ref = param(scanRef, 'scanRef', 'POST', template);
    const src = input(BlocklistSource, source, 'POST', template);
    const body = input(BlocklistRequest, reason === undefined ? {} : { reason }, 'POST', template);
    const path = `/kyc/identifications/${enc(ref)}/blocklists/${src}/`;
    return this.http.request('POST', path, { body, schema: BlocklistEntry, ...o });
  }

  /**
   * `POST /api/v2/token` (`kyc.ApiV2TokenRequest` -> 201 `kyc.ApiV2TokenResponse`, whose `expiryTime` is
   * in seconds). `tokenType` defaults to `IDENTIFICATION`.
   */
  async createClientToken(req: ClientTokenInput, o: Signal = {}) {
    const path = '/api/v2/token';
    const body = input(ClientTokenRequest, { tokenType: 'IDENTIFICATION', ...req }, 'POST', path);
    return this.http.request('POST', path, { body, schema: ClientTokenResponse, ...o });
  }

  /**
   * KYB form token minting, `POST /kyb/tokens/` (`kyb.KybTokenRequest` with `tokenType: FORM` -> 201
   * `kyb.KybToken`). Hand `tokenString` to `<kyb-form token>`.
   */
  async createKybToken(req: KybTokenInput, o: Signal = {}) {
    const path = '/kyb/tokens/';
    const body = input(KybTokenRequest, { tokenType: 'FORM', ...req }, 'POST', path);
    return this.http.request('POST', path, { body, schema: KybToken, ...o });
  }
}

export const createPartnerClient = (options: PartnerClientOptions) => new PartnerClient(options);

const toHex = (buf: ArrayBuffer) =>
  [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** Hex HMAC-SHA256 of `body` with `secret`: the value of a webhook's `Idenfy-Signature` header. */
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
 * Checks a webhook's `Idenfy-Signature` header (pass the header value as your framework gives it: Node
 * gives a `string[]` for a repeated header) against the raw request body (the exact bytes received,
 * before any JSON parsing). Constant-time comparison. False for anything but exactly one well-formed,
 * matching signature: missing, empty, malformed, or two values (an array of two, or a comma-joined pair).
 */
export async function verifyWebhookSignature(
  rawBody: string | Uint8Array,
  signature: string | readonly string[] | null | undefined,
  secret: string,
): Promise<boolean> {
  let one: unknown = signature;
  if (Array.isArray(one)) one = one.length === 1 ? one[0] : undefined;
  if (typeof one !== 'string') return false;
  const given = one.trim().toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(given) || typeof secret !== 'string' || secret.length === 0) return false;
  const expected = await signWebhook(rawBody, secret);
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ given.charCodeAt(i);
  return diff === 0;
}

type HeaderBag = Headers | Record<string, string | readonly string[] | undefined>;
/** A header from a Fetch `Headers` or a Node `IncomingHttpHeaders`-like record (any case). */
function header(headers: HeaderBag, name: string): string | readonly string[] | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const lower = name.toLowerCase();
  for (const [k, v] of Object.entries(headers as Record<string, string | readonly string[] | undefined>)) {
    if (k.toLowerCase() === lower) return v;
  }
  return undefined;
}

/**
 * Verifies and reads a webhook: the `Idenfy-Signature` over the raw body, then the body by its
 * `Idenfy-Event-Type` (`COMPANY_SUBMIT`, `COMPANY_INFO_REQUEST`, `AGE_ESTIMATION`) with the published
 * schema. Answers `null` when the signature is not valid, the event type is unknown, or the body does not
 * match (answer such a request with 400 or 401, and do not act on it).
 */
export async function readWebhook(
  rawBody: string | Uint8Array,
  headers: HeaderBag,
  secret: string,
): Promise<WebhookEvent | null> {
  if (!(await verifyWebhookSignature(rawBody, header(headers, WEBHOOK_SIGNATURE_HEADER), secret)))
    return null;
  const type = header(headers, WEBHOOK_EVENT_HEADER);
  if (typeof type !== 'string' || !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(type)) return null;
  const eventType = type as WebhookEventType;
  let json: unknown;
  try {
    json = JSON.parse(typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody));
  } catch {
    return null;
  }
  const res = WEBHOOK_BODIES[eventType].safeParse(json);
  return res.success ? ({ eventType, body: res.data } as WebhookEvent) : null;
}

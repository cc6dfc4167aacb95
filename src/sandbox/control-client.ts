/**
 * Typed client for the sandbox-only control endpoints (`${basePath}/_sandbox/…`). Browser-safe (no node
 * imports): browser tests and the demo use it.
 *
 * ```ts
 * const control = new SandboxControl({ baseUrl: '/sandbox' });
 * const acc = await control.createAccount({ ageCredits: 5 });
 * const mine = control.withAccount(acc);
 * await mine.setAgeScenario(token, { estimates: ['no-face', { age: 17, confidence: 99 }] });
 * ```
 */
import * as z from 'zod/mini';
import { HttpClient, type HttpClientOptions } from '../api/http.ts';
import type { QuestionnaireDefinition } from '../api/kyb.ts';
import type { WebhookEventType } from '../api/webhooks.ts';
import type { MalformedKind } from './state.ts';

export interface SandboxControlOptions extends Omit<HttpClientOptions, 'auth' | 'baseUrl'> {
  /** The sandbox base URL, e.g. `http://127.0.0.1:8787` or `/sandbox` (relative to the page). */
  baseUrl: string;
  apiKey?: string;
  apiSecret?: string;
}

export const CreatedAccount = z.object({
  accountId: z.string(),
  apiKey: z.string(),
  apiSecret: z.string(),
  webhookSecret: z.string(),
  finishedScanRefs: z.array(z.string()),
});
export type CreatedAccount = z.infer<typeof CreatedAccount>;

/** The `Idenfy-Event-Type` values (listed here so this module stays free of the schema modules). */
const EVENT_TYPES = [
  'COMPANY_SUBMIT',
  'COMPANY_INFO_REQUEST',
  'AGE_ESTIMATION',
] as const satisfies readonly WebhookEventType[];

export const WebhookRecord = z.object({
  id: z.string(),
  eventType: z.enum(EVENT_TYPES),
  url: z.nullable(z.string()),
  headers: z.record(z.string(), z.string()),
  body: z.string(),
  signature: z.string(),
  deliveredStatus: z.nullable(z.number()),
  error: z.nullable(z.string()),
  at: z.string(),
});
export type WebhookRecord = z.infer<typeof WebhookRecord>;

export const RequestLogEntry = z.object({
  method: z.string(),
  path: z.string(),
  auth: z.enum(['basic', 'bearer']),
  status: z.number(),
  body: z.unknown(),
  at: z.string(),
});
export type RequestLogEntry = z.infer<typeof RequestLogEntry>;

export type ScenarioEstimate = { age: number; confidence: number } | 'no-face';
export interface AgeScenario {
  estimates: ScenarioEstimate[];
  documentAge?: number | 'unreadable';
}

export type { MalformedKind };
export interface Faults {
  latencyMs?: number;
  failRate?: number;
  dropRate?: number;
  rateLimitRate?: number;
  malformed?: { rate: number; kind: MalformedKind } | null;
  /**
   * Path patterns (one or a list of at most 20, 400 characters in all), not regular expressions: literal
   * text where `*` matches inside one path segment and `**` anything; matched anywhere in the path
   * unless `^` opens it or `$` closes it. E.g. `'/submit/'`, `'^/kyb/forms/*' + '/$'`, `['^/kyb/**', 'selfie/']`.
   */
  paths?: string | string[] | null;
  /** Only these methods are affected (with `paths`, both must match). */
  methods?: ('GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE')[] | null;
  seed?: number;
  afterCommit?: boolean;
  /**
   * The handler runs 1 + `repeat` (0..10) times with the same request, as a browser re-sending a write
   * whose answer it lost; with `afterCommit` and `dropRate: 1`: "commit twice, then drop".
   */
  repeat?: number;
  /** Only the first `times` (1..1000) affected requests get the faults, latency included. */
  times?: number;
}

export interface KybConfig {
  /** Passed through as given to `GET /kyb/info/` (`{locale?, theme?, flow?}`, flow/theme may be null). */
  info?: Record<string, unknown>;
  questionnaires?: QuestionnaireDefinition[];
}

export interface CreateAccountOptions {
  name?: string;
  ageCredits?: number;
  webhookUrl?: string | null;
  ageWebhookUrl?: string | null;
  rateLimitPerMinute?: number;
  kyb?: KybConfig;
}

const Any = z.unknown();
const enc = encodeURIComponent;

export class SandboxControl {
  readonly http: HttpClient;
  readonly #options: SandboxControlOptions;

  constructor(options: SandboxControlOptions) {
    this.#options = options;
    const { apiKey, apiSecret, ...rest } = options;
    this.http = new HttpClient({
      retries: 0,
      ...rest,
      ...(apiKey && apiSecret ? { auth: { type: 'basic' as const, key: apiKey, secret: apiSecret } } : {}),
    });
  }

  /** A client acting as the given account (for the endpoints that take its key pair). */
  withAccount(creds: { apiKey: string; apiSecret: string }): SandboxControl {
    return new SandboxControl({ ...this.#options, apiKey: creds.apiKey, apiSecret: creds.apiSecret });
  }

  #needsAccount() {
    if (!this.#options.apiKey || !this.#options.apiSecret) {
      throw new TypeError('SandboxControl: call withAccount({apiKey, apiSecret}) first');
    }
  }

  /** `POST /_sandbox/accounts` (no auth). */
  createAccount(opts: CreateAccountOptions = {}): Promise<CreatedAccount> {
    return this.http.request('POST', '/_sandbox/accounts', { body: opts, schema: CreatedAccount });
  }

  /** `PUT /_sandbox/kyb/config`. */
  setKybConfig(config: KybConfig) {
    this.#needsAccount();
    return this.http.request('PUT', '/_sandbox/kyb/config', { body: config, schema: Any });
  }

  /** `PUT /_sandbox/age/sessions/{token}/scenario`. */
  setAgeScenario(token: string, scenario: AgeScenario) {
    this.#needsAccount();
    return this.http.request('PUT', `/_sandbox/age/sessions/${enc(token)}/scenario`, {
      body: scenario,
      schema: Any,
    });
  }

  /** `PUT /_sandbox/age/credits`. */
  setAgeCredits(credits: number) {
    this.#needsAccount();
    return this.http.request('PUT', '/_sandbox/age/credits', { body: { credits }, schema: Any });
  }

  /** `POST /_sandbox/age/sessions/{token}/expire`. */
  expireAgeSession(token: string) {
    this.#needsAccount();
    return this.http.request('POST', `/_sandbox/age/sessions/${enc(token)}/expire`, { schema: Any });
  }

  /** `POST /_sandbox/kyb/tokens/{tokenString}/expire`. */
  expireKybToken(tokenString: string) {
    this.#needsAccount();
    return this.http.request('POST', `/_sandbox/kyb/tokens/${enc(tokenString)}/expire`, { schema: Any });
  }

  /** `POST /_sandbox/kyb/forms/{id}/information-request`: back to `PENDING`, KYB webhook. */
  requestInformation(formId: string, message?: string) {
    this.#needsAccount();
    const body = message === undefined ? {} : { message };
    return this.http.request('POST', `/_sandbox/kyb/forms/${enc(formId)}/information-request`, {
      body,
      schema: Any,
    });
  }

  /** `POST /_sandbox/identifications/{scanRef}/finish`. */
  finishIdentification(scanRef: string) {
    this.#needsAccount();
    return this.http.request('POST', `/_sandbox/identifications/${enc(scanRef)}/finish`, { schema: Any });
  }

  /** `GET /_sandbox/webhooks`. */
  listWebhooks(): Promise<WebhookRecord[]> {
    this.#needsAccount();
    return this.http.get('/_sandbox/webhooks', { schema: z.array(WebhookRecord) });
  }

  /** `GET /_sandbox/requests`. */
  listRequests(): Promise<RequestLogEntry[]> {
    this.#needsAccount();
    return this.http.get('/_sandbox/requests', { schema: z.array(RequestLogEntry) });
  }

  /** `DELETE /_sandbox/requests`. */
  async clearRequests(): Promise<void> {
    this.#needsAccount();
    await this.http.request('DELETE', '/_sandbox/requests');
  }

  /** `PUT /_sandbox/faults` (`{}` clears). */
  setFaults(faults: Faults) {
    this.#needsAccount();
    return this.http.request('PUT', '/_sandbox/faults', { body: faults, schema: Any });
  }
}

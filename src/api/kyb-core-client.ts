/**
 * The core of the browser client for the KYB form endpoints (bearer `tokenString`): the calls of
 * `<kyb-form>`'s first screen and company step (info, forms, create, update, read, submit, the list of
 * questionnaires). `KybClient` (kyb-client.ts) adds the later steps' calls (people, documents,
 * answers); the element loads it with those steps, so its first screen carries only this class.
 *
 * The schemas (and zod with them) are loaded on first use: the first request leaves at once and the
 * validation code downloads while it travels. Write bodies are checked before they are sent.
 */
import { HttpClient, type ApiError, type HttpClientOptions } from './http.ts';
import { chunkLoader } from './load-chunk.ts';
import type * as Kyb from './kyb.ts';
import type { CompanyWrite } from './kyb.ts';

export type KybSchemas = typeof Kyb;
/** The KYB schemas, loaded once (a failed load is tried again on the next call). */
export const kybSchemas: () => Promise<KybSchemas> = chunkLoader(
  () => import('./kyb.ts'),
  'The KYB schemas could not be downloaded.',
);
/** The first screen's schemas (info, forms as listed): a smaller chunk than `kybSchemas`. */
export const summarySchemas: () => Promise<typeof import('./kyb-form-summary.ts')> = chunkLoader(
  () => import('./kyb-form-summary.ts'),
  'The KYB schemas could not be downloaded.',
);
/** A loader of one response schema, for `RequestOptions.loadSchema`. */
export const schema =
  <K extends keyof KybSchemas>(name: K) =>
  () =>
    kybSchemas().then((s) => s[name]);

export interface KybClientOptions extends Omit<HttpClientOptions, 'auth'> {
  /** The current bearer token. */
  token: string | (() => string);
  /** Fetches a fresh token when the service answers `TOKEN_NOT_VALID`. */
  refreshToken?: () => Promise<string | null | undefined>;
}

export type Signal = {
  signal?: AbortSignal | undefined;
  /** See `RequestOptions.onAttemptError`. */
  onAttemptError?: ((err: ApiError) => void) | undefined;
};
/** A create: its idempotency key (one per logical write, kept across retries of it). */
export type Create = Signal & { idempotencyKey?: string | undefined };
export const enc = encodeURIComponent;

export class KybCoreClient {
  readonly http: HttpClient;

  /** From options, or `{http}`: a client over another one's transport (same token, renewal, timeouts). */
  constructor(options: KybClientOptions | { http: HttpClient }) {
    if ('http' in options) {
      this.http = options.http;
      return;
    }
    const { token, refreshToken, ...rest } = options;
    this.http = new HttpClient({
      ...rest,
      auth: { type: 'bearer', token, ...(refreshToken ? { refresh: refreshToken } : {}) },
    });
  }

  info(o: Signal = {}) {
    return this.http.get('/kyb/info/', { loadSchema: () => summarySchemas().then((s) => s.KybInfo), ...o });
  }
  listForms(o: Signal = {}) {
    return this.http.get('/kyb/forms/', { loadSchema: schema('KybFormList'), ...o });
  }
  /** The forms as the first screen reads them (id, company, status): the smaller schema of kyb-form-summary.ts. */
  listFormSummaries(o: Signal = {}) {
    return this.http.get('/kyb/forms/', {
      loadSchema: () => summarySchemas().then((s) => s.KybFormSummaryList),
      ...o,
    });
  }
  /** `company` is the element's draft (`null` = cleared); it is sent in the published request shape. */
  async createForm(company: CompanyWrite, o: Create = {}) {
    const s = await kybSchemas();
    const body = s.CreateFormRequest.parse({ company: s.companyRequest(company) });
    return this.http.request('POST', '/kyb/forms/', { body, schema: s.KybForm, ...o });
  }
  getForm(id: string, o: Signal = {}) {
    return this.http.get(`/kyb/forms/${enc(id)}/`, { loadSchema: schema('KybForm'), ...o });
  }
  /**
   * PATCH with the whole company object: repeating it is harmless, so it is retried like a PUT. The
   * answer is `kyb.KybFormUpdate` (`{company, clientSystem}`: no `id`, no `meta`).
   */
  async updateForm(id: string, company: CompanyWrite, o: Signal = {}) {
    const s = await kybSchemas();
    const body = s.UpdateFormRequest.parse({ company: s.companyRequest(company) });
    return this.http.request('PATCH', `/kyb/forms/${enc(id)}/`, {
      body,
      schema: s.KybFormUpdate,
      idempotent: true,
      ...o,
    });
  }
  /** Never retried: a lost answer must be resolved by reading the form's status. */
  submit(id: string, o: Signal = {}) {
    return this.http.request('POST', `/kyb/forms/${enc(id)}/submit/`, { ...o });
  }

  /** Interface endpoint 7. */
  listQuestionnaires(formId: string, o: Signal = {}) {
    return this.http.get(`/kyb/forms/${enc(formId)}/questionnaires/`, {
      loadSchema: schema('QuestionnaireList'),
      ...o,
    });
  }
}

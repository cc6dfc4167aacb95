/**
 * Browser client for the KYB form endpoints (bearer `tokenString`). Used by `<kyb-form>`.
 *
 * The schemas (and zod with them) are loaded on first use: the first request leaves at once and the
 * validation code downloads while it travels. Write bodies are checked before they are sent.
 */
import type * as z from 'zod/mini';
import { HttpClient, type ApiError, type HttpClientOptions } from './http.ts';
import { chunkLoader } from './load-chunk.ts';
import type * as Kyb from './kyb.ts';
import type { Answers, BeneficiaryCreate, BeneficiaryPatch, CompanyWrite, DocumentUpload } from './kyb.ts';

type Schemas = typeof Kyb;
/** The KYB schemas, loaded once (a failed load is tried again on the next call). */
export const kybSchemas: () => Promise<Schemas> = chunkLoader(
  () => import('./kyb.ts'),
  'The KYB schemas could not be downloaded.',
);
/** The first screen's schemas (info, forms as listed): a smaller chunk than `kybSchemas`. */
export const firstSchemas: () => Promise<typeof import('./kyb-first.ts')> = chunkLoader(
  () => import('./kyb-first.ts'),
  'The KYB schemas could not be downloaded.',
);
/** A loader of one response schema, for `RequestOptions.loadSchema`. */
const schema =
  <K extends keyof Schemas>(name: K) =>
  () =>
    kybSchemas().then((s) => s[name]);

export interface KybClientOptions extends Omit<HttpClientOptions, 'auth'> {
  /** The current bearer token. */
  token: string | (() => string);
  /** Fetches a fresh token when the service answers `TOKEN_NOT_VALID`. */
  refreshToken?: () => Promise<string | null | undefined>;
}

type Signal = {
  signal?: AbortSignal | undefined;
  /** See `RequestOptions.onAttemptError`. */
  onAttemptError?: ((err: ApiError) => void) | undefined;
};
/** A create: its idempotency key (one per logical write, kept across retries of it). */
type Create = Signal & { idempotencyKey?: string | undefined };
type Upload = Create & { onUploadProgress?: ((fraction: number) => void) | undefined };
const enc = encodeURIComponent;

export class KybClient {
  readonly http: HttpClient;

  constructor(options: KybClientOptions) {
    const { token, refreshToken, ...rest } = options;
    this.http = new HttpClient({
      ...rest,
      auth: { type: 'bearer', token, ...(refreshToken ? { refresh: refreshToken } : {}) },
    });
  }

  info(o: Signal = {}) {
    return this.http.get('/kyb/info/', { loadSchema: () => firstSchemas().then((s) => s.KybInfo), ...o });
  }
  listForms(o: Signal = {}) {
    return this.http.get('/kyb/forms/', { loadSchema: schema('KybFormList'), ...o });
  }
  /** The forms as the first screen reads them (id, company, status): the smaller schema of kyb-first.ts. */
  listFormsFirst(o: Signal = {}) {
    return this.http.get('/kyb/forms/', {
      loadSchema: () => firstSchemas().then((s) => s.KybFormFirstList),
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

  listBeneficiaries(formId: string, o: Signal = {}) {
    return this.http.get(`/kyb/forms/${enc(formId)}/beneficiaries/`, {
      loadSchema: schema('BeneficiaryList'),
      ...o,
    });
  }
  async createBeneficiary(formId: string, data: z.input<typeof BeneficiaryCreate>, o: Create = {}) {
    const s = await kybSchemas();
    const body = s.BeneficiaryCreate.parse(data);
    return this.http.request('POST', `/kyb/forms/${enc(formId)}/beneficiaries/`, {
      body,
      schema: s.Beneficiary,
      ...o,
    });
  }
  async updateBeneficiary(
    formId: string,
    id: string,
    data: z.input<typeof BeneficiaryPatch>,
    o: Signal = {},
  ) {
    const s = await kybSchemas();
    const body = s.BeneficiaryPatch.parse(data);
    const path = `/kyb/forms/${enc(formId)}/beneficiaries/${enc(id)}/`;
    return this.http.request('PATCH', path, { body, schema: s.Beneficiary, idempotent: true, ...o });
  }
  deleteBeneficiary(formId: string, id: string, o: Signal = {}) {
    return this.http.request('DELETE', `/kyb/forms/${enc(formId)}/beneficiaries/${enc(id)}/`, { ...o });
  }

  listCompanyDocuments(formId: string, o: Signal = {}) {
    return this.http.get(`/kyb/forms/${enc(formId)}/documents/`, {
      loadSchema: schema('KybDocumentList'),
      ...o,
    });
  }
  async uploadCompanyDocument(formId: string, doc: z.input<typeof DocumentUpload>, o: Upload = {}) {
    const s = await kybSchemas();
    const body = s.CompanyDocumentUpload.parse(doc);
    return this.http.request('POST', `/kyb/forms/${enc(formId)}/documents/`, {
      body,
      schema: s.KybDocument,
      ...o,
    });
  }
  listBeneficiaryDocuments(formId: string, beneficiaryId: string, o: Signal = {}) {
    const path = `/kyb/forms/${enc(formId)}/beneficiaries/${enc(beneficiaryId)}/documents/`;
    return this.http.get(path, { loadSchema: schema('KybDocumentList'), ...o });
  }
  async uploadBeneficiaryDocument(
    formId: string,
    beneficiaryId: string,
    doc: z.input<typeof DocumentUpload>,
    o: Upload = {},
  ) {
    const s = await kybSchemas();
    const body = s.DocumentUpload.parse(doc);
    const path = `/kyb/forms/${enc(formId)}/beneficiaries/${enc(beneficiaryId)}/documents/`;
    return this.http.request('POST', path, { body, schema: s.KybDocument, ...o });
  }
  /** Interface endpoint 6. */
  getBeneficiaryDocument(formId: string, beneficiaryId: string, id: string, o: Signal = {}) {
    const path = `/kyb/forms/${enc(formId)}/beneficiaries/${enc(beneficiaryId)}/documents/${enc(id)}/`;
    return this.http.get(path, { loadSchema: schema('KybDocument'), ...o });
  }
  /** Interface endpoint 5. */
  async renameBeneficiaryDocument(
    formId: string,
    beneficiaryId: string,
    id: string,
    filename: string,
    o: Signal = {},
  ) {
    const s = await kybSchemas();
    const body = s.RenameDocumentRequest.parse({ filename });
    const path = `/kyb/forms/${enc(formId)}/beneficiaries/${enc(beneficiaryId)}/documents/${enc(id)}/`;
    return this.http.request('PATCH', path, { body, schema: s.KybDocument, idempotent: true, ...o });
  }

  /** Interface endpoint 7. */
  listQuestionnaires(formId: string, o: Signal = {}) {
    return this.http.get(`/kyb/forms/${enc(formId)}/questionnaires/`, {
      loadSchema: schema('QuestionnaireList'),
      ...o,
    });
  }
  /** `null` when nothing was saved yet (204). */
  async getAnswers(formId: string, questionnaireId: string, o: Signal = {}): Promise<Answers | null> {
    const path = `/kyb/forms/${enc(formId)}/questionnaires/${enc(questionnaireId)}/answers/`;
    const res = await this.http.get(path, { loadSchema: schema('AnswersOrNone'), ...o });
    return res ?? null;
  }
  async putAnswers(formId: string, questionnaireId: string, answers: Answers, o: Upload = {}) {
    const path = `/kyb/forms/${enc(formId)}/questionnaires/${enc(questionnaireId)}/answers/`;
    const s = await kybSchemas();
    return this.http.request('PUT', path, { body: s.Answers.parse(answers), ...o });
  }
}

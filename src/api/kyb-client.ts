/**
 * Browser client for the KYB form endpoints (bearer `tokenString`), used by `<kyb-form>`: the core's
 * calls (kyb-core-client.ts: info, forms, create, update, read, submit, questionnaires) and the later
 * steps' (people, documents, answers). `new KybClient({http: core.http})` extends a core client over
 * its transport.
 *
 * The schemas (and zod with them) are loaded on first use: the first request leaves at once and the
 * validation code downloads while it travels. Write bodies are checked before they are sent.
 */
import type * as z from 'zod/mini';
import { KybCoreClient, enc, kybSchemas, schema, type Create, type Signal } from './kyb-core-client.ts';
import type { Answers, BeneficiaryCreate, BeneficiaryPatch, DocumentUpload } from './kyb.ts';

export { summarySchemas, kybSchemas, KybCoreClient, type KybClientOptions } from './kyb-core-client.ts';

type Upload = Create & { onUploadProgress?: ((fraction: number) => void) | undefined };

export class KybClient extends KybCoreClient {
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

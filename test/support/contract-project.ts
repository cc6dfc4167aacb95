/**
 * The project's side of the contract tests, in one place:
 * - `RESPONSE_CALLS`: for each published response schema of the supplement's call-to-schema table, the
 *   call the project makes for it (its own client, so the zod schema that client uses reads the answer);
 * - `buildRequestBodies()`: every request body the project can build, built through its own builders
 *   (the element models, the clients, the partner-server helper) and captured as it goes on the wire.
 */
import { uploadTypeFor } from '../../src/api/document-types.ts';
import { KybClient } from '../../src/api/kyb-client.ts';
import { ApiError } from '../../src/api/http.ts';
import { InsufficientFinancesBody } from '../../src/api/age.ts';
import { KybInfo, type AnswerValue, type Beneficiary, type Flow } from '../../src/api/kyb.ts';
import { PartnerClient, readWebhook, signWebhook, type WebhookEventType } from '../../src/server/index.ts';
import { companyPayload, fieldDefs, validBase } from '../../src/kyb-form/company/model.ts';
import * as customFields from '../../src/kyb-form/custom-fields.ts';
import {
  beneficiaryConfig,
  beneficiaryName,
  createBody,
  draftFromBeneficiary,
  emptyDraft,
  patchBody,
  type BeneficiaryDraft,
} from '../../src/kyb-form/beneficiaries/model.ts';
import { buildPayload } from '../../src/kyb-form/questionnaire/answers-state.ts';
import { uploadFilename } from '../../src/kyb-form/files.ts';
import { DEMO_FLOW } from '../../src/sandbox/fixtures.ts';

const BASE = 'https://api.example.com';
const PDF_BASE64 = 'JVBERi0xLjQKJcOkw7zDtsOfCg==';

/** A stand-in service: answers every request with `status` and `body`, and records what was sent. */
export function fakeService(status: number, body: unknown) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const text = typeof init?.body === 'string' ? init.body : undefined;
    sent.push({
      method: init?.method ?? 'GET',
      url: String(input),
      body: text === undefined ? undefined : (JSON.parse(text) as unknown),
    });
    const payload = body === undefined || status === 204 ? null : JSON.stringify(body);
    return new Response(payload, { status, headers: { 'Content-Type': 'application/json' } });
  };
  return { fetch, sent };
}

const kyb = (fetch: typeof globalThis.fetch) =>
  new KybClient({ baseUrl: BASE, token: 'kyb_t', fetch, retries: 0 });
const partner = (fetch: typeof globalThis.fetch) =>
  new PartnerClient({ baseUrl: BASE, apiKey: 'key', apiSecret: 'secret', fetch, retries: 0 });

/** The typed inputs of the KYB client's writes, as the published request shapes have them. */
type BeneficiaryInput = Parameters<KybClient['createBeneficiary']>[1];
type CompanyInput = Parameters<KybClient['createForm']>[0];
type BeneficiaryPatchInput = Parameters<KybClient['updateBeneficiary']>[2];
const PERSON = {
  beneficiaryTypes: ['UBO'],
  info: { infoType: 'INDIVIDUAL', name: 'Ada', surname: 'Lovelace' },
} as unknown as BeneficiaryInput;

export interface ResponseCall {
  /** The published response schema, `key.Name`. */
  published: string;
  /** The call, as the table names it. */
  call: string;
  status: number;
  /** The published answer is an array of `published`. */
  list?: boolean;
  /**
   * Runs the project's call against a service answering `body`; resolves to what the project read, and
   * rejects when the project refuses the answer.
   */
  read(fetch: typeof globalThis.fetch, body: unknown): Promise<unknown>;
  /**
   * How the element models read the answer: throws when they read it wrong (a COMPANY beneficiary shown
   * as a person, a `null` flow not giving the defaults).
   */
  model?(sample: unknown, read: unknown): void;
}

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec => (typeof v === 'object' && v !== null ? (v as Rec) : {});

/** A beneficiary as the list and the edit form read it: its kind, its name, its editable values. */
function beneficiaryModel(sample: unknown, read: unknown) {
  const b = (Array.isArray(read) ? read[0] : read) as Beneficiary;
  const info = rec(rec(Array.isArray(sample) ? sample[0] : sample).info);
  const draft = draftFromBeneficiary(b);
  if (info.infoType === 'COMPANY') {
    if (b.infoType !== 'COMPANY') throw new Error(`a COMPANY beneficiary read as ${b.infoType}`);
    if (beneficiaryName(b) !== String(info.companyName).trim())
      throw new Error(`a COMPANY beneficiary named "${beneficiaryName(b)}"`);
    if (draft.infoType !== 'COMPANY' || draft.values.companyName !== info.companyName)
      throw new Error('a COMPANY beneficiary opens for editing without its company name');
    if (typeof info.country === 'string' && draft.values.country !== info.country)
      throw new Error('a COMPANY beneficiary opens for editing without its country');
  } else {
    if (b.infoType !== 'INDIVIDUAL') throw new Error(`a person read as ${b.infoType}`);
    const name = [info.name, info.surname].filter((x) => typeof x === 'string' && x.trim()).join(' ');
    if (name && beneficiaryName(b) !== name) throw new Error(`a person named "${beneficiaryName(b)}"`);
    if (typeof info.name === 'string' && draft.values.name !== info.name)
      throw new Error('a person opens for editing without the first name');
  }
}

/** The session info as the company step and the beneficiaries step read it. */
function infoModel(sample: unknown, read: unknown) {
  const flow = (read as { flow: Flow | null | undefined }).flow ?? null;
  const defs = fieldDefs(flow, customFields);
  const cfg = beneficiaryConfig(flow);
  const published = rec(sample).flow;
  if (published === null) {
    // a null flow asks every company field, name and country required, and beneficiaries
    const standard = defs.filter((d) => d.kind === 'standard');
    const required = standard.filter((d) => d.required).map((d) => d.key);
    if (standard.length !== 16) throw new Error('a null flow does not ask every company field');
    if (required.join() !== 'companyName,country') throw new Error(`a null flow requires ${required.join()}`);
    if (!cfg.present) throw new Error('a null flow asks for no beneficiaries');
    return;
  }
  // every field and custom field the flow lists is asked (a null list asks none of its kind)
  const fields = rec(published).fields;
  const custom = rec(published).fieldsCustom;
  const wantStandard = new Set(Array.isArray(fields) ? fields.map((f) => rec(f).field) : []).size;
  const wantCustom = new Set(Array.isArray(custom) ? custom.map((c) => rec(rec(c).field).key) : []).size;
  const got = (k: string) => defs.filter((d) => d.kind === k).length;
  if (got('standard') !== wantStandard)
    throw new Error(`${got('standard')} of ${wantStandard} company fields asked`);
  if (got('custom') !== wantCustom) throw new Error(`${got('custom')} of ${wantCustom} custom fields asked`);
}

/** An error answer the project must read as an `http` ApiError of this status (never `invalid-response`). */
async function httpError(status: number, run: () => Promise<unknown>): Promise<ApiError> {
  try {
    await run();
  } catch (e) {
    if (e instanceof ApiError && e.kind === 'http' && e.status === status) return e;
    throw e;
  }
  throw new Error(`expected an ApiError ${status}`);
}

async function webhook(eventType: WebhookEventType, body: unknown) {
  const raw = JSON.stringify(body);
  const headers = {
    'Idenfy-Event-Type': eventType,
    'Idenfy-Signature': await signWebhook(raw, 'whsec_test'),
  };
  const event = await readWebhook(raw, headers, 'whsec_test');
  if (!event) throw new Error('readWebhook refused the body');
  return event;
}

const F = 'form-1';
const B = 'ben-1';
export const RESPONSE_CALLS: ResponseCall[] = [
  {
    published: 'kyb.KybInfo',
    call: 'GET /kyb/info/',
    status: 200,
    read: (f) => kyb(f).info(),
    model: infoModel,
  },
  {
    published: 'kyb.KybInfoUnauthorized',
    call: 'GET /kyb/info/ (401)',
    status: 401,
    read: (f) => httpError(401, () => kyb(f).info()),
  },
  {
    published: 'kyb.KybFormList',
    call: 'GET /kyb/forms/',
    status: 200,
    list: true,
    read: (f) => kyb(f).listForms(),
  },
  {
    published: 'kyb.KybFormCreate',
    call: 'POST /kyb/forms/',
    status: 201,
    read: (f) => kyb(f).createForm({ companyName: 'Acme', country: 'DE' }),
  },
  { published: 'kyb.KybForm', call: 'GET /kyb/forms/{id}/', status: 200, read: (f) => kyb(f).getForm(F) },
  {
    published: 'kyb.KybFormUpdate',
    call: 'PATCH /kyb/forms/{id}/',
    status: 200,
    read: (f) => kyb(f).updateForm(F, { companyName: 'Acme', country: 'DE' }),
  },
  {
    published: 'kyb.Beneficiary',
    call: 'GET beneficiaries',
    status: 200,
    list: true,
    read: (f) => kyb(f).listBeneficiaries(F),
    model: beneficiaryModel,
  },
  {
    published: 'kyb.BeneficiaryCreate',
    call: 'POST beneficiaries',
    status: 201,
    read: (f) => kyb(f).createBeneficiary(F, PERSON),
    model: beneficiaryModel,
  },
  {
    published: 'kyb.Beneficiary',
    call: 'PATCH beneficiary',
    status: 200,
    read: (f) => kyb(f).updateBeneficiary(F, B, { formFiller: true } as BeneficiaryPatchInput),
    model: beneficiaryModel,
  },
  {
    published: 'kyb.KybFormDocument',
    call: 'GET company documents',
    status: 200,
    list: true,
    read: (f) => kyb(f).listCompanyDocuments(F),
  },
  {
    published: 'kyb.KybFormDocumentCreate',
    call: 'POST company document',
    status: 201,
    read: (f) =>
      kyb(f).uploadCompanyDocument(F, { type: 'INCORPORATION_CERT', filename: 'a.pdf', file: PDF_BASE64 }),
  },
  {
    published: 'kyb.BeneficiaryDocument',
    call: 'GET beneficiary documents',
    status: 200,
    list: true,
    read: (f) => kyb(f).listBeneficiaryDocuments(F, B),
  },
  {
    published: 'kyb.BeneficiaryDocumentCreate',
    call: 'POST beneficiary document',
    status: 201,
    read: (f) =>
      kyb(f).uploadBeneficiaryDocument(F, B, {
        type: 'IDENTITY_DOCUMENT',
        filename: 'id.pdf',
        file: PDF_BASE64,
      }),
  },
  {
    published: 'kyb.BeneficiaryDocument',
    call: 'GET beneficiary document',
    status: 200,
    read: (f) => kyb(f).getBeneficiaryDocument(F, B, 'doc-1'),
  },
  {
    published: 'kyb.BeneficiaryDocument',
    call: 'PATCH beneficiary document',
    status: 200,
    read: (f) => kyb(f).renameBeneficiaryDocument(F, B, 'doc-1', 'passport.pdf'),
  },
  {
    published: 'kyb.Questionnaire',
    call: 'GET questionnaires',
    status: 200,
    list: true,
    read: (f) => kyb(f).listQuestionnaires(F),
  },
  {
    published: 'kyb.KybFormAnswers',
    call: 'GET answers',
    status: 200,
    read: (f) => kyb(f).getAnswers(F, 'q-1'),
  },
  {
    published: 'kyb.KybToken',
    call: 'POST /kyb/tokens/',
    status: 201,
    read: (f) => partner(f).createKybToken({ clientId: 'c-1' }),
  },
  {
    published: 'age.AgeEstimationToken',
    call: 'POST /age-estimation/token/',
    status: 201,
    read: (f) => partner(f).createAgeToken({ min_age: 18, confidence_threshold: 70 }),
  },
  {
    published: 'age.InsufficientFinances',
    call: 'POST /age-estimation/token/ (402)',
    status: 402,
    read: async (f) => {
      const e = await httpError(402, () =>
        partner(f).createAgeToken({ min_age: 18, confidence_threshold: 70 }),
      );
      return InsufficientFinancesBody.parse(e.body);
    },
  },
  {
    published: 'aml.AmlMonitoring',
    call: 'POST /aml/monitorings/',
    status: 201,
    read: (f) =>
      partner(f).createMonitoring({
        isSubscribed: true,
        amlCheck: { clientId: 'c-1', userType: 'PERSON', input: { fullName: 'Ada Lovelace' } },
      }),
  },
  {
    published: 'aml.AmlMonitoring',
    call: 'GET monitoring',
    status: 200,
    read: (f) => partner(f).getMonitoring('m-1'),
  },
  {
    published: 'aml.AmlMonitoring',
    call: 'POST monitoring start',
    status: 200,
    read: (f) => partner(f).startMonitoring('m-1', 'resume'),
  },
  {
    published: 'aml.AmlMonitoring',
    call: 'POST monitoring stop',
    status: 200,
    read: (f) => partner(f).stopMonitoring('m-1'),
  },
  {
    published: 'kyb.SosReportDocument',
    call: 'POST SOS order',
    status: 201,
    read: (f) =>
      partner(f).orderSosDocument({
        companyName: 'Acme LLC',
        state: 'TX',
        city: 'Austin',
        street: '1 Main St',
        postalCode: '73301',
      }),
  },
  {
    published: 'kyb.SosReportDocument',
    call: 'GET SOS document',
    status: 200,
    read: (f) => partner(f).getSosDocument('s-1'),
  },
  {
    published: 'kyc.IdentificationBlacklistEntry',
    call: 'POST blocklist',
    status: 201,
    read: (f) => partner(f).addToBlocklist('scan-1', 'SELFIE', 'fraud'),
  },
  {
    published: 'kyc.ApiV2TokenResponse',
    call: 'POST /api/v2/token',
    status: 201,
    read: (f) => partner(f).createClientToken({ clientId: 'c-1' }),
  },
  {
    published: 'kyb.CompanySubmitWebhook',
    call: 'webhook COMPANY_SUBMIT',
    status: 200,
    read: (_, body) => webhook('COMPANY_SUBMIT', body),
  },
  {
    published: 'kyb.CompanyInfoRequestWebhook',
    call: 'webhook COMPANY_INFO_REQUEST',
    status: 200,
    read: (_, body) => webhook('COMPANY_INFO_REQUEST', body),
  },
  {
    published: 'age.AgeEstimationWebhook',
    call: 'webhook AGE_ESTIMATION',
    status: 200,
    read: (_, body) => webhook('AGE_ESTIMATION', body),
  },
];

/* ---------------------------------------------------------------- request bodies */

export interface BuiltBody {
  /** The published request schema, `key.Name`. */
  published: string;
  label: string;
  /** The body as sent, or the error that kept the project from building or sending it. */
  body?: unknown;
  error?: string;
}

/** Runs one project write against a recording service and returns the body it sent. */
async function sent(
  published: string,
  label: string,
  run: (fetch: typeof globalThis.fetch) => Promise<unknown>,
): Promise<BuiltBody> {
  const svc = fakeService(500, { message: 'recorded', identifier: 'INTERNAL_ERROR' });
  try {
    await run(svc.fetch);
  } catch (e) {
    if (!(e instanceof ApiError && e.kind === 'http')) {
      return { published, label, error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
    }
  }
  const req = svc.sent[0];
  if (!req) return { published, label, error: 'nothing was sent' };
  return { published, label, body: req.body };
}

export const CUSTOM_FIELD_TYPES = [
  'CHECKBOX', 'COUNTRY', 'COUNTRY_MULTI', 'DATE', 'INTEGER', 'SELECT', 'SELECT_MULTI', 'TEXT',
] as const; // prettier-ignore
export type CustomFieldTypeName = (typeof CUSTOM_FIELD_TYPES)[number];
const CHOICES = [
  { key: 'small', title: 'Small' },
  { key: 'large', title: 'Large' },
];
/** What a user enters for a custom field of each type (draft text: lists one per line). */
const CUSTOM_DRAFT: Record<CustomFieldTypeName, string> = {
  CHECKBOX: 'true',
  COUNTRY: 'DE',
  COUNTRY_MULTI: 'DE\nFR',
  DATE: '2024-05-06',
  INTEGER: '42',
  SELECT: 'small',
  SELECT_MULTI: 'small\nlarge',
  TEXT: 'Hello',
};
export const customKeyOf = (type: CustomFieldTypeName) => `cf_${type.toLowerCase()}`;

const COMPANY_FIELD_NAMES = [
  'COMPANY_NAME', 'REGISTRATION_NUMBER', 'COUNTRY', 'REGION', 'TYPE', 'PHONE', 'WEBSITE', 'EMAIL', 'BRAND_NAMES',
  'ACTIVITY_CODE', 'TIN', 'OPERATING_ADDRESS', 'POSTAL_ADDRESS', 'POSTCODE', 'STREET', 'CITY',
] as const; // prettier-ignore
const COMPANY_DRAFT: Record<string, string> = {
  companyName: 'Acme GmbH',
  registrationNumber: 'HRB 12345',
  country: 'DE',
  region: 'BE',
  type: 'GmbH',
  phone: '+49 30 1234567',
  website: 'https://acme.example',
  email: 'office@acme.example',
  brandNames: 'Acme\nAcme Pay',
  activityCode: '62.01',
  tin: 'DE123456789',
  operatingAddress: 'Unter den Linden 1, Berlin',
  postalAddress: 'Postfach 1, Berlin',
  postcode: '10117',
  street: 'Unter den Linden 1',
  city: 'Berlin',
};

/** A flow in the published shape asking for every company field, a custom field of each type, and both kinds of owners. */
export const CONTRACT_FLOW = {
  fields: COMPANY_FIELD_NAMES.map((field, i) => ({ field, required: i < 3, order: i })),
  fieldsCustom: CUSTOM_FIELD_TYPES.map((type, i) => ({
    field: {
      id: `00000000-0000-4000-8000-00000000000${i}`,
      key: customKeyOf(type),
      title: `Custom ${type}`,
      type,
      choices: type.startsWith('SELECT') ? CHOICES : [],
    },
    required: false,
    order: 20 + i,
  })),
  documents: [{ docType: 'INCORPORATION_CERT', required: true }],
  beneficiaries: [
    {
      beneficiaryType: 'UBO',
      required: true,
      fields: [{ field: 'OWNERSHIP_PERCENTAGE', required: true }],
      applicants: [
        {
          applicantType: 'INDIVIDUAL',
          required: true,
          fields: ['NAME', 'SURNAME', 'DATE_OF_BIRTH', 'NATIONALITY', 'EMAIL', 'POSITIONS'].map((field) => ({
            field,
            required: false,
          })),
          documents: [{ docType: 'IDENTITY_DOCUMENT', required: true }],
        },
        {
          applicantType: 'COMPANY',
          required: false,
          fields: [
            { field: 'COMPANY_NAME', required: true },
            { field: 'COUNTRY', required: true },
            { field: 'REGISTRATION_NUMBER', required: false },
          ],
        },
      ],
    },
  ],
  ownershipFullStructure: true,
  ownershipPercentageThreshold: 25,
};

/** The flow as the project reads it from `GET /kyb/info/`. */
export const projectFlow = (flow: unknown): Flow => {
  const info = KybInfo.parse({ locale: 'en', theme: null, flow });
  if (!info.flow) throw new Error('the flow did not parse');
  return info.flow;
};

async function companyBodies(): Promise<BuiltBody[]> {
  const flow = projectFlow(CONTRACT_FLOW);
  const defs = fieldDefs(flow, customFields);
  const draft: Record<string, string> = {};
  for (const def of defs) {
    if (def.kind === 'standard') draft[def.draftKey] = COMPANY_DRAFT[def.key] ?? '';
  }
  const out: BuiltBody[] = [];
  for (const type of CUSTOM_FIELD_TYPES) {
    const withCustom = { ...draft };
    for (const def of defs) {
      if (def.kind === 'custom' && def.key === customKeyOf(type))
        withCustom[def.draftKey] = CUSTOM_DRAFT[type];
    }
    const payload = companyPayload(validBase(null), defs, withCustom);
    out.push(
      await sent('kyb.KybFormCreateRequest', `company create, custom ${type}`, (f) =>
        kyb(f).createForm(payload as CompanyInput),
      ),
      await sent('kyb.PatchedKybFormUpdateRequest', `company patch, custom ${type}`, (f) =>
        kyb(f).updateForm(F, payload),
      ),
    );
  }
  // every custom field at once, and a patch where the optional fields were cleared
  const all = { ...draft };
  for (const def of defs) {
    if (def.kind === 'custom') {
      const t = CUSTOM_FIELD_TYPES.find((x) => customKeyOf(x) === def.key);
      if (t) all[def.draftKey] = CUSTOM_DRAFT[t];
    }
  }
  const full = companyPayload(validBase(null), defs, all);
  out.push(
    await sent('kyb.KybFormCreateRequest', 'company create, every field', (f) =>
      kyb(f).createForm(full as CompanyInput),
    ),
  );
  const cleared: Record<string, string> = {};
  for (const def of defs)
    cleared[def.draftKey] = def.kind === 'standard' && def.required ? (all[def.draftKey] ?? '') : '';
  const emptied = companyPayload(full, defs, cleared);
  out.push(
    await sent('kyb.PatchedKybFormUpdateRequest', 'company patch, optional fields cleared', (f) =>
      kyb(f).updateForm(F, emptied),
    ),
  );
  return out;
}

/** Fills a beneficiary draft the way the user would. */
function personDraft(): BeneficiaryDraft {
  return {
    ...emptyDraft('INDIVIDUAL'),
    values: {
      name: 'Ada',
      surname: 'Lovelace',
      dateOfBirth: '1990-12-10',
      nationality: 'GB',
      email: 'ada@example.com',
      phone: '+44 20 7946 0000',
      citizenship: 'GB',
      documentNumber: 'X1234567',
      residentialAddress: '1 St James Square',
      taxResidence: 'GB',
      selfDeclaredPep: 'no',
    },
    types: ['UBO', 'CEO'],
    positions: ['Director', '', ''],
    ownership: '30.5',
  };
}
function companyOwnerDraft(): BeneficiaryDraft {
  return {
    ...emptyDraft('COMPANY', 'parent-company-id'),
    values: { companyName: 'Holding AG', country: 'CH', registrationNumber: 'CHE-123.456.789' },
    types: ['SHAREHOLDER'],
    ownership: '60',
  };
}

async function beneficiaryBodies(): Promise<BuiltBody[]> {
  const cfg = beneficiaryConfig(projectFlow(CONTRACT_FLOW));
  const out: BuiltBody[] = [];
  for (const [label, draft] of [
    ['person', personDraft()],
    ['company', companyOwnerDraft()],
  ] as const) {
    out.push(
      await sent('kyb.BeneficiaryCreateRequest', `${label} beneficiary create`, (f) =>
        kyb(f).createBeneficiary(F, createBody(draft, cfg) as BeneficiaryInput),
      ),
      await sent('kyb.PatchedBeneficiaryRequest', `${label} beneficiary patch`, (f) =>
        kyb(f).updateBeneficiary(F, B, patchBody({ ...draft, id: B }, cfg) as BeneficiaryPatchInput),
      ),
    );
  }
  return out;
}

async function documentBodies(): Promise<BuiltBody[]> {
  const out: BuiltBody[] = [];
  const file = new File([new Uint8Array([37, 80, 68, 70])], 'Certificate.PDF', { type: 'application/pdf' });
  const filename = uploadFilename(file);
  const docTypes = [...new Set([...DEMO_FLOW.documents.map((d) => d.docType), 'INCORPORATION_CERT'])];
  for (const type of docTypes) {
    out.push(
      await sent('kyb.KybFormDocumentCreateRequest', `company document ${type}`, (f) =>
        kyb(f).uploadCompanyDocument(F, { type: uploadTypeFor(type), filename, file: PDF_BASE64 }),
      ),
    );
  }
  for (const type of ['IDENTITY_DOCUMENT', 'PROOF_OF_ADDRESS', 'OTHER']) {
    out.push(
      await sent('kyb.BeneficiaryDocumentCreateRequest', `beneficiary document ${type}`, (f) =>
        kyb(f).uploadBeneficiaryDocument(F, B, {
          type: uploadTypeFor(type, 'INDIVIDUAL'),
          filename,
          file: PDF_BASE64,
        }),
      ),
    );
  }
  out.push(
    await sent('kyb.PatchedBeneficiaryDocumentRequest', 'beneficiary document rename', (f) =>
      kyb(f).renameBeneficiaryDocument(F, B, 'doc-1', 'passport.pdf'),
    ),
  );
  return out;
}

/** A typical answer of each of the 21 question types. */
export const ANSWER_SAMPLES: Record<string, unknown> = {
  CHECKBOX: true,
  COLOR: '#1a2b3c',
  COUNTRY: 'LT',
  COUNTRY_MULTI: ['LT', 'LV'],
  DATE: '2024-05-06',
  DATETIME: '2024-05-06T07:08:09Z',
  EMAIL: 'a@example.com',
  FILE: { filename: 'a.pdf', file: PDF_BASE64 },
  FILE_MULTI: [
    { filename: 'a.pdf', file: PDF_BASE64 },
    { filename: 'b.png', file: 'iVBORw0KGgo=' },
  ],
  FLOAT: 2.5,
  LIST: ['one', 'two'],
  INTEGER: 7,
  PASSWORD: 'secret-1',
  RADIO: 'small',
  SELECT: 'large',
  SELECT_MULTI: ['small', 'large'],
  TEL: '+370 600 00000',
  TEXT: 'Some text',
  TEXT_AREA: 'Line one\nLine two',
  TIME: '09:30',
  URL: 'https://example.com/about',
};

async function answerBodies(): Promise<BuiltBody[]> {
  const questions = Object.keys(ANSWER_SAMPLES).map((type) => ({
    key: `q_${type.toLowerCase()}`,
    type,
    choices: ['RADIO', 'SELECT', 'SELECT_MULTI'].includes(type) ? CHOICES : [],
    required: false,
  })) as Parameters<typeof buildPayload>[0][number]['questions'];
  const sections = [{ key: 'main', questions }];
  const local = (_s: string, q: string) => {
    const type = questions.find((x) => x.key === q)?.type ?? '';
    return ANSWER_SAMPLES[type] as AnswerValue;
  };
  const payload = buildPayload(sections, local, () => true);
  const out: BuiltBody[] = [
    await sent('kyb.KybFormAnswersRequest', 'answers, all 21 question types', (f) =>
      kyb(f).putAnswers(F, 'q-1', payload),
    ),
  ];
  for (const q of questions) {
    const one = buildPayload([{ key: 'main', questions: [q] }], local, () => true);
    out.push(
      await sent('kyb.KybFormAnswersRequest', `answer ${q.type}`, (f) => kyb(f).putAnswers(F, 'q-1', one)),
    );
  }
  return out;
}

async function partnerBodies(): Promise<BuiltBody[]> {
  const p = (f: typeof globalThis.fetch) => partner(f);
  return [
    await sent('kyb.KybTokenRequest', 'KYB token, client only', (f) =>
      p(f).createKybToken({ clientId: 'c-1' }),
    ),
    await sent('kyb.KybTokenRequest', 'KYB token, every member', (f) =>
      p(f).createKybToken({
        clientId: 'c-1',
        lifetime: 1800,
        externalRef: 'order-77',
        locale: 'de',
        flow: '3f2b8c4e-5d6a-4b7c-8d9e-0f1a2b3c4d5e',
        theme: null,
        questionnaire: 'kyb_main',
        questionnaireRequired: false,
        tags: ['vip', 'eu'],
        scanRefs: ['scan-1'],
      }),
    ),
    await sent('age.AgeEstimationTokenRequest', 'age token, required only', (f) =>
      p(f).createAgeToken({ min_age: 18, confidence_threshold: 72.5 }),
    ),
    await sent('age.AgeEstimationTokenRequest', 'age token, every member', (f) =>
      p(f).createAgeToken({
        min_age: 21,
        confidence_threshold: 80,
        buffer: 2,
        escalation: 'NONE',
        retry_limit: 2,
        save_photo: false,
        expiry_minutes: 30,
        success_redirect: 'https://shop.example/ok',
        underage_redirect: 'https://shop.example/no',
        uncertain_redirect: 'https://shop.example/maybe',
        webhook_url: 'https://shop.example/hooks/age',
        client_id: 'user-1',
      }),
    ),
    await sent('kyc.ApiV2TokenRequest', 'identity token (IDENTIFICATION by default)', (f) =>
      p(f).createClientToken({ clientId: 'c-1' }),
    ),
    await sent('kyc.ApiV2TokenRequest', 'identity token DOCUMENT, every member', (f) =>
      p(f).createClientToken({
        clientId: 'c-1',
        tokenType: 'DOCUMENT',
        externalRef: 'ref-1',
        locale: 'lt',
        callbackUrl: 'https://partner.example/cb',
      }),
    ),
    await sent('aml.AmlMonitoringRequest', 'AML person, every member', (f) =>
      p(f).createMonitoring({
        isSubscribed: true,
        tags: ['daily'],
        amlCheck: {
          clientId: 'c-1',
          userType: 'PERSON',
          input: { fullName: 'Ada Lovelace', nationality: 'GB', dateOfBirth: '1990-12-10', sex: 'FEMALE' },
        },
      }),
    ),
    await sent('aml.AmlMonitoringRequest', 'AML person, required only', (f) =>
      p(f).createMonitoring({
        isSubscribed: false,
        amlCheck: { clientId: 'c-1', userType: 'PERSON', input: { fullName: 'Ada Lovelace' } },
      }),
    ),
    await sent('aml.AmlMonitoringRequest', 'AML company', (f) =>
      p(f).createMonitoring({
        isSubscribed: true,
        amlCheck: { clientId: 'c-2', userType: 'COMPANY', input: { companyName: 'Acme', country: null } },
      }),
    ),
    await sent('aml.AmlMonitoringStartStopRequest', 'AML start with a comment', (f) =>
      p(f).startMonitoring('m-1', 'resume'),
    ),
    await sent('aml.AmlMonitoringStartStopRequest', 'AML stop without a comment', (f) =>
      p(f).stopMonitoring('m-1'),
    ),
    await sent('kyb.SosReportParameterRequest', 'SOS order', (f) =>
      p(f).orderSosDocument({
        companyName: 'Acme LLC',
        state: 'TX',
        city: 'Austin',
        street: '1 Main St',
        postalCode: '73301',
      }),
    ),
    await sent('kyc.IdentificationBlacklistRequest', 'blocklist with a reason', (f) =>
      p(f).addToBlocklist('scan-1', 'DOCUMENT', 'forged'),
    ),
    await sent('kyc.IdentificationBlacklistRequest', 'blocklist without a reason', (f) =>
      p(f).addToBlocklist('scan-1', 'SELFIE'),
    ),
  ];
}

/** Every request body the project builds, by the project's own code. */
export async function buildRequestBodies(): Promise<BuiltBody[]> {
  return [
    ...(await companyBodies()),
    ...(await beneficiaryBodies()),
    ...(await documentBodies()),
    ...(await answerBodies()),
    ...(await partnerBodies()),
  ];
}

/** KYB: token minting, session info, the form, beneficiaries, documents, questionnaires and answers. */
import { base64Bytes, MAX_DOCUMENT_BYTES } from '../api/common.ts';
import {
  Answers,
  answerValueSchema,
  BeneficiaryCreate,
  BeneficiaryPatch,
  COMPANY_FIELDS,
  CompanyDocumentUpload,
  CreateFormRequest,
  customValueSchema,
  DocumentUpload,
  Flow,
  RenameDocumentRequest,
  UpdateFormRequest,
  type CustomFieldDef,
} from '../api/kyb.ts';
import { KybTokenRequest } from '../api/kyb-token.ts';
import { INDIVIDUAL_DOCUMENT_TYPES } from '../api/document-types.ts';
import { createVisibilityIndex } from '../conditions/index.ts';
import { acct, type Ctx, type RouteDef } from './context.ts';
import { sendCompanyInfoRequest, sendCompanySubmit } from './webhooks.ts';
import type {
  StoredBeneficiary,
  StoredDocument,
  StoredFile,
  StoredForm,
  StoredQuestionnaire,
  StoredValue,
} from './state.ts';
import {
  base64ToBytes,
  contentTypeFor,
  empty,
  HttpError,
  isRecord,
  iso,
  json,
  notFound,
  parseOrThrow,
  randomHex,
  uuid,
  validationError,
} from './util.ts';

/* ---------------------------------------------------------------- helpers */

/**
 * The theme with `logo` and `font` as absolute URIs (published `format: uri`): a path stored for the
 * account is resolved on the sandbox's own origin.
 */
function absoluteThemeUrls(ctx: Ctx, theme: unknown) {
  if (!isRecord(theme)) return null;
  const out: Record<string, unknown> = { ...theme };
  for (const key of ['logo', 'font'] as const) {
    const v = theme[key];
    if (typeof v === 'string' && v.startsWith('/') && !v.startsWith('//'))
      out[key] = new URL(v, ctx.origin).href;
  }
  return out;
}

/** The flow's custom field definitions by key (company and every applicant type). */
function customDefs(ctx: Ctx): Map<string, CustomFieldDef> {
  const info = acct(ctx).kybInfo;
  const r = isRecord(info.flow) ? Flow.safeParse(info.flow) : null;
  const out = new Map<string, CustomFieldDef>();
  if (!r?.success) return out;
  for (const c of r.data.fieldsCustom) out.set(c.field.key, c.field);
  for (const b of r.data.beneficiaries)
    for (const a of b.applicants) for (const c of a.fieldsCustom) out.set(c.field.key, c.field);
  return out;
}

/** `additionalInfo` as published in answers: `{key: {title, type, value}}`. */
function additionalJson(ctx: Ctx | undefined, stored: unknown) {
  if (!isRecord(stored)) return {};
  const defs = ctx ? customDefs(ctx) : new Map<string, CustomFieldDef>();
  const out: Record<string, { title: string; type: string; value: unknown }> = {};
  for (const [k, v] of Object.entries(stored)) {
    const def = defs.get(k);
    out[k] = {
      title: def?.title || k,
      type: def?.type ?? 'TEXT',
      value: isRecord(v) ? (v.value ?? null) : null,
    };
  }
  return out;
}

/**
 * Refuses custom-field values whose type does not match the field's published type (the service checks
 * `additionalInfo` against the flow's `CustomFieldTypeEnum`); keys the flow does not know are kept as sent.
 */
function checkCustomValues(ctx: Ctx, additional: unknown, path: string) {
  if (!isRecord(additional)) return;
  const defs = customDefs(ctx);
  const fields: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(additional)) {
    const def = defs.get(k);
    const value = isRecord(v) ? v.value : undefined;
    if (!def || value === null || value === undefined) continue;
    if (!customValueSchema(def).safeParse(value).success)
      fields[`${path}.${k}`] = [`not a valid ${def.type} value`];
  }
  if (Object.keys(fields).length) throw validationError(fields);
}

/** The company as published (`kyb.CompanyInfo`): lists present, custom values with title and type. */
function companyJson(ctx: Ctx | undefined, company: Record<string, unknown>) {
  return {
    ...company,
    brandNames: Array.isArray(company.brandNames) ? [...(company.brandNames as string[])] : [],
    additionalInfo: additionalJson(ctx, company.additionalInfo),
  };
}

/** `kyb.KybForm`. With `ctx`, documents and beneficiaries are included (document URLs need the origin). */
export function formJson(form: StoredForm, ctx?: Ctx) {
  return {
    id: form.id,
    company: companyJson(ctx, form.company),
    documents: ctx ? [...form.documents.values()].map((d) => docJson(ctx, d)) : [],
    beneficiaries: [...form.beneficiaries.values()].map((b) => benJson(b, ctx)),
    clientSystem: { ipAddress: null, timeZone: null },
    meta: { ...form.meta },
  };
}

function tokenForm(ctx: Ctx): StoredForm | null {
  const t = ctx.kybToken;
  if (!t) return null;
  return acct(ctx).forms.get(t.clientId) ?? null;
}

/** The form addressed by `:id`, reachable by this credential (else 404). */
function getForm(ctx: Ctx): StoredForm {
  const id = ctx.params.id ?? '';
  const form = ctx.state.formsById.get(id);
  const account = acct(ctx);
  if (!form || form.accountId !== account.id) throw notFound('No such form.');
  if (ctx.kybToken && form.clientId !== ctx.kybToken.clientId) throw notFound('No such form.');
  return form;
}

function editable(form: StoredForm) {
  if (form.meta.status !== 'PENDING') {
    throw new HttpError(403, 'PERMISSIONS_ERROR', 'The form was submitted and can no longer be changed.');
  }
}

function getBeneficiary(ctx: Ctx, form: StoredForm): StoredBeneficiary {
  const b = form.beneficiaries.get(ctx.params.bid ?? '');
  if (!b) throw notFound('No such beneficiary.');
  return b;
}

function docJson(ctx: Ctx, d: StoredDocument) {
  return { id: d.id, type: d.type, filename: d.filename, file: ctx.services.fileUrl(ctx.origin, d.fileId) };
}

/** `kyb.Beneficiary`: `infoType` inside `info`, the first role also as `beneficiaryType`. */
function benJson(b: StoredBeneficiary, ctx?: Ctx) {
  const info: Record<string, unknown> = { infoType: b.infoType, ...b.info };
  if ('additionalInfo' in b.info) info.additionalInfo = additionalJson(ctx, b.info.additionalInfo);
  if (b.infoType === 'COMPANY') info.brandNames = Array.isArray(b.info.brandNames) ? b.info.brandNames : [];
  return {
    id: b.id,
    ...(b.beneficiaryTypes[0] ? { beneficiaryType: b.beneficiaryTypes[0] } : {}),
    beneficiaryTypes: [...b.beneficiaryTypes],
    info,
    positions: [...b.positions],
    formFiller: b.formFiller,
    ownershipPercentage: b.ownershipPercentage,
    parent: b.parent,
  };
}

const tooBig = () => new HttpError(413, 'BAD_VALUE', 'The file is larger than 10 MiB.');

/**
 * Stores an uploaded document. Company documents take `KybDocumentTypeEnum`; a beneficiary's take its
 * applicant type's enum (`IndividualKybDocTypeEnum` for a person).
 */
function storeUpload(
  ctx: Ctx,
  form: StoredForm,
  owner: 'INDIVIDUAL' | 'COMPANY' = 'COMPANY',
): StoredDocument {
  const raw = ctx.json();
  if (isRecord(raw) && typeof raw.file === 'string' && base64Bytes(raw.file) > MAX_DOCUMENT_BYTES)
    throw tooBig();
  const body = parseOrThrow(owner === 'COMPANY' ? CompanyDocumentUpload : DocumentUpload, raw);
  if (owner === 'INDIVIDUAL' && !(INDIVIDUAL_DOCUMENT_TYPES as readonly string[]).includes(body.type))
    throw validationError({ type: [`not a document type of a person: ${body.type}`] });
  const fileId = ctx.services.storeFile(
    form.accountId,
    body.filename,
    contentTypeFor(body.filename),
    base64ToBytes(body.file),
  );
  return { id: uuid(), type: body.type, filename: body.filename, fileId };
}

export function visibleQuestionnaires(ctx: Ctx): StoredQuestionnaire[] {
  const all = acct(ctx).questionnaires;
  const key = ctx.kybToken?.questionnaire;
  return key ? all.filter((q) => q.key === key) : all;
}

function questionnaireJson(q: StoredQuestionnaire) {
  return {
    id: q.id,
    key: q.key,
    name: q.name,
    title: q.title,
    description: q.description ?? '',
    type: q.type ?? 'KYB',
    sections: q.sections.map((s) => ({
      key: s.key,
      title: s.title,
      description: s.description ?? '',
      ...(s.condition ? { condition: s.condition } : {}),
      questions: s.questions.map((x) => ({
        key: x.key,
        title: x.title,
        description: x.description ?? '',
        type: x.type,
        choices: x.choices ?? [],
        required: x.required ?? false,
        ...(x.placeholder !== undefined ? { placeholder: x.placeholder } : {}),
        ...(x.condition ? { condition: x.condition } : {}),
      })),
    })),
  };
}

const isStoredFile = (v: unknown): v is StoredFile => isRecord(v) && typeof v.fileId === 'string';

function renderValue(ctx: Ctx, v: StoredValue): unknown {
  if (isStoredFile(v)) return { filename: v.filename, file: ctx.services.fileUrl(ctx.origin, v.fileId) };
  if (Array.isArray(v)) return v.map((x: unknown) => (isStoredFile(x) ? renderValue(ctx, x) : x));
  return v;
}

function renderAnswers(ctx: Ctx, stored: Record<string, Record<string, StoredValue>>) {
  const sections: Record<string, Record<string, { value: unknown }>> = {};
  for (const [s, qs] of Object.entries(stored)) {
    const o: Record<string, { value: unknown }> = {};
    for (const [k, v] of Object.entries(qs)) o[k] = { value: renderValue(ctx, v) };
    sections[s] = o;
  }
  return { sections };
}

function answered(v: StoredValue | undefined): boolean {
  if (v === null || v === undefined || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  return true;
}

const isEmpty = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

/* ---------------------------------------------------------------- submit and information request */

function submitErrors(ctx: Ctx, form: StoredForm): Record<string, string[]> {
  const account = acct(ctx);
  const fields: Record<string, string[]> = {};
  const add = (k: string, m: string) => (fields[k] ??= []).push(m);
  const company = form.company as Record<string, unknown>;
  const info = account.kybInfo;
  const flowRes = isRecord(info.flow) ? Flow.safeParse(info.flow) : null;
  const flow = flowRes?.success ? flowRes.data : null;
  const required = new Set<string>(['companyName', 'country']);
  const names = COMPANY_FIELDS as Record<string, string>;
  if (flow) {
    for (const f of flow.fields) {
      const key = names[f.field];
      if (!key) continue;
      if (f.required) required.add(key);
      if (
        f.changeRequired &&
        f.changeFrom !== undefined &&
        f.changeFrom !== null &&
        company[key] === f.changeFrom
      ) {
        add(`company.${key}`, 'must be changed');
      }
    }
  }
  for (const key of required) if (isEmpty(company[key])) add(`company.${key}`, 'required');
  if (flow) {
    const additional = isRecord(company.additionalInfo) ? company.additionalInfo : {};
    for (const f of flow.fieldsCustom) {
      const entry = additional[f.field.key];
      if (f.required && isEmpty(isRecord(entry) ? entry.value : undefined)) {
        add(`company.additionalInfo.${f.field.key}`, 'required');
      }
    }
    const docs = [...form.documents.values()];
    for (const d of flow.documents) {
      if (d.required && !docs.some((x) => x.type === d.docType))
        add(`documents.${d.docType}`, 'required document');
    }
    // As the element reads the flow: a required role needs a beneficiary holding it; a required entry or
    // applicant type, any beneficiary.
    const saved = [...form.beneficiaries.values()];
    const anyRequired = flow.beneficiaries.some((b) => b.required || b.applicants.some((a) => a.required));
    if (anyRequired && saved.length === 0) add('beneficiaries', 'at least one beneficiary is required');
    else
      for (const { required, beneficiaryType: role } of flow.beneficiaries)
        if (required && role && !saved.some((x) => x.beneficiaryTypes.includes(role)))
          add(`beneficiaries.${role}`, 'a beneficiary with this role is required');
  }
  if (ctx.kybToken?.questionnaireRequired !== false) {
    for (const q of visibleQuestionnaires(ctx)) {
      const answers = form.answers.get(q.id) ?? {};
      const get = (s: string, k: string): unknown => {
        const v = answers[s]?.[k];
        return isStoredFile(v) ? v.filename : v === undefined ? null : v;
      };
      const vis = createVisibilityIndex(q.sections, get);
      for (const s of q.sections) {
        if (!vis.isSectionVisible(s.key)) continue;
        for (const x of s.questions) {
          if (x.required && vis.isQuestionVisible(s.key, x.key) && !answered(answers[s.key]?.[x.key])) {
            add(`questionnaires.${q.key}.${s.key}.${x.key}`, 'required');
          }
        }
      }
    }
  }
  return fields;
}

/** Control: puts a submitted form back to `PENDING` and sends the KYB webhook. */
export async function requestInformation(ctx: Ctx, formId: string, message?: string) {
  const account = acct(ctx);
  const form = ctx.state.formsById.get(formId);
  if (!form || form.accountId !== account.id) throw notFound('No such form.');
  form.meta.status = 'PENDING';
  form.meta.approvalStatus = null;
  void message; // shown on the dashboard of a real service; not part of the published webhook body
  await sendCompanyInfoRequest(ctx, account, form);
  return form;
}

/* ---------------------------------------------------------------- answers */

const BASE64_RE = /^[A-Za-z0-9+/]*={0,2}$/;

function preCheckFileSizes(raw: unknown) {
  if (!isRecord(raw) || !isRecord(raw.sections)) return;
  for (const sec of Object.values(raw.sections)) {
    if (!isRecord(sec)) continue;
    for (const a of Object.values(sec)) {
      if (!isRecord(a)) continue;
      const vals = Array.isArray(a.value) ? a.value : [a.value];
      for (const v of vals) {
        if (isRecord(v) && typeof v.file === 'string' && !/^https?:/i.test(v.file)) {
          if (base64Bytes(v.file) > MAX_DOCUMENT_BYTES) throw tooBig();
        }
      }
    }
  }
}

function putAnswers(ctx: Ctx, form: StoredForm, q: StoredQuestionnaire) {
  const raw = ctx.json();
  preCheckFileSizes(raw);
  const body = parseOrThrow(Answers, raw);
  const fields: Record<string, string[]> = {};
  const add = (k: string, m: string) => (fields[k] ??= []).push(m);
  const pendingFiles: { key: string; filename: string; b64: string; set: (f: StoredFile) => void }[] = [];
  const out: Record<string, Record<string, StoredValue>> = {};
  for (const [sKey, answers] of Object.entries(body.sections)) {
    const section = q.sections.find((s) => s.key === sKey);
    if (!section) {
      add(`sections.${sKey}`, 'unknown section');
      continue;
    }
    const outSec: Record<string, StoredValue> = {};
    out[sKey] = outSec;
    for (const [qKey, { value }] of Object.entries(answers)) {
      const path = `sections.${sKey}.${qKey}`;
      const question = section.questions.find((x) => x.key === qKey);
      if (!question) {
        add(path, 'unknown question');
        continue;
      }
      if (value === null) {
        outSec[qKey] = null;
        continue;
      }
      const r = answerValueSchema({ type: question.type, choices: question.choices ?? [] }).safeParse(value);
      if (!r.success) {
        for (const issue of r.error.issues) add([path, ...issue.path.map(String)].join('.'), issue.message);
        continue;
      }
      if (question.type === 'FILE' || question.type === 'FILE_MULTI') {
        const files = (Array.isArray(value) ? value : [value]) as { filename: string; file: string }[];
        const stored: StoredFile[] = [];
        files.forEach((f, i) => {
          const p = question.type === 'FILE' ? path : `${path}.${i}`;
          if (/^https?:/i.test(f.file)) {
            const id = ctx.services.fileIdFromUrl(f.file, form.accountId);
            if (!id) add(p, 'unknown file URL');
            else stored.push({ filename: f.filename, fileId: id });
          } else if (f.file.length % 4 !== 0 || !BASE64_RE.test(f.file)) {
            add(p, 'not base64');
          } else {
            const slot: StoredFile = { filename: f.filename, fileId: '' };
            stored.push(slot);
            pendingFiles.push({
              key: p,
              filename: f.filename,
              b64: f.file,
              set: (x) => (slot.fileId = x.fileId),
            });
          }
        });
        outSec[qKey] = question.type === 'FILE' ? (stored[0] ?? null) : stored;
      } else {
        outSec[qKey] = r.data as StoredValue;
      }
    }
  }
  if (Object.keys(fields).length > 0) throw validationError(fields);
  for (const p of pendingFiles) {
    const fileId = ctx.services.storeFile(
      form.accountId,
      p.filename,
      contentTypeFor(p.filename),
      base64ToBytes(p.b64),
    );
    p.set({ filename: p.filename, fileId });
  }
  form.answers.set(q.id, out);
}

function getQuestionnaire(ctx: Ctx): StoredQuestionnaire {
  const q = visibleQuestionnaires(ctx).find((x) => x.id === ctx.params.qid);
  if (!q) throw notFound('No such questionnaire.');
  return q;
}

/* ---------------------------------------------------------------- routes */

export const kybRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/kyb/tokens/',
    auth: 'basic',
    handler(ctx) {
      const account = acct(ctx);
      const body = parseOrThrow(KybTokenRequest, ctx.json());
      if (body.questionnaire && !account.questionnaires.some((q) => q.key === body.questionnaire)) {
        throw validationError({ questionnaire: ['unknown questionnaire'] });
      }
      const now = ctx.now();
      const lifetime = body.lifetime ?? 3600;
      const rec = {
        tokenString: `kyb_${randomHex(20)}`,
        accountId: account.id,
        clientId: body.clientId,
        externalRef: body.externalRef ?? null,
        locale: body.locale ?? null,
        questionnaire: body.questionnaire ?? null,
        questionnaireRequired: body.questionnaireRequired ?? true,
        tags: body.tags ?? [],
        expiresAt: now + lifetime * 1000,
      };
      ctx.state.kybTokens.set(rec.tokenString, rec);
      const form = account.forms.get(body.clientId);
      // `kyb.KybToken` (its `KybFormToken` branch).
      return json(
        {
          tokenType: 'FORM',
          tokenString: rec.tokenString,
          expiration: iso(rec.expiresAt),
          isActive: rec.expiresAt > now,
          isValid: rec.expiresAt > now,
          companyId: form?.id ?? null,
          clientId: rec.clientId,
          externalRef: rec.externalRef,
          locale: rec.locale,
          flow: body.flow ?? null,
          theme: body.theme ?? null,
          tags: rec.tags,
          scanRefs: body.scanRefs ?? null,
        },
        201,
      );
    },
  },
  {
    method: 'GET',
    path: '/kyb/info/',
    auth: 'kyb',
    handler(ctx) {
      const info = acct(ctx).kybInfo;
      return json({
        ...info,
        locale: ctx.kybToken?.locale ?? (typeof info.locale === 'string' ? info.locale : 'en'),
        theme: absoluteThemeUrls(ctx, info.theme),
        flow: info.flow ?? null,
      });
    },
  },
  {
    method: 'GET',
    path: '/kyb/forms/',
    auth: 'kyb',
    handler(ctx) {
      const form = tokenForm(ctx);
      if (!form) return json([]);
      const { id, company, meta } = formJson(form, ctx);
      return json([{ id, company, meta }]);
    },
  },
  {
    method: 'POST',
    path: '/kyb/forms/',
    auth: 'kyb',
    handler(ctx) {
      const account = acct(ctx);
      const token = ctx.kybToken;
      if (!token) throw notFound();
      const body = parseOrThrow(CreateFormRequest, ctx.json());
      checkCustomValues(ctx, body.company.additionalInfo, 'company.additionalInfo');
      if (account.forms.has(token.clientId)) {
        throw validationError(
          { '(root)': ['a form already exists for this token'] },
          'The form already exists.',
        );
      }
      const form: StoredForm = {
        id: uuid(),
        accountId: account.id,
        clientId: token.clientId,
        externalRef: token.externalRef,
        company: body.company,
        meta: { status: 'PENDING', approvalStatus: null, submissionTime: null, soleProprietor: false },
        beneficiaries: new Map(),
        documents: new Map(),
        answers: new Map(),
      };
      account.forms.set(token.clientId, form);
      ctx.state.formsById.set(form.id, form);
      return json(formJson(form, ctx), 201);
    },
  },
  {
    method: 'GET',
    path: '/kyb/forms/:id/',
    auth: 'kyb-or-basic',
    handler: (ctx) => json(formJson(getForm(ctx), ctx)),
  },
  {
    method: 'PATCH',
    path: '/kyb/forms/:id/',
    auth: 'kyb-or-basic',
    handler(ctx) {
      const form = getForm(ctx);
      editable(form);
      const body = parseOrThrow(UpdateFormRequest, ctx.json());
      if (body.company) {
        checkCustomValues(ctx, body.company.additionalInfo, 'company.additionalInfo');
        form.company = body.company;
      }
      // `kyb.KybFormUpdate`: the company and the client system only.
      const { company, clientSystem } = formJson(form, ctx);
      return json({ company, clientSystem });
    },
  },
  {
    method: 'POST',
    path: '/kyb/forms/:id/submit/',
    auth: 'kyb',
    async handler(ctx) {
      const form = getForm(ctx);
      editable(form);
      const errors = submitErrors(ctx, form);
      if (Object.keys(errors).length > 0) throw validationError(errors, 'The form is not complete.');
      form.meta.status = 'PROCESSING';
      form.meta.submissionTime = iso(ctx.now());
      await sendCompanySubmit(ctx, acct(ctx), form);
      return new Response(null, { status: 200, headers: { 'Cache-Control': 'no-store' } });
    },
  },
  /* beneficiaries */
  {
    method: 'GET',
    path: '/kyb/forms/:id/beneficiaries/',
    auth: 'kyb-or-basic',
    handler: (ctx) => json([...getForm(ctx).beneficiaries.values()].map((b) => benJson(b, ctx))),
  },
  {
    method: 'POST',
    path: '/kyb/forms/:id/beneficiaries/',
    auth: 'kyb-or-basic',
    handler(ctx) {
      const form = getForm(ctx);
      editable(form);
      const body = parseOrThrow(BeneficiaryCreate, ctx.json());
      const parent = body.parent ? form.beneficiaries.get(body.parent) : null;
      if (body.parent && !parent) throw validationError({ parent: ['unknown beneficiary'] });
      if (parent && parent.infoType !== 'COMPANY')
        throw validationError({ parent: ['only a company beneficiary can have owners'] });
      const { infoType, ...info } = body.info;
      checkCustomValues(ctx, info.additionalInfo, 'info.additionalInfo');
      const types = [...(body.beneficiaryTypes ?? [])];
      if (body.beneficiaryType && !types.includes(body.beneficiaryType)) types.unshift(body.beneficiaryType);
      const b: StoredBeneficiary = {
        id: uuid(),
        beneficiaryTypes: types,
        infoType,
        info,
        positions: body.positions ?? [],
        formFiller: body.formFiller ?? false,
        ownershipPercentage: body.ownershipPercentage ?? null,
        parent: body.parent ?? null,
        documents: new Map(),
      };
      form.beneficiaries.set(b.id, b);
      return json(benJson(b, ctx), 201);
    },
  },
  {
    method: 'GET',
    path: '/kyb/forms/:id/beneficiaries/:bid/',
    auth: 'kyb-or-basic',
    handler(ctx) {
      const form = getForm(ctx);
      return json(benJson(getBeneficiary(ctx, form), ctx));
    },
  },
  {
    method: 'PATCH',
    path: '/kyb/forms/:id/beneficiaries/:bid/',
    auth: 'kyb-or-basic',
    handler(ctx) {
      const form = getForm(ctx);
      const b = getBeneficiary(ctx, form);
      editable(form);
      const body = parseOrThrow(BeneficiaryPatch, ctx.json());
      if (body.info) {
        const { infoType, ...info } = body.info;
        if (infoType !== b.infoType) throw validationError({ 'info.infoType': ['cannot be changed'] });
        checkCustomValues(ctx, info.additionalInfo, 'info.additionalInfo');
        b.info = info;
      }
      if (body.beneficiaryTypes) b.beneficiaryTypes = [...body.beneficiaryTypes];
      else if (body.beneficiaryType) b.beneficiaryTypes = [body.beneficiaryType];
      if (body.positions) b.positions = [...body.positions];
      if (body.formFiller !== undefined) b.formFiller = body.formFiller;
      if (body.ownershipPercentage !== undefined) b.ownershipPercentage = body.ownershipPercentage;
      return json(benJson(b, ctx));
    },
  },
  {
    method: 'DELETE',
    path: '/kyb/forms/:id/beneficiaries/:bid/',
    auth: 'kyb-or-basic',
    handler(ctx) {
      const form = getForm(ctx);
      const b = getBeneficiary(ctx, form);
      editable(form);
      form.beneficiaries.delete(b.id);
      for (const other of form.beneficiaries.values()) if (other.parent === b.id) other.parent = null;
      return empty(204);
    },
  },
  /* company documents */
  {
    method: 'GET',
    path: '/kyb/forms/:id/documents/',
    auth: 'kyb-or-basic',
    handler: (ctx) => json([...getForm(ctx).documents.values()].map((d) => docJson(ctx, d))),
  },
  {
    method: 'POST',
    path: '/kyb/forms/:id/documents/',
    auth: 'kyb-or-basic',
    files: true,
    handler(ctx) {
      const form = getForm(ctx);
      editable(form);
      const doc = storeUpload(ctx, form);
      form.documents.set(doc.id, doc);
      return json(docJson(ctx, doc), 201);
    },
  },
  /* beneficiary documents (interface 5, 6) */
  {
    method: 'GET',
    path: '/kyb/forms/:id/beneficiaries/:bid/documents/',
    auth: 'kyb-or-basic',
    handler(ctx) {
      const b = getBeneficiary(ctx, getForm(ctx));
      return json([...b.documents.values()].map((d) => docJson(ctx, d)));
    },
  },
  {
    method: 'POST',
    path: '/kyb/forms/:id/beneficiaries/:bid/documents/',
    auth: 'kyb-or-basic',
    files: true,
    handler(ctx) {
      const form = getForm(ctx);
      const b = getBeneficiary(ctx, form);
      editable(form);
      const doc = storeUpload(ctx, form, b.infoType);
      b.documents.set(doc.id, doc);
      return json(docJson(ctx, doc), 201);
    },
  },
  {
    method: 'GET',
    path: '/kyb/forms/:id/beneficiaries/:bid/documents/:did/',
    auth: 'kyb-or-basic',
    handler(ctx) {
      const b = getBeneficiary(ctx, getForm(ctx));
      const d = b.documents.get(ctx.params.did ?? '');
      if (!d) throw notFound('No such document.');
      return json(docJson(ctx, d));
    },
  },
  {
    method: 'PATCH',
    path: '/kyb/forms/:id/beneficiaries/:bid/documents/:did/',
    auth: 'kyb-or-basic',
    handler(ctx) {
      const form = getForm(ctx);
      const b = getBeneficiary(ctx, form);
      const d = b.documents.get(ctx.params.did ?? '');
      if (!d) throw notFound('No such document.');
      editable(form);
      const body = parseOrThrow(RenameDocumentRequest, ctx.json());
      d.filename = body.filename;
      const f = ctx.state.files.get(d.fileId);
      if (f) {
        f.filename = body.filename;
        f.contentType = contentTypeFor(body.filename);
      }
      return json(docJson(ctx, d));
    },
  },
  /* questionnaires (interface 7) and answers */
  {
    method: 'GET',
    path: '/kyb/forms/:id/questionnaires/',
    auth: 'kyb-or-basic',
    handler(ctx) {
      getForm(ctx);
      return json(visibleQuestionnaires(ctx).map(questionnaireJson));
    },
  },
  {
    method: 'GET',
    path: '/kyb/forms/:id/questionnaires/:qid/answers/',
    auth: 'kyb-or-basic',
    handler(ctx) {
      const form = getForm(ctx);
      const q = getQuestionnaire(ctx);
      const stored = form.answers.get(q.id);
      return stored ? json(renderAnswers(ctx, stored)) : empty(204);
    },
  },
  {
    method: 'PUT',
    path: '/kyb/forms/:id/questionnaires/:qid/answers/',
    auth: 'kyb-or-basic',
    files: true,
    handler(ctx) {
      const form = getForm(ctx);
      const q = getQuestionnaire(ctx);
      editable(form);
      putAnswers(ctx, form, q);
      return json(renderAnswers(ctx, form.answers.get(q.id) ?? {}));
    },
  },
];

/**
 * The KYB records as the service publishes them (`kyb.KybForm`, `kyb.Beneficiary`, documents with their
 * capability URLs, questionnaires, answers) and the theme with absolute URLs.
 */
import { Flow, type CustomFieldDef } from '../api/kyb.ts';
import { acct, type Ctx } from './context.ts';
import type {
  StoredBeneficiary,
  StoredDocument,
  StoredFile,
  StoredForm,
  StoredQuestionnaire,
  StoredValue,
} from './state.ts';
import { isRecord } from './util.ts';

/**
 * The theme with `logo` and `font` as absolute URIs (published `format: uri`): a path stored for the
 * account is resolved on the sandbox's own origin.
 */
export function absoluteThemeUrls(ctx: Ctx, theme: unknown) {
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
export function customDefs(ctx: Ctx): Map<string, CustomFieldDef> {
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

export function docJson(ctx: Ctx, d: StoredDocument) {
  return { id: d.id, type: d.type, filename: d.filename, file: ctx.services.fileUrl(ctx.origin, d.fileId) };
}

/** `kyb.Beneficiary`: `infoType` inside `info`, the first role also as `beneficiaryType`. */
export function benJson(b: StoredBeneficiary, ctx?: Ctx) {
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

export function questionnaireJson(q: StoredQuestionnaire) {
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

export const isStoredFile = (v: unknown): v is StoredFile => isRecord(v) && typeof v.fileId === 'string';

function renderValue(ctx: Ctx, v: StoredValue): unknown {
  if (isStoredFile(v)) return { filename: v.filename, file: ctx.services.fileUrl(ctx.origin, v.fileId) };
  if (Array.isArray(v)) return v.map((x: unknown) => (isStoredFile(x) ? renderValue(ctx, x) : x));
  return v;
}

export function renderAnswers(ctx: Ctx, stored: Record<string, Record<string, StoredValue>>) {
  const sections: Record<string, Record<string, { value: unknown }>> = {};
  for (const [s, qs] of Object.entries(stored)) {
    const o: Record<string, { value: unknown }> = {};
    for (const [k, v] of Object.entries(qs)) o[k] = { value: renderValue(ctx, v) };
    sections[s] = o;
  }
  return { sections };
}

/**
 * Pure company draft logic: which fields show (from the flow), parsing what the user typed into the
 * values the service accepts, validation codes, and the PATCH payload in which invalid fields are held
 * back (sent as their last valid value). No DOM and no messages: the controller maps codes to text.
 */
import {
  COMPANY_FIELDS,
  CompanyFieldSchemas,
  type Choice,
  type Company,
  type CompanyFieldName,
  type CompanyKey,
  type CustomFieldType,
  type CustomValue,
} from '../../api/kyb-company.ts';
import type { CompanyWrite } from '../../api/kyb-company-write.ts';
import type { Flow } from '../../api/kyb-flow.ts';
import type { CustomFields } from '../chunks.ts';

export type CompanyValue = CustomValue | null;

interface FieldFlags {
  required: boolean;
  readOnly: boolean;
  changeFrom: unknown;
  changeRequired: boolean;
  order: number;
}

export interface StandardFieldDef extends FieldFlags {
  kind: 'standard';
  name: CompanyFieldName;
  key: CompanyKey;
  /** Draft key and DOM id suffix. */
  draftKey: string;
}

export interface CustomFieldDef extends FieldFlags {
  kind: 'custom';
  key: string;
  title: string;
  description: string | null;
  type: CustomFieldType;
  choices: Choice[];
  draftKey: string;
  /** The custom fields' code (custom-fields.ts, a chunk loaded only for a flow that has them). */
  code: CustomFields;
}

export type FieldDef = StandardFieldDef | CustomFieldDef;

/** Why a field's value is not accepted. */
export type IssueCode =
  | 'required'
  | 'too-long'
  | 'too-many'
  | 'phone'
  | 'url'
  | 'email'
  | 'country'
  | 'choice'
  | 'change'
  | 'integer'
  | 'date'
  | 'invalid';

const NAMES = Object.keys(COMPANY_FIELDS) as CompanyFieldName[];
export const COMPANY_KEYS = Object.values(COMPANY_FIELDS) as CompanyKey[];

const standard = (name: CompanyFieldName, flags: Partial<FieldFlags>): StandardFieldDef => ({
  kind: 'standard',
  name,
  key: COMPANY_FIELDS[name],
  draftKey: COMPANY_FIELDS[name],
  required: flags.required ?? false,
  readOnly: flags.readOnly ?? false,
  changeFrom: flags.changeFrom,
  changeRequired: flags.changeRequired ?? false,
  order: flags.order ?? 0,
});

/**
 * The fields to show, in order. `flow: null` shows every company field (name and country required).
 * `custom` is the custom fields' code, needed when the flow has custom fields.
 */
export function fieldDefs(flow: Flow | null, custom: CustomFields | null = null): FieldDef[] {
  if (!flow) {
    return NAMES.map((name, i) =>
      standard(name, { required: name === 'COMPANY_NAME' || name === 'COUNTRY', order: i }),
    );
  }
  const seen = new Set<string>();
  const defs: FieldDef[] = [];
  for (const f of flow.fields) {
    const name = f.field.toUpperCase() as CompanyFieldName;
    if (!(NAMES as string[]).includes(name) || seen.has(name)) continue;
    seen.add(name);
    defs.push(standard(name, f));
  }
  for (const c of flow.fieldsCustom) {
    if (!custom) throw new Error("The custom fields' code is not loaded.");
    const key = c.field.key;
    if (seen.has(`custom:${key}`)) continue;
    seen.add(`custom:${key}`);
    defs.push({
      kind: 'custom',
      key,
      // a title of only whitespace names nothing: the key is shown then, as for an empty title
      title: /\S/.test(c.field.title) ? c.field.title : key,
      description: c.field.description ?? null,
      type: c.field.type,
      choices: c.field.choices,
      draftKey: `custom:${key}`,
      code: custom,
      required: c.required,
      readOnly: c.readOnly,
      changeFrom: c.changeFrom,
      changeRequired: c.changeRequired,
      order: c.order,
    });
  }
  // Stable sort by order: standard fields keep their list order on ties.
  return defs
    .map((d, i) => ({ d, i }))
    .sort((a, b) => a.d.order - b.d.order || a.i - b.i)
    .map((x) => x.d);
}

/**
 * The DOM id part of a custom field's key: letters and digits kept, any other character as `_<hex>_`.
 * Distinct keys give distinct ids (`a b` and `a_b` do not meet), and no `-` appears, so the ids derived
 * by appending `-desc`, `-err` or `-label` never equal another field's id.
 */
const keyIdPart = (key: string) =>
  [...key].map((ch) => (/[A-Za-z0-9]/.test(ch) ? ch : `_${ch.codePointAt(0)!.toString(16)}_`)).join('');

/** A safe DOM id for a field, unique among the fields. */
export const fieldId = (def: FieldDef) =>
  def.kind === 'standard' ? `kyb-company-${def.key}` : `kyb-company-custom-${keyIdPart(def.key)}`;

/** The text shown in the input for a stored value. */
export function toDraftText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.filter((v) => typeof v === 'string').join('\n');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/** Normalizes typed text into the value sent for a standard field (empty -> null). */
export function normalize(key: CompanyKey, raw: string): CompanyValue {
  if (key === 'brandNames') {
    const names = raw
      .split(/\r?\n/)
      .map((s) => s.trim())
      .filter(Boolean);
    return names.length ? names : null;
  }
  let v = raw.trim();
  if (v === '') return null;
  if (key === 'phone') {
    v = v.replace(/[\s().-]/g, '');
    if (v.startsWith('00')) v = `+${v.slice(2)}`;
  } else if (key === 'website') {
    if (!/^[a-z][a-z0-9+.-]*:/i.test(v) && /^[^\s/]+\.[^\s/]+/.test(v)) v = `https://${v}`;
  } else if (key === 'country' || key === 'region') {
    v = v.toUpperCase();
  }
  return v;
}

const sameValue = (value: CompanyValue, changeFrom: unknown) => {
  if (changeFrom === undefined || changeFrom === null) return false;
  if (Array.isArray(value)) return JSON.stringify(value) === JSON.stringify(changeFrom);
  return value !== null && String(value).trim() === toDraftText(changeFrom).trim();
};

/** Whether the field still holds the flow's `changeFrom` value that must be changed. */
export const holdsChangeFrom = (def: FieldDef, text: string) =>
  def.changeRequired &&
  def.changeFrom !== undefined &&
  def.changeFrom !== null &&
  text.trim() !== '' &&
  text.trim() === toDraftText(def.changeFrom).trim();

export interface ParseResult {
  value: CompanyValue;
  issue: IssueCode | null;
}

/** Parses and checks one field's draft text. */
export function parseField(def: FieldDef, raw: string): ParseResult {
  if (def.kind === 'custom') {
    const { value, issue } = def.code.parseCustom(def, raw);
    if (issue) return { value, issue };
    if (def.changeRequired && value !== null && sameValue(value, def.changeFrom))
      return { value, issue: 'change' };
    return { value, issue: null };
  }
  const value = normalize(def.key, raw);
  if (value === null) return { value, issue: def.required ? 'required' : null };
  const result = CompanyFieldSchemas[def.key].safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    let code: IssueCode = 'invalid';
    if (def.key === 'phone') code = 'phone';
    else if (def.key === 'website') code = 'url';
    else if (def.key === 'email') code = 'email';
    else if (def.key === 'country') code = 'country';
    if (issue?.code === 'too_big')
      code = def.key === 'brandNames' && issue.path.length === 0 ? 'too-many' : 'too-long';
    if (def.key === 'email' && issue?.code === 'too_big') code = 'too-long';
    return { value, issue: code };
  }
  if (def.changeRequired && sameValue(value, def.changeFrom)) return { value, issue: 'change' };
  return { value, issue: null };
}

/**
 * The draft texts for a company as read. A new form (`prefill`) offers the flow's `changeFrom` values in
 * its empty fields; a form that exists shows what it holds: a value the user cleared stays cleared.
 */
export function initialDraft(
  company: Company | null,
  defs: FieldDef[],
  prefill = company === null,
): Record<string, string> {
  const draft: Record<string, string> = {};
  const info = (company?.additionalInfo ?? {}) as Record<string, { value?: unknown } | undefined>;
  for (const def of defs) {
    const stored = def.kind === 'standard' ? company?.[def.key] : info[def.key]?.value;
    let text = def.kind === 'custom' ? def.code.customDraftText(stored) : toDraftText(stored);
    if (
      prefill &&
      text === '' &&
      def.changeRequired &&
      def.changeFrom !== undefined &&
      def.changeFrom !== null
    )
      text = toDraftText(def.changeFrom);
    draft[def.draftKey] = text;
  }
  return draft;
}

/** The last valid value of every standard field and of `additionalInfo`, from a company as read. */
export function validBase(company: Company | null): CompanyWrite {
  const base: CompanyWrite = {};
  for (const key of COMPANY_KEYS) {
    const value = company?.[key];
    const ok = value !== undefined && value !== null && CompanyFieldSchemas[key].safeParse(value).success;
    (base as Record<string, unknown>)[key] = ok ? value : null;
  }
  const info: Record<string, { value: CompanyValue }> = {};
  for (const [k, v] of Object.entries(company?.additionalInfo ?? {})) {
    if (k.length < 1) continue;
    const value = v?.value;
    if (value === null || value === undefined) info[k] = { value: null };
    else if (typeof value === 'string' || typeof value === 'boolean') info[k] = { value };
    else if (typeof value === 'number' && Number.isFinite(value)) info[k] = { value };
    else if (Array.isArray(value) && value.every((x) => typeof x === 'string'))
      info[k] = { value: value as string[] };
  }
  base.additionalInfo = Object.keys(info).length ? info : null;
  return base;
}

/**
 * The whole company to send: every editable field whose draft is valid, the last valid value of the
 * others (held back). Returns the payload, which is also the new "last valid" base.
 */
export function companyPayload(
  base: CompanyWrite,
  defs: FieldDef[],
  draft: Record<string, string>,
): CompanyWrite {
  const out: CompanyWrite = { ...base };
  const info: Record<string, { value: CompanyValue }> = { ...(base.additionalInfo ?? {}) };
  for (const def of defs) {
    if (def.readOnly) continue;
    const { value, issue } = parseField(def, draft[def.draftKey] ?? '');
    if (issue) continue;
    if (def.kind === 'standard') (out as Record<string, unknown>)[def.key] = value;
    else info[def.key] = { value };
  }
  out.additionalInfo = Object.keys(info).length ? info : null;
  return out;
}

/** Whether the payload has what creating the form needs (a valid name and country). */
export const canCreate = (payload: CompanyWrite) =>
  CompanyFieldSchemas.companyName.safeParse(payload.companyName).success &&
  CompanyFieldSchemas.country.safeParse(payload.country).success;

/** Every field's current issue (for the error summary and submit). Read-only fields cannot be fixed: skipped. */
export function draftIssues(defs: FieldDef[], draft: Record<string, string>): Map<string, IssueCode> {
  const out = new Map<string, IssueCode>();
  for (const def of defs) {
    if (def.readOnly) continue;
    const { issue } = parseField(def, draft[def.draftKey] ?? '');
    if (issue) out.set(def.draftKey, issue);
  }
  return out;
}

/**
 * Pure state of the beneficiaries step: what the flow asks for (the roles, the applicant types INDIVIDUAL
 * and COMPANY with their own fields, custom fields and documents, the ownership structure), the editable
 * draft of one beneficiary, the published request bodies built from it, and the checks (schema issues
 * mapped to localized messages, ownership totals per owner, threshold rule, required roles and documents).
 * No rendering.
 */
import { msg, str } from '@lit/localize';
import {
  BeneficiaryCreate,
  BeneficiaryPatch,
  BeneficiaryType,
  COMPANY_FIELDS,
  CompanyFieldSchemas,
  INDIVIDUAL_FIELDS,
  IndividualFieldSchemas,
  type ApplicantCustomField,
  type Beneficiary,
  type BeneficiaryFlowField,
  type CustomValue,
  type Flow,
  type FlowApplicant,
  type KybDocument,
} from '../../api/kyb.ts';
import { INDIVIDUAL_DOCUMENT_TYPES } from '../../api/document-types.ts';
import { customDraftText, customIssueMessage, parseCustom, type CustomSpec } from '../custom-fields.ts';
import { countryName, countryOptions, formatNumber } from '../format.ts';

export { countryName, countryOptions };

export type BeneficiaryTypeName = BeneficiaryType;
export const BENEFICIARY_TYPES = BeneficiaryType.options as readonly BeneficiaryTypeName[];
export type InfoType = 'INDIVIDUAL' | 'COMPANY';
export const INFO_TYPES: readonly InfoType[] = ['INDIVIDUAL', 'COMPANY'];

/* ---------------------------------------------------------------- what the flow asks */

/** How an `info` member is entered. */
export type InputKind = 'text' | 'email' | 'tel' | 'url' | 'date' | 'country' | 'yesno' | 'lines';

/** One `info` member of an applicant type. */
export interface InfoFieldDef {
  /** The `info` member (and draft key). */
  key: string;
  kind: InputKind;
  required: boolean;
  max?: number;
  order: number;
}

/** One custom field of an applicant type (draft key `custom:<key>`). */
export interface CustomDef extends CustomSpec {
  key: string;
  title: string;
  description: string | null;
  order: number;
}

/** One document a beneficiary must or may upload. */
export interface DocRequirement {
  docType: string;
  description: string | null;
  required: boolean;
}

/** What the flow asks of one applicant type. */
export interface ApplicantConfig {
  type: InfoType;
  fields: InfoFieldDef[];
  custom: CustomDef[];
  documents: DocRequirement[];
}

/** What the flow asks of beneficiaries. */
export interface BeneficiaryConfig {
  /** Whether the flow asks for beneficiaries at all (`flow: null` -> yes). */
  present: boolean;
  /** At least one beneficiary is needed. */
  atLeastOne: boolean;
  readOnly: boolean;
  description: string | null;
  /** Percentage (0-100) from `flow.ownershipPercentageThreshold`, or null. */
  threshold: number | null;
  /** The roles offered, in the published order. */
  roles: BeneficiaryTypeName[];
  /** Roles of which at least one beneficiary is needed. */
  requiredRoles: BeneficiaryTypeName[];
  /** Which applicant types may hold each role. */
  roleTypes: ReadonlyMap<BeneficiaryTypeName, ReadonlySet<InfoType>>;
  /** The applicant types offered and what each is asked. */
  applicants: Partial<Record<InfoType, ApplicantConfig>>;
  positions: { shown: boolean; required: boolean };
  ownership: { shown: boolean; required: boolean };
  /** `ownershipFullStructure`: a COMPANY beneficiary's own owners are listed too (through `parent`). */
  fullStructure: boolean;
}

const KINDS: Record<string, { kind: InputKind; max?: number }> = {
  name: { kind: 'text', max: 100 },
  surname: { kind: 'text', max: 100 },
  email: { kind: 'email', max: 254 },
  phone: { kind: 'tel', max: 128 },
  dateOfBirth: { kind: 'date' },
  country: { kind: 'country' },
  nationality: { kind: 'country' },
  documentNumber: { kind: 'text', max: 50 },
  personalNumber: { kind: 'text', max: 50 },
  citizenship: { kind: 'country' },
  countryOfBirth: { kind: 'country' },
  residentialAddress: { kind: 'text', max: 255 },
  countryOfResidence: { kind: 'country' },
  postcode: { kind: 'text', max: 20 },
  address: { kind: 'text', max: 255 },
  street: { kind: 'text', max: 100 },
  city: { kind: 'text', max: 100 },
  taxResidence: { kind: 'country' },
  selfDeclaredPep: { kind: 'yesno' },
  companyName: { kind: 'text', max: 200 },
  registrationNumber: { kind: 'text', max: 100 },
  region: { kind: 'text', max: 2 },
  type: { kind: 'text', max: 100 },
  website: { kind: 'url', max: 200 },
  brandNames: { kind: 'lines' },
  activityCode: { kind: 'text', max: 8 },
  operatingAddress: { kind: 'text', max: 255 },
  postalAddress: { kind: 'text', max: 255 },
};
const kindOf = (key: string, type: InfoType) =>
  key === 'tin'
    ? { kind: 'text' as const, max: type === 'INDIVIDUAL' ? 20 : 32 }
    : (KINDS[key] ?? { kind: 'text' as const });

/** The `info` member a flow field name fills for an applicant type (`POSITIONS` -> `positions`). */
function memberOf(field: string, type: InfoType): string | null {
  const name = field.toUpperCase();
  const map: Record<string, string> = type === 'INDIVIDUAL' ? INDIVIDUAL_FIELDS : COMPANY_FIELDS;
  return map[name] ?? null;
}

/** What a person or a company is always asked (the published schema requires these). */
const ALWAYS: Record<InfoType, string[]> = {
  INDIVIDUAL: ['name', 'surname'],
  COMPANY: ['companyName', 'country'],
};
/** What `flow: null` asks beyond that (nothing required). */
const DEFAULTS: Record<InfoType, string[]> = {
  INDIVIDUAL: ['dateOfBirth', 'nationality', 'email'],
  COMPANY: ['registrationNumber'],
};
const DEFAULT_DOCS: Record<InfoType, readonly string[]> = {
  INDIVIDUAL: INDIVIDUAL_DOCUMENT_TYPES,
  COMPANY: ['INCORPORATION_CERT', 'SHAREHOLDER_REGISTRY', 'OTHER'],
};

class ApplicantBuilder {
  readonly fields = new Map<string, InfoFieldDef>();
  readonly custom = new Map<string, CustomDef>();
  readonly docs = new Map<string, DocRequirement>();
  constructor(readonly type: InfoType) {
    ALWAYS[type].forEach((key, i) => this.field(key, true, -1000 + i));
  }
  field(key: string, required: boolean, order: number) {
    const prev = this.fields.get(key);
    const { kind, max } = kindOf(key, this.type);
    this.fields.set(key, {
      key,
      kind,
      ...(max ? { max } : {}),
      required: (prev?.required ?? false) || required,
      order: prev ? Math.min(prev.order, order) : order,
    });
  }
  flowField(f: Pick<BeneficiaryFlowField, 'field' | 'required' | 'order'>, cfg: Mutable) {
    if (f.field.toUpperCase() === 'POSITIONS' || f.field.toUpperCase() === 'POSITION') {
      cfg.positions.shown = true;
      cfg.positions.required ||= f.required;
      return;
    }
    if (f.field.toUpperCase() === 'OWNERSHIP_PERCENTAGE') {
      cfg.ownership.shown = true;
      cfg.ownership.required ||= f.required;
      return;
    }
    const key = memberOf(f.field, this.type);
    if (key) this.field(key, f.required, f.order);
  }
  customField(c: ApplicantCustomField) {
    const key = c.field.key;
    const prev = this.custom.get(key);
    this.custom.set(key, {
      key,
      title: /\S/.test(c.field.title) ? c.field.title : key,
      description: c.field.description ?? null,
      type: c.field.type,
      choices: c.field.choices,
      required: (prev?.required ?? false) || c.required,
      order: c.order,
    });
  }
  doc(d: DocRequirement) {
    const prev = this.docs.get(d.docType);
    this.docs.set(d.docType, {
      docType: d.docType,
      description: prev?.description || d.description || null,
      required: (prev?.required ?? false) || d.required,
    });
  }
  build(): ApplicantConfig {
    const byOrder = <T extends { order: number }>(list: T[]) =>
      list
        .map((d, i) => ({ d, i }))
        .sort((a, b) => a.d.order - b.d.order || a.i - b.i)
        .map((x) => x.d);
    return {
      type: this.type,
      fields: byOrder([...this.fields.values()]),
      custom: byOrder([...this.custom.values()]),
      documents: [...this.docs.values()],
    };
  }
}

type Mutable = {
  positions: { shown: boolean; required: boolean };
  ownership: { shown: boolean; required: boolean };
};

/** Derives the beneficiary configuration from the flow (`null` asks for everything, nothing required). */
export function beneficiaryConfig(flow: Flow | null | undefined): BeneficiaryConfig {
  const all = new Set<InfoType>(INFO_TYPES);
  if (!flow) {
    const applicants: Partial<Record<InfoType, ApplicantConfig>> = {};
    for (const t of INFO_TYPES) {
      const b = new ApplicantBuilder(t);
      DEFAULTS[t].forEach((key, i) => b.field(key, false, i));
      DEFAULT_DOCS[t].forEach((docType) => b.doc({ docType, description: null, required: false }));
      applicants[t] = b.build();
    }
    return {
      present: true,
      atLeastOne: false,
      readOnly: false,
      description: null,
      threshold: null,
      roles: [...BENEFICIARY_TYPES],
      requiredRoles: [],
      roleTypes: new Map(BENEFICIARY_TYPES.map((r) => [r, all])),
      applicants,
      positions: { shown: true, required: false },
      ownership: { shown: true, required: false },
      fullStructure: false,
    };
  }
  const cfg: Mutable = {
    positions: { shown: false, required: false },
    ownership: { shown: false, required: false },
  };
  const builders = new Map<InfoType, ApplicantBuilder>();
  const builder = (t: InfoType) => {
    let b = builders.get(t);
    if (!b) builders.set(t, (b = new ApplicantBuilder(t)));
    return b;
  };
  const roleTypes = new Map<BeneficiaryTypeName, Set<InfoType>>();
  const requiredRoles = new Set<BeneficiaryTypeName>();
  let atLeastOne = false;
  let readOnly = false;
  const descriptions: string[] = [];
  for (const entry of flow.beneficiaries) {
    if (entry.readOnly) readOnly = true;
    if (entry.description) descriptions.push(entry.description);
    // An entry without applicants (older flows) asks for persons.
    const applicants: FlowApplicant[] = entry.applicants.length
      ? entry.applicants
      : [{ applicantType: 'INDIVIDUAL', fields: [], required: false, fieldsCustom: [], documents: [] }];
    const types = new Set(applicants.map((a) => a.applicantType));
    const roles = entry.beneficiaryType ? [entry.beneficiaryType] : BENEFICIARY_TYPES;
    for (const r of roles) {
      const set = roleTypes.get(r) ?? new Set<InfoType>();
      types.forEach((t) => set.add(t));
      roleTypes.set(r, set);
    }
    // A required role needs a beneficiary holding it; a required applicant type, any beneficiary.
    if (entry.required || applicants.some((a) => a.required)) atLeastOne = true;
    if (entry.required && entry.beneficiaryType) requiredRoles.add(entry.beneficiaryType);
    for (const a of applicants) {
      const b = builder(a.applicantType);
      // Entry-level fields (`OWNERSHIP_PERCENTAGE`; older flows listed person fields here too).
      entry.fields.forEach((f) => b.flowField(f, cfg));
      a.fields.forEach((f) => b.flowField(f, cfg));
      a.fieldsCustom.forEach((c) => b.customField(c));
      a.documents.forEach((d) =>
        b.doc({ docType: d.docType, description: d.description ?? null, required: d.required }),
      );
    }
  }
  const applicants: Partial<Record<InfoType, ApplicantConfig>> = {};
  for (const t of INFO_TYPES) {
    const b = builders.get(t);
    if (b) applicants[t] = b.build();
  }
  return {
    present: flow.beneficiaries.length > 0,
    atLeastOne,
    readOnly,
    description: descriptions.length ? descriptions.join('\n') : null,
    threshold: flow.ownershipPercentageThreshold ?? null,
    roles: BENEFICIARY_TYPES.filter((r) => roleTypes.has(r)),
    requiredRoles: BENEFICIARY_TYPES.filter((r) => requiredRoles.has(r)),
    roleTypes,
    applicants,
    positions: cfg.positions,
    ownership: cfg.ownership,
    fullStructure: flow.ownershipFullStructure,
  };
}

/** The applicant types offered (at least one: persons when the flow names none). */
export const offeredTypes = (cfg: BeneficiaryConfig): InfoType[] => {
  const t = INFO_TYPES.filter((x) => cfg.applicants[x]);
  return t.length ? t : ['INDIVIDUAL'];
};
/** The applicant config of a type (a person's defaults when the flow does not name it). */
export const applicantOf = (cfg: BeneficiaryConfig, type: InfoType): ApplicantConfig =>
  cfg.applicants[type] ?? new ApplicantBuilder(type).build();
/** The roles an applicant type may hold. */
export const rolesFor = (cfg: BeneficiaryConfig, type: InfoType): BeneficiaryTypeName[] =>
  cfg.roles.filter((r) => cfg.roleTypes.get(r)?.has(type));

/* ---------------------------------------------------------------- the draft */

export interface BeneficiaryDraft {
  /** null while creating. */
  id: string | null;
  /** The COMPANY beneficiary this one owns part of (set on create only). */
  parent: string | null;
  infoType: InfoType;
  /** Draft text of every `info` member by key, and of custom fields as `custom:<key>`. */
  values: Record<string, string>;
  types: BeneficiaryTypeName[];
  /** Always three entries (empty ones are ignored). */
  positions: [string, string, string];
  formFiller: boolean;
  /** The raw text of the ownership input. */
  ownership: string;
}

/**
 * A draft field: an `info` member (`name`, `country`…), a custom field (`custom:<key>`), or one of
 * `infoType`, `types`, `position0`..`position2`, `formFiller`, `ownership`.
 */
export type DraftField = string;
export const customKey = (key: string) => `custom:${key}`;

export function emptyDraft(
  infoType: InfoType = 'INDIVIDUAL',
  parent: string | null = null,
): BeneficiaryDraft {
  return {
    id: null,
    parent,
    infoType,
    values: {},
    types: [],
    positions: ['', '', ''],
    formFiller: false,
    ownership: '',
  };
}

const isType = (t: string): t is BeneficiaryTypeName => (BENEFICIARY_TYPES as readonly string[]).includes(t);

/** Formats a percentage for the input (no locale grouping, `.` or the locale's decimal sign). */
export function formatPercentInput(value: number | null | undefined, locale = 'en'): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return formatNumber(value, locale, 6, { useGrouping: false });
}

/** The draft text of an `info` member as read. */
function infoText(value: unknown, kind: InputKind): string {
  if (value === null || value === undefined) return '';
  if (kind === 'yesno') return value === true ? 'yes' : value === false ? 'no' : '';
  if (Array.isArray(value)) return value.filter((v) => typeof v === 'string').join('\n');
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

export function draftFromBeneficiary(b: Beneficiary, locale = 'en'): BeneficiaryDraft {
  const values: Record<string, string> = {};
  for (const [k, v] of Object.entries(b.info)) {
    if (k === 'infoType' || k === 'additionalInfo') continue;
    values[k] = infoText(v, kindOf(k, b.infoType).kind);
  }
  for (const [k, v] of Object.entries(b.info.additionalInfo ?? {}))
    values[customKey(k)] = customDraftText(v.value);
  const p = b.positions ?? [];
  return {
    id: b.id,
    parent: b.parent ?? null,
    infoType: b.infoType,
    values,
    types: b.beneficiaryTypes.filter(isType),
    positions: [p[0] ?? '', p[1] ?? '', p[2] ?? ''],
    formFiller: b.formFiller ?? false,
    ownership: formatPercentInput(b.ownershipPercentage, locale),
  };
}

/** Parses the ownership text: `''` -> null, a number (comma or dot decimals), or NaN when not a number. */
export function parsePercent(text: string): number | null {
  const t = text.trim().replace(/\s|%/g, '');
  if (t === '') return null;
  if (!/^\d+([.,]\d+)?$/.test(t)) return Number.NaN;
  return Number(t.replace(',', '.'));
}

/** The value sent for an `info` member's draft text (`null` when empty). */
export function infoValue(key: string, kind: InputKind, text: string): string | boolean | string[] | null {
  if (kind === 'yesno') return text === 'yes' ? true : text === 'no' ? false : null;
  if (kind === 'lines') {
    const list = text
      .split('\n')
      .map((x) => x.trim())
      .filter(Boolean);
    return list.length ? list : null;
  }
  let v = text.trim();
  if (v === '') return null;
  if (kind === 'country' || key === 'region') v = v.toUpperCase();
  if (kind === 'tel') {
    v = v.replace(/[\s().-]/g, '');
    if (v.startsWith('00')) v = `+${v.slice(2)}`;
  }
  if (kind === 'url' && !/^[a-z][a-z0-9+.-]*:/i.test(v) && /^[^\s/]+\.[^\s/]+/.test(v)) v = `https://${v}`;
  return v;
}

/** The element-side schema of an `info` member (published bounds; E.164 phones), or null. */
function memberSchema(key: string, type: InfoType) {
  const set: Record<string, { safeParse(v: unknown): { success: boolean } }> =
    type === 'INDIVIDUAL' ? IndividualFieldSchemas : CompanyFieldSchemas;
  return set[key] ?? null;
}

/** The `info` object for the draft's type (with `infoType` inside, as published). */
function buildInfo(d: BeneficiaryDraft, cfg: BeneficiaryConfig, forPatch: boolean) {
  const app = applicantOf(cfg, d.infoType);
  const shown = new Map(app.fields.map((f) => [f.key, f]));
  const out: Record<string, unknown> = { infoType: d.infoType };
  const keys = new Set([...shown.keys(), ...Object.keys(d.values).filter((k) => !k.startsWith('custom:'))]);
  for (const key of keys) {
    const def = shown.get(key);
    const kind = def?.kind ?? kindOf(key, d.infoType).kind;
    const v = infoValue(key, kind, d.values[key] ?? '');
    if (!def) {
      // Not asked: keep what was stored, when it is valid; never send it on create.
      const schema = memberSchema(key, d.infoType);
      if (forPatch && v !== null && schema?.safeParse(v).success) out[key] = v;
      continue;
    }
    if (v !== null) out[key] = v;
    else if (forPatch && !ALWAYS[d.infoType].includes(key) && kind !== 'lines') out[key] = null;
  }
  if (d.infoType === 'COMPANY' && out.brandNames === undefined && forPatch && shown.has('brandNames'))
    out.brandNames = [];
  const additional: Record<string, { value: CustomValue | null }> = {};
  for (const c of app.custom) {
    const { value, issue } = parseCustom(c, d.values[customKey(c.key)] ?? '');
    if (!issue && value !== null) additional[c.key] = { value };
    else if (!issue && forPatch) additional[c.key] = { value: null };
  }
  if (Object.keys(additional).length) out.additionalInfo = additional;
  return out;
}

const positionsOf = (d: BeneficiaryDraft) => d.positions.map((p) => p.trim()).filter((p) => p !== '');

/** The POST body for a new beneficiary (`kyb.BeneficiaryCreateRequest`, not yet validated). */
export function createBody(d: BeneficiaryDraft, cfg: BeneficiaryConfig): Record<string, unknown> {
  const body: Record<string, unknown> = {
    beneficiaryTypes: [...d.types],
    info: buildInfo(d, cfg, false),
    formFiller: d.formFiller,
  };
  if (cfg.positions.shown && d.infoType === 'INDIVIDUAL') {
    const p = positionsOf(d);
    if (p.length) body.positions = p;
  }
  if (cfg.ownership.shown) {
    const pct = parsePercent(d.ownership);
    if (pct !== null) body.ownershipPercentage = pct;
  }
  if (d.parent) body.parent = d.parent;
  return body;
}

/** The PATCH body for an existing beneficiary (`kyb.PatchedBeneficiaryRequest`, not yet validated). */
export function patchBody(d: BeneficiaryDraft, cfg: BeneficiaryConfig): Record<string, unknown> {
  const body: Record<string, unknown> = {
    beneficiaryTypes: [...d.types],
    info: buildInfo(d, cfg, true),
    formFiller: d.formFiller,
  };
  if (cfg.positions.shown && d.infoType === 'INDIVIDUAL') body.positions = positionsOf(d);
  if (cfg.ownership.shown) body.ownershipPercentage = parsePercent(d.ownership);
  return body;
}

/* ---------------------------------------------------------------- checks */

export type DraftErrors = Partial<Record<DraftField, string>>;

/** The specific "missing" message of a field (a generic one for the others). */
export const requiredMessage = (field: DraftField): string => {
  switch (field) {
    case 'name':
      return msg('Enter the first name.');
    case 'surname':
      return msg('Enter the last name.');
    case 'companyName':
      return msg('Enter the company name.');
    case 'dateOfBirth':
      return msg('Enter the date of birth.');
    case 'nationality':
      return msg('Choose the nationality.');
    case 'email':
      return msg('Enter the email address.');
    case 'country':
      return msg('Choose the country.');
    case 'registrationNumber':
      return msg('Enter the registration number.');
    case 'position0':
    case 'position1':
    case 'position2':
      return msg('Enter at least one position.');
    case 'ownership':
      return msg('Enter the ownership percentage.');
    case 'types':
      return msg('Choose at least one role.');
    default:
      return msg('This field is required.');
  }
};

/** Maps a schema issue path to the draft field it concerns. */
export function fieldOfPath(path: readonly PropertyKey[]): DraftField | null {
  const [a, b, c] = path;
  if (a === 'info' && b === 'additionalInfo' && typeof c === 'string') return customKey(c);
  if (a === 'info' && b === 'infoType') return 'infoType';
  if (a === 'info' && typeof b === 'string') return b;
  if (a === 'beneficiaryTypes' || a === 'beneficiaryType') return 'types';
  if (a === 'ownershipPercentage') return 'ownership';
  if (a === 'formFiller') return 'formFiller';
  if (a === 'positions') return typeof b === 'number' ? `position${Math.min(2, b)}` : 'position0';
  return null;
}

interface IssueLike {
  code: string;
  path: readonly PropertyKey[];
  maximum?: unknown;
  origin?: string;
  format?: string;
}

/** One localized message per zod issue, by field and issue code. */
export function issueMessage(field: DraftField, issue: IssueLike, kind?: InputKind): string {
  const max =
    typeof issue.maximum === 'number' || typeof issue.maximum === 'bigint' ? Number(issue.maximum) : null;
  if (field === 'ownership') return msg('Enter a percentage from 0 to 100.');
  if (field === 'types') return msg('Choose at least one role.');
  if (issue.code === 'too_small' || (issue.code === 'invalid_type' && issue.origin !== 'array'))
    return requiredMessage(field);
  if (issue.code === 'too_big' && max !== null) {
    if (field.startsWith('position') && issue.origin === 'array') return msg('Enter at most 3 positions.');
    return msg(str`Too long: the limit is ${max} characters.`, { desc: 'text longer than the limit' });
  }
  if (field.startsWith('position')) return msg('A position cannot contain a comma.');
  switch (kind) {
    case 'email':
      return msg('Enter a valid email address, like name@example.com.');
    case 'date':
      return msg('Enter a valid date.');
    case 'country':
      return msg('Choose a country from the list.');
    case 'tel':
      return msg('Enter the number in international format, for example +4420794600.');
    case 'url':
      return msg('Enter a web address starting with https://.');
    default:
      return issue.format === 'regex' && (field === 'documentNumber' || field === 'personalNumber')
        ? msg('Use Latin letters, digits and common punctuation only.')
        : msg('Check this value.');
  }
}

/**
 * Field errors of a refused save (`ApiError.fields`, keys like `info.email` or `positions.1`) mapped to
 * draft fields with a localized message (the service's own text is not shown).
 */
export function serverFieldErrors(fields: Record<string, string[]>): DraftErrors {
  const out: DraftErrors = {};
  for (const key of Object.keys(fields)) {
    const path = key.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    const f = fieldOfPath(path);
    if (f && !out[f]) out[f] = msg('The service did not accept this value. Check it and try again.');
  }
  return out;
}

/** Sum of the ownership percentages of the owners of `parent` (top level: null), skipping `exceptId`. */
export function ownershipTotal(
  list: readonly Pick<Beneficiary, 'id' | 'ownershipPercentage' | 'parent'>[],
  exceptId?: string | null,
  parent: string | null = null,
) {
  let total = 0;
  for (const b of list)
    if (b.id !== exceptId && (b.parent ?? null) === parent && typeof b.ownershipPercentage === 'number')
      total += b.ownershipPercentage;
  return Math.round(total * 1e6) / 1e6;
}

const formatPct = (n: number, locale: string) => formatNumber(n, locale, 2);

/**
 * Every problem of the draft: the flow's required fields, each field's own rule, the published request
 * schema, the date of birth not in the future, a role the applicant type may hold, and the ownership total
 * among the same owner's beneficiaries (`others` are the saved ones) not above 100.
 */
export function validateDraft(
  d: BeneficiaryDraft,
  cfg: BeneficiaryConfig,
  others: readonly Pick<Beneficiary, 'id' | 'ownershipPercentage' | 'parent'>[],
  locale = 'en',
  today: string = new Date().toISOString().slice(0, 10),
): DraftErrors {
  const errors: DraftErrors = {};
  const set = (f: DraftField, m: string) => {
    if (!errors[f]) errors[f] = m;
  };
  const app = applicantOf(cfg, d.infoType);
  for (const f of app.fields) {
    const text = d.values[f.key] ?? '';
    const v = infoValue(f.key, f.kind, text);
    if (v === null) {
      if (f.required) set(f.key, requiredMessage(f.key));
      continue;
    }
    const schema = memberSchema(f.key, d.infoType);
    const r = schema?.safeParse(v) as { success: boolean; error?: { issues: IssueLike[] } } | undefined;
    if (r && !r.success && r.error?.issues[0]) set(f.key, issueMessage(f.key, r.error.issues[0], f.kind));
    if (f.kind === 'date' && f.key === 'dateOfBirth' && !errors[f.key] && typeof v === 'string' && v > today)
      set(f.key, msg('The date of birth cannot be in the future.'));
  }
  for (const c of app.custom) {
    const { issue } = parseCustom(c, d.values[customKey(c.key)] ?? '');
    if (issue) set(customKey(c.key), customIssueMessage(issue));
  }
  if (d.types.length === 0) set('types', requiredMessage('types'));
  const allowed = rolesFor(cfg, d.infoType);
  if (d.types.some((t) => !allowed.includes(t)))
    set(
      'types',
      d.infoType === 'COMPANY'
        ? msg('A company cannot hold one of the chosen roles.')
        : msg('A person cannot hold one of the chosen roles.'),
    );
  if (
    cfg.positions.shown &&
    d.infoType === 'INDIVIDUAL' &&
    cfg.positions.required &&
    positionsOf(d).length === 0
  )
    set('position0', requiredMessage('position0'));
  if (cfg.ownership.shown && cfg.ownership.required && d.ownership.trim() === '')
    set('ownership', requiredMessage('ownership'));

  // The published request schema (a backstop for anything the field rules above let through).
  const body = d.id === null ? createBody(d, cfg) : patchBody(d, cfg);
  const pct = cfg.ownership.shown ? parsePercent(d.ownership) : null;
  if (pct !== null && Number.isNaN(pct)) {
    set('ownership', msg('Enter a percentage from 0 to 100.'));
    delete body.ownershipPercentage;
  }
  const r = (d.id === null ? BeneficiaryCreate : BeneficiaryPatch).safeParse(body);
  if (!r.success)
    for (const issue of r.error.issues) {
      const f = fieldOfPath(issue.path);
      if (f) set(f, issueMessage(f, issue, app.fields.find((x) => x.key === f)?.kind));
    }
  // The ownership total among the same owner's beneficiaries.
  if (pct !== null && !Number.isNaN(pct) && !errors.ownership) {
    const before = ownershipTotal(others, d.id, d.parent);
    const total = before + pct;
    if (total > 100) {
      const rest = formatPct(Math.max(0, 100 - before), locale);
      const t = formatPct(total, locale);
      set(
        'ownership',
        d.parent
          ? msg(
              str`The owners of this company would own ${t}% of it; it cannot exceed 100%. At most ${rest}% is left.`,
            )
          : msg(
              str`The total ownership of all beneficiaries would be ${t}%; it cannot exceed 100%. At most ${rest}% is left.`,
            ),
      );
    }
  }
  return errors;
}

/** Whether the list satisfies the threshold rule (a UBO, or someone at or above the threshold). */
export function meetsThreshold(
  list: readonly Pick<Beneficiary, 'beneficiaryTypes' | 'ownershipPercentage'>[],
  threshold: number,
) {
  return list.some(
    (b) =>
      b.beneficiaryTypes.includes('UBO') ||
      (typeof b.ownershipPercentage === 'number' && b.ownershipPercentage >= threshold),
  );
}

export type ListProblem =
  | { kind: 'required' }
  | { kind: 'role'; role: BeneficiaryTypeName }
  | { kind: 'threshold'; threshold: number }
  | { kind: 'total'; total: number; parent: string | null }
  | { kind: 'document'; beneficiaryId: string; docType: string };

/**
 * Problems of the saved list: a required beneficiary or role missing, the threshold rule, the ownership
 * total of each owner's beneficiaries, missing documents.
 */
export function listProblems(
  list: readonly Beneficiary[],
  cfg: BeneficiaryConfig,
  documents: (beneficiaryId: string) => readonly Pick<KybDocument, 'type'>[] | null,
): ListProblem[] {
  const out: ListProblem[] = [];
  if (!cfg.present) return out;
  if (cfg.atLeastOne && list.length === 0) out.push({ kind: 'required' });
  else
    for (const role of cfg.requiredRoles)
      if (!list.some((b) => b.beneficiaryTypes.includes(role))) out.push({ kind: 'role', role });
  const top = list.filter((b) => !b.parent);
  if (cfg.atLeastOne && cfg.threshold !== null && top.length > 0 && !meetsThreshold(top, cfg.threshold))
    out.push({ kind: 'threshold', threshold: cfg.threshold });
  const parents = new Set<string | null>(list.map((b) => b.parent ?? null));
  for (const parent of parents) {
    const total = ownershipTotal(list, null, parent);
    if (total > 100) out.push({ kind: 'total', total, parent });
  }
  for (const b of list) {
    const docs = documents(b.id);
    if (docs === null) continue; // not loaded: the server decides on submit
    for (const req of applicantOf(cfg, b.infoType).documents) {
      if (req.required && !docs.some((d) => d.type === req.docType))
        out.push({ kind: 'document', beneficiaryId: b.id, docType: req.docType });
    }
  }
  return out;
}

/* ---------------------------------------------------------------- labels */

export function typeLabel(t: string): string {
  switch (t) {
    case 'CEO':
      return msg('Chief executive officer (CEO)', { desc: 'Beneficiary role' });
    case 'REPRESENTATIVE':
      return msg('Representative', { desc: 'Beneficiary role' });
    case 'SHAREHOLDER':
      return msg('Shareholder', { desc: 'Beneficiary role' });
    case 'UBO':
      return msg('Ultimate beneficial owner (UBO)', { desc: 'Beneficiary role' });
    case 'ABO':
      return msg('Alternative beneficial owner (ABO)', { desc: 'Beneficiary role' });
    default:
      return t;
  }
}

/** Short role label for cards. */
export function typeShortLabel(t: string): string {
  switch (t) {
    case 'CEO':
      return msg('CEO', { desc: 'Beneficiary role, short' });
    case 'REPRESENTATIVE':
      return msg('Representative', { desc: 'Beneficiary role' });
    case 'SHAREHOLDER':
      return msg('Shareholder', { desc: 'Beneficiary role' });
    case 'UBO':
      return msg('UBO', { desc: 'Beneficiary role, short' });
    case 'ABO':
      return msg('ABO', { desc: 'Beneficiary role, short' });
    default:
      return t;
  }
}

/** The display name of a beneficiary (text from the service). */
export function beneficiaryName(b: Pick<Beneficiary, 'infoType' | 'info'>): string {
  if (b.infoType === 'COMPANY') return b.info.companyName?.trim() || msg('Unnamed company');
  const n = [b.info.name, b.info.surname].filter((s) => s && s.trim()).join(' ');
  return n || msg('Unnamed person');
}

/** Localized label of a person's `info` member (company members: `companyLabel`). */
export function personLabel(key: string): string | null {
  switch (key) {
    case 'name':
      return msg('First name');
    case 'surname':
      return msg('Last name');
    case 'email':
      return msg('Email address');
    case 'phone':
      return msg('Phone number');
    case 'dateOfBirth':
      return msg('Date of birth');
    case 'country':
      return msg('Country that issued the identity document');
    case 'nationality':
      return msg('Nationality');
    case 'documentNumber':
      return msg('Identity document number');
    case 'personalNumber':
      return msg('Personal identification number');
    case 'citizenship':
      return msg('Citizenship');
    case 'countryOfBirth':
      return msg('Country of birth');
    case 'residentialAddress':
      return msg('Residential address');
    case 'countryOfResidence':
      return msg('Country of residence');
    case 'postcode':
      return msg('Postcode');
    case 'address':
      return msg('Address');
    case 'street':
      return msg('Street and number');
    case 'city':
      return msg('City');
    case 'tin':
      return msg('Tax identification number');
    case 'taxResidence':
      return msg('Country of tax residence');
    case 'selfDeclaredPep':
      return msg('Is this person a politically exposed person (PEP)?');
    default:
      return null;
  }
}

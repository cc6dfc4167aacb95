/**
 * Pure state of the beneficiaries step: what the flow asks for, the editable draft of one
 * beneficiary, the request bodies built from it, and the checks (schema issues mapped to localized
 * messages, ownership total, threshold rule, required beneficiaries and documents). No rendering.
 */
import * as z from 'zod/mini';
import { msg, str } from '@lit/localize';
import { COUNTRY_CODES } from '../../api/countries.ts';
import {
  BeneficiaryCreate,
  BeneficiaryPatch,
  BeneficiaryType,
  CompanyInfoWrite,
  IndividualInfoWrite,
  type Beneficiary,
  type Flow,
  type KybDocument,
} from '../../api/kyb.ts';

export type BeneficiaryTypeName = z.infer<typeof BeneficiaryType>;
export const BENEFICIARY_TYPES = BeneficiaryType.options as readonly BeneficiaryTypeName[];
export type InfoType = 'INDIVIDUAL' | 'COMPANY';

/** Optional fields a flow may switch on (and make required). Name, surname and company name are always asked. */
export type OptionalField =
  | 'dateOfBirth'
  | 'nationality'
  | 'email'
  | 'country'
  | 'registrationNumber'
  | 'positions'
  | 'ownershipPercentage';
export const OPTIONAL_FIELDS: readonly OptionalField[] = [
  'dateOfBirth',
  'nationality',
  'email',
  'country',
  'registrationNumber',
  'positions',
  'ownershipPercentage',
];

/** Flow field names (`flow.beneficiaries[].fields[].field`) -> our optional fields. Unknown names are ignored. */
const FLOW_FIELD_MAP: Record<string, OptionalField[]> = {
  DATE_OF_BIRTH: ['dateOfBirth'],
  NATIONALITY: ['nationality', 'country'],
  EMAIL: ['email'],
  COUNTRY: ['country'],
  REGISTRATION_NUMBER: ['registrationNumber'],
  POSITIONS: ['positions'],
  POSITION: ['positions'],
  OWNERSHIP_PERCENTAGE: ['ownershipPercentage'],
};

/** One document a beneficiary must or may upload. */
export interface DocRequirement {
  docType: string;
  description: string | null;
  required: boolean;
}

/** What the flow asks of beneficiaries. */
export interface BeneficiaryConfig {
  /** Whether the flow asks for beneficiaries at all (`flow: null` -> yes). */
  present: boolean;
  shown: ReadonlySet<OptionalField>;
  required: ReadonlySet<OptionalField>;
  /** At least one beneficiary is needed. */
  atLeastOne: boolean;
  readOnly: boolean;
  description: string | null;
  /** Percentage (0-100) from `flow.ownershipPercentageThreshold`, or null. */
  threshold: number | null;
  documents: DocRequirement[];
}

export const INDIVIDUAL_DOC_TYPES = ['IDENTITY_DOCUMENT', 'PROOF_OF_ADDRESS', 'OTHER'] as const;

/** Derives the beneficiary configuration from the flow (`null` means everything, nothing required). */
export function beneficiaryConfig(flow: Flow | null | undefined): BeneficiaryConfig {
  if (!flow) {
    return {
      present: true,
      shown: new Set(OPTIONAL_FIELDS),
      required: new Set(),
      atLeastOne: false,
      readOnly: false,
      description: null,
      threshold: null,
      documents: INDIVIDUAL_DOC_TYPES.map((docType) => ({ docType, description: null, required: false })),
    };
  }
  const shown = new Set<OptionalField>();
  const required = new Set<OptionalField>();
  const docs = new Map<string, DocRequirement>();
  let atLeastOne = false;
  let readOnly = false;
  const descriptions: string[] = [];
  const addField = (f: { field: string; required: boolean }) => {
    for (const key of FLOW_FIELD_MAP[f.field.toUpperCase()] ?? []) {
      shown.add(key);
      if (f.required) required.add(key);
    }
  };
  for (const entry of flow.beneficiaries) {
    if (entry.required) atLeastOne = true;
    if (entry.readOnly) readOnly = true;
    if (entry.description) descriptions.push(entry.description);
    entry.fields.forEach(addField);
    for (const applicant of entry.applicants) {
      if (applicant.required) atLeastOne = true;
      applicant.fields.forEach(addField);
      for (const d of applicant.documents) {
        const prev = docs.get(d.docType);
        docs.set(d.docType, {
          docType: d.docType,
          description: prev?.description || d.description || null,
          required: (prev?.required ?? false) || d.required,
        });
      }
    }
  }
  const threshold = flow.ownershipPercentageThreshold ?? null;
  return {
    present: flow.beneficiaries.length > 0,
    shown,
    required,
    atLeastOne,
    readOnly,
    description: descriptions.length ? descriptions.join('\n') : null,
    threshold,
    documents: [...docs.values()],
  };
}

/* ---------------------------------------------------------------- the draft */

export interface BeneficiaryDraft {
  /** null while creating. */
  id: string | null;
  infoType: InfoType;
  name: string;
  surname: string;
  dateOfBirth: string;
  nationality: string;
  email: string;
  companyName: string;
  country: string;
  registrationNumber: string;
  types: BeneficiaryTypeName[];
  /** Always three entries (empty ones are ignored). */
  positions: [string, string, string];
  formFiller: boolean;
  /** The raw text of the ownership input. */
  ownership: string;
}

export type DraftField =
  | 'infoType'
  | 'name'
  | 'surname'
  | 'dateOfBirth'
  | 'nationality'
  | 'email'
  | 'companyName'
  | 'country'
  | 'registrationNumber'
  | 'types'
  | 'position0'
  | 'position1'
  | 'position2'
  | 'formFiller'
  | 'ownership';

export function emptyDraft(infoType: InfoType = 'INDIVIDUAL'): BeneficiaryDraft {
  return {
    id: null,
    infoType,
    name: '',
    surname: '',
    dateOfBirth: '',
    nationality: '',
    email: '',
    companyName: '',
    country: '',
    registrationNumber: '',
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
  return new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 6 }).format(value);
}

export function draftFromBeneficiary(b: Beneficiary, locale = 'en'): BeneficiaryDraft {
  const i = b.info;
  const p = b.positions ?? [];
  return {
    id: b.id,
    infoType: b.infoType,
    name: i.name ?? '',
    surname: i.surname ?? '',
    dateOfBirth: i.dateOfBirth ?? '',
    nationality: i.nationality ?? '',
    email: i.email ?? '',
    companyName: i.companyName ?? '',
    country: i.country ?? '',
    registrationNumber: i.registrationNumber ?? '',
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

const trimOrNull = (s: string) => (s.trim() === '' ? null : s.trim());

/** The `info` object for the draft's type; hidden fields keep their stored value when it is valid. */
function buildInfo(d: BeneficiaryDraft, cfg: BeneficiaryConfig, forPatch: boolean) {
  const pick = (field: OptionalField, value: string, schema: z.ZodMiniType) => {
    const v = trimOrNull(value);
    if (!cfg.shown.has(field)) {
      // Not asked: keep what was stored, when it is valid; never send it on create.
      if (!forPatch || v === null || !schema.safeParse(v).success) return undefined;
      return v;
    }
    if (v === null) return forPatch ? null : undefined;
    return v;
  };
  const out: Record<string, unknown> = {};
  const put = (k: string, v: unknown) => {
    if (v !== undefined) out[k] = v;
  };
  if (d.infoType === 'INDIVIDUAL') {
    const s = IndividualInfoWrite.shape;
    out.name = d.name.trim();
    out.surname = d.surname.trim();
    put('dateOfBirth', pick('dateOfBirth', d.dateOfBirth, s.dateOfBirth));
    put('nationality', pick('nationality', d.nationality, s.nationality));
    put('email', pick('email', d.email, s.email));
  } else {
    const s = CompanyInfoWrite.shape;
    out.companyName = d.companyName.trim();
    put('country', pick('country', d.country, s.country));
    put('registrationNumber', pick('registrationNumber', d.registrationNumber, s.registrationNumber));
  }
  return out;
}

const positionsOf = (d: BeneficiaryDraft) => d.positions.map((p) => p.trim()).filter((p) => p !== '');

/** The POST body for a new beneficiary (not yet validated). */
export function createBody(d: BeneficiaryDraft, cfg: BeneficiaryConfig): Record<string, unknown> {
  const body: Record<string, unknown> = {
    infoType: d.infoType,
    info: buildInfo(d, cfg, false),
    beneficiaryTypes: [...d.types],
    formFiller: d.formFiller,
  };
  if (cfg.shown.has('positions')) {
    const p = positionsOf(d);
    if (p.length) body.positions = p;
  }
  if (cfg.shown.has('ownershipPercentage')) {
    const pct = parsePercent(d.ownership);
    if (pct !== null) body.ownershipPercentage = pct;
  }
  return body;
}

/** The PATCH body for an existing beneficiary (not yet validated). */
export function patchBody(d: BeneficiaryDraft, cfg: BeneficiaryConfig): Record<string, unknown> {
  const body: Record<string, unknown> = {
    info: buildInfo(d, cfg, true),
    beneficiaryTypes: [...d.types],
    formFiller: d.formFiller,
  };
  if (cfg.shown.has('positions')) body.positions = positionsOf(d);
  if (cfg.shown.has('ownershipPercentage')) body.ownershipPercentage = parsePercent(d.ownership);
  return body;
}

/* ---------------------------------------------------------------- checks */

export type DraftErrors = Partial<Record<DraftField, string>>;

const requiredMessage = (field: DraftField): string => {
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
  const [a, b] = path;
  if (a === 'info' && typeof b === 'string') {
    const known: DraftField[] = [
      'name',
      'surname',
      'dateOfBirth',
      'nationality',
      'email',
      'companyName',
      'country',
      'registrationNumber',
    ];
    return (known as string[]).includes(b) ? (b as DraftField) : null;
  }
  if (a === 'beneficiaryTypes') return 'types';
  if (a === 'ownershipPercentage') return 'ownership';
  if (a === 'formFiller') return 'formFiller';
  if (a === 'positions') {
    return typeof b === 'number' ? (`position${Math.min(2, b)}` as DraftField) : 'position0';
  }
  if (a === 'infoType') return 'infoType';
  return null;
}

interface IssueLike {
  code: string;
  path: readonly PropertyKey[];
  maximum?: unknown;
  minimum?: unknown;
  format?: string;
  origin?: string;
}

/** One localized message per zod issue, by field and issue code. */
export function issueMessage(field: DraftField, issue: IssueLike): string {
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
  switch (field) {
    case 'email':
      return msg('Enter a valid email address, like name@example.com.');
    case 'dateOfBirth':
      return msg('Enter a valid date.');
    case 'nationality':
    case 'country':
      return msg('Choose a country from the list.');
    default:
      return msg('Check this value.');
  }
}

/** Maps schema issues to one message per field (the first issue wins). */
export function mapIssues(issues: readonly IssueLike[]): DraftErrors {
  const errors: DraftErrors = {};
  for (const issue of issues) {
    const field = fieldOfPath(issue.path);
    if (field && !errors[field]) errors[field] = issueMessage(field, issue);
  }
  return errors;
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

/** Sum of the ownership percentages of `list`, skipping the beneficiary `exceptId`. */
export function ownershipTotal(
  list: readonly Pick<Beneficiary, 'id' | 'ownershipPercentage'>[],
  exceptId?: string | null,
) {
  let total = 0;
  for (const b of list)
    if (b.id !== exceptId && typeof b.ownershipPercentage === 'number') total += b.ownershipPercentage;
  return Math.round(total * 1e6) / 1e6;
}

const formatPct = (n: number, locale: string) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(n);

/**
 * Every problem of the draft: the flow's required fields, the schema (`BeneficiaryCreate` or
 * `BeneficiaryPatch`), the date of birth not in the future, and the ownership total of all
 * beneficiaries (`others` are the saved ones) not above 100.
 */
export function validateDraft(
  d: BeneficiaryDraft,
  cfg: BeneficiaryConfig,
  others: readonly Pick<Beneficiary, 'id' | 'ownershipPercentage'>[],
  locale = 'en',
  today: string = new Date().toISOString().slice(0, 10),
): DraftErrors {
  const errors: DraftErrors = {};
  const set = (f: DraftField, m: string) => {
    if (!errors[f]) errors[f] = m;
  };
  // The flow's required optional fields.
  const emptyRequired = (field: OptionalField, value: string, target: DraftField) => {
    if (cfg.shown.has(field) && cfg.required.has(field) && value.trim() === '')
      set(target, requiredMessage(target));
  };
  if (d.infoType === 'INDIVIDUAL') {
    emptyRequired('dateOfBirth', d.dateOfBirth, 'dateOfBirth');
    emptyRequired('nationality', d.nationality, 'nationality');
    emptyRequired('email', d.email, 'email');
  } else {
    emptyRequired('country', d.country, 'country');
    emptyRequired('registrationNumber', d.registrationNumber, 'registrationNumber');
  }
  if (cfg.shown.has('positions') && cfg.required.has('positions') && positionsOf(d).length === 0)
    set('position0', requiredMessage('position0'));
  if (
    cfg.shown.has('ownershipPercentage') &&
    cfg.required.has('ownershipPercentage') &&
    d.ownership.trim() === ''
  )
    set('ownership', requiredMessage('ownership'));

  // The schema.
  const body = d.id === null ? createBody(d, cfg) : patchBody(d, cfg);
  const pct = cfg.shown.has('ownershipPercentage') ? parsePercent(d.ownership) : null;
  if (pct !== null && Number.isNaN(pct)) {
    set('ownership', msg('Enter a percentage from 0 to 100.'));
    delete body.ownershipPercentage;
  }
  if (d.id === null) {
    const r = BeneficiaryCreate.safeParse(body);
    if (!r.success) for (const [k, m] of Object.entries(mapIssues(r.error.issues))) set(k as DraftField, m);
  } else {
    // The patch schema accepts either info shape; check the one of this beneficiary's type.
    const r = BeneficiaryPatch.safeParse(body);
    if (!r.success) for (const [k, m] of Object.entries(mapIssues(r.error.issues))) set(k as DraftField, m);
    const infoSchema = d.infoType === 'INDIVIDUAL' ? IndividualInfoWrite : CompanyInfoWrite;
    const ri = infoSchema.safeParse(body.info);
    if (!ri.success)
      for (const [k, m] of Object.entries(
        mapIssues(ri.error.issues.map((i) => ({ ...i, path: ['info', ...i.path] }))),
      ))
        set(k as DraftField, m);
  }
  if (d.infoType === 'INDIVIDUAL' && cfg.shown.has('dateOfBirth') && !errors.dateOfBirth && d.dateOfBirth) {
    if (d.dateOfBirth > today) set('dateOfBirth', msg('The date of birth cannot be in the future.'));
  }
  // The ownership total.
  if (pct !== null && !Number.isNaN(pct) && !errors.ownership) {
    const total = ownershipTotal(others, d.id) + pct;
    if (total > 100) {
      const rest = formatPct(Math.max(0, 100 - ownershipTotal(others, d.id)), locale);
      const t = formatPct(total, locale);
      set(
        'ownership',
        msg(
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
  | { kind: 'threshold'; threshold: number }
  | { kind: 'total'; total: number }
  | { kind: 'document'; beneficiaryId: string; docType: string };

/** Problems of the saved list: a required beneficiary missing, the threshold rule, the total, missing documents. */
export function listProblems(
  list: readonly Beneficiary[],
  cfg: BeneficiaryConfig,
  documents: (beneficiaryId: string) => readonly Pick<KybDocument, 'type'>[] | null,
): ListProblem[] {
  const out: ListProblem[] = [];
  if (!cfg.present) return out;
  if (cfg.atLeastOne && list.length === 0) out.push({ kind: 'required' });
  if (cfg.atLeastOne && cfg.threshold !== null && list.length > 0 && !meetsThreshold(list, cfg.threshold))
    out.push({ kind: 'threshold', threshold: cfg.threshold });
  const total = ownershipTotal(list);
  if (total > 100) out.push({ kind: 'total', total });
  for (const b of list) {
    const docs = documents(b.id);
    if (docs === null) continue; // not loaded: the server decides on submit
    for (const req of cfg.documents) {
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

/** Country options sorted by their localized name. */
export function countryOptions(locale: string): { code: string; name: string }[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
  } catch {
    names = null;
  }
  const collator = new Intl.Collator(locale);
  return COUNTRY_CODES.map((code) => ({ code, name: names?.of(code) ?? code })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
}

export function countryName(code: string | null | undefined, locale: string): string {
  if (!code) return '';
  try {
    return new Intl.DisplayNames([locale, 'en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

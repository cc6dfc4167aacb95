/**
 * What the flow asks of beneficiaries: the roles, the applicant types INDIVIDUAL and COMPANY with their own
 * fields, custom fields and documents, the ownership structure; and the labels of roles and members.
 * Pure; part of the beneficiaries step's state (state.ts re-exports it).
 */
import { msg } from '@lit/localize';
import {
  BeneficiaryType,
  COMPANY_FIELDS,
  INDIVIDUAL_FIELDS,
  type ApplicantCustomField,
  type Beneficiary,
  type BeneficiaryFlowField,
  type Flow,
  type FlowApplicant,
} from '../../api/kyb.ts';
import { INDIVIDUAL_DOCUMENT_TYPES } from '../../api/document-types.ts';
import type { CustomSpec } from '../custom-fields.ts';

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
export const kindOf = (key: string, type: InfoType) =>
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
export const ALWAYS: Record<InfoType, string[]> = {
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
/**
 * Roles only a natural person can hold: a beneficial owner (UBO, or the ABO named in its place) and the
 * chief executive are people by definition, so a company is never offered them, whatever the flow lists.
 */
export const PERSON_ROLES: ReadonlySet<BeneficiaryTypeName> = new Set(['CEO', 'UBO', 'ABO']);
/** The roles an applicant type may hold (the flow's, without those only a person can hold for a company). */
export const rolesFor = (cfg: BeneficiaryConfig, type: InfoType): BeneficiaryTypeName[] =>
  cfg.roles.filter((r) => cfg.roleTypes.get(r)?.has(type) && (type === 'INDIVIDUAL' || !PERSON_ROLES.has(r)));

/* ---------------------------------------------------------------- the draft */

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

/** What a role means, in one line (shown under its checkbox). */
export function roleHint(t: string): string {
  switch (t) {
    case 'CEO':
      return msg('Runs the company day to day.');
    case 'REPRESENTATIVE':
      return msg('Acts on behalf of the company, for example with a power of attorney.');
    case 'SHAREHOLDER':
      return msg('Owns shares in the company.');
    case 'UBO':
      return msg('Owns or controls 25 % or more of the company, directly or through other companies.');
    case 'ABO':
      return msg('Named when no one owns or controls 25 % or more: usually the most senior manager.');
    default:
      return '';
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

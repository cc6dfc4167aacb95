/**
 * `GET /kyb/info/` as published (`kyb.KybInfo`): the locale, the theme (`ThemeCore`) and the flow
 * (`KybFormUnifiedFlow`). Read leniently: every nullable list, flag and `order` may be `null` and reads as
 * its default; members this client does not know are dropped; an unknown enum value falls back.
 */
import * as z from 'zod/mini';
import { dict, opt, orCatch, orElse, validItems } from './common.ts';
import { Choice, CustomFieldDef } from './kyb-company.ts';
import { THEME_COLOR_KEYS, type ThemeColorKey } from './theme-colors.ts';

export { THEME_COLOR_KEYS, type ThemeColorKey };

const s = opt(z.string());

/** `ThemeCore`: `font` is a URI of a font file (a plain family name is accepted too), `logo` a URI. */
export const Theme = z.object({
  companyName: s,
  logo: s,
  font: s,
  supportEmail: s,
  /** `z.partialRecord(z.enum(THEME_COLOR_KEYS), z.nullable(z.string()))`: see `dict`. */
  colors: opt(
    dict(z.enum(THEME_COLOR_KEYS), z.nullable(z.string()), true) as z.ZodMiniType<
      Partial<Record<ThemeColorKey, string | null>>
    >,
  ),
});
export type Theme = z.infer<typeof Theme>;

export { Choice };

const flags = {
  required: orElse(z.boolean(), false),
  readOnly: orElse(z.boolean(), false),
  changeFrom: z.optional(z.unknown()),
  changeRequired: orElse(z.boolean(), false),
};
/** `order` may be absent or `null`: both keep the list order (stable sort on 0). */
const order = orElse(z.number(), 0);

/** `CompanyFieldUnified`. */
export const FlowField = z.object({ field: z.string(), order, ...flags });
export type FlowField = z.infer<typeof FlowField>;
/** `CustomFieldAssignmentUnified`. */
export const FlowCustomField = z.object({ field: CustomFieldDef, order, ...flags });
export type FlowCustomField = z.infer<typeof FlowCustomField>;
/** `CompanyDocType` / `IndividualDocType`. */
export const FlowDocument = z.object({
  docType: z.string().check(z.minLength(1)),
  description: opt(z.string()),
  required: orElse(z.boolean(), false),
});
export type FlowDocument = z.infer<typeof FlowDocument>;
/** `IndividualField`, `CompanyField`, `BeneficiaryField`. */
export const BeneficiaryFlowField = z.object({
  field: z.string(),
  required: orElse(z.boolean(), false),
  order,
});
export type BeneficiaryFlowField = z.infer<typeof BeneficiaryFlowField>;
/** `CustomFieldAssignment` of an applicant. */
export const ApplicantCustomField = z.object({
  field: CustomFieldDef,
  required: orElse(z.boolean(), false),
  order,
});
export type ApplicantCustomField = z.infer<typeof ApplicantCustomField>;

export const ApplicantType = z.enum(['INDIVIDUAL', 'COMPANY']);
export type ApplicantType = z.infer<typeof ApplicantType>;
/** `ApplicantFlow` (`IndividualFlow` | `CompanyFlow`, discriminated by `applicantType`). */
export const FlowApplicant = z.object({
  /** Absent, `null` or unknown reads as INDIVIDUAL (older services had persons only). */
  applicantType: orCatch(ApplicantType, 'INDIVIDUAL'),
  fields: orElse(z.array(BeneficiaryFlowField), []),
  required: orElse(z.boolean(), false),
  fieldsCustom: orElse(validItems(ApplicantCustomField), []),
  documents: orElse(validItems(FlowDocument), []),
});
export type FlowApplicant = z.infer<typeof FlowApplicant>;

export const BeneficiaryType = z.enum(['CEO', 'REPRESENTATIVE', 'SHAREHOLDER', 'UBO', 'ABO']);
export type BeneficiaryType = z.infer<typeof BeneficiaryType>;
/** `BeneficiaryUnifiedFlow`: one role (`beneficiaryType`) the flow asks for, and who may hold it. */
export const FlowBeneficiary = z.object({
  /** The role; `null` when absent or unknown (older services listed roles without it). */
  beneficiaryType: orCatch(z.nullable(BeneficiaryType), null),
  applicants: orElse(z.array(FlowApplicant), []),
  required: orElse(z.boolean(), false),
  fields: orElse(z.array(BeneficiaryFlowField), []),
  description: opt(z.string()),
  readOnly: orElse(z.boolean(), false),
});
export type FlowBeneficiary = z.infer<typeof FlowBeneficiary>;

/** `KybFormUnifiedFlow`. */
export const Flow = z.object({
  fields: orElse(z.array(FlowField), []),
  fieldsCustom: orElse(validItems(FlowCustomField), []),
  documents: orElse(validItems(FlowDocument), []),
  beneficiaries: orElse(z.array(FlowBeneficiary), []),
  companySearch: orElse(z.boolean(), false),
  bankVerification: orElse(z.boolean(), false),
  emailVerification: orElse(z.boolean(), false),
  ownershipFullStructure: orElse(z.boolean(), false),
  ownershipPercentageThreshold: opt(z.number().check(z.gte(0), z.lte(100))),
  description: opt(z.string()),
  questionnaireDescription: opt(z.string()),
});
export type Flow = z.infer<typeof Flow>;

/** `kyb.KybInfo`: `null` locale, theme or flow each read as "not set" (a `null` flow asks for everything). */
export const KybInfo = z.object({
  locale: opt(z.string()),
  theme: opt(Theme),
  flow: opt(Flow),
});
export type KybInfo = z.infer<typeof KybInfo>;

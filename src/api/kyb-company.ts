/**
 * The company of a KYB form, as published (`kyb.CompanyInfo`, `kyb.CompanyInfoRequest`), and custom
 * fields (`kyb.CustomField`, `CustomFieldTypeEnum`) with their typed values.
 *
 * Three shapes, on purpose:
 * - `CompanyWrite` is the element's draft payload: every field may be `null` (cleared).
 * - `companyRequest()` turns it into the published request: `null` only where the schema allows it,
 *   empty lists and objects left out, and `CompanyInfoRequest` checks the result before it is sent.
 * - `Company` is the company as read: any member may be absent or `null`; unknown members are dropped.
 */
import * as z from 'zod/mini';
import { bounded, DateOnly, dict, int, opt, orCatch, orElse, refine } from './common.ts';
import { CountryCode } from './countries.ts';

/* ---------------------------------------------------------------- standard fields */

/** `CompanyFieldEnum` -> the company member it fills. */
export const COMPANY_FIELDS = {
  COMPANY_NAME: 'companyName',
  REGISTRATION_NUMBER: 'registrationNumber',
  COUNTRY: 'country',
  REGION: 'region',
  TYPE: 'type',
  PHONE: 'phone',
  WEBSITE: 'website',
  EMAIL: 'email',
  BRAND_NAMES: 'brandNames',
  ACTIVITY_CODE: 'activityCode',
  TIN: 'tin',
  OPERATING_ADDRESS: 'operatingAddress',
  POSTAL_ADDRESS: 'postalAddress',
  POSTCODE: 'postcode',
  STREET: 'street',
  CITY: 'city',
} as const;
export type CompanyFieldName = keyof typeof COMPANY_FIELDS;
export type CompanyKey = (typeof COMPANY_FIELDS)[CompanyFieldName];
export const CompanyFieldName = z.enum(
  Object.keys(COMPANY_FIELDS) as [CompanyFieldName, ...CompanyFieldName[]],
);

/** E.164: `+` then 2-15 digits, the first not 0 (what the element asks for; the service takes up to 128). */
export const E164 = z.string().check(z.regex(/^\+[1-9]\d{1,14}$/, { message: 'phone' }));
/** An http(s) URL of at most `max` characters (published `format: uri`). */
export const webUrl = (max: number) =>
  bounded(1, max).check(z.regex(/^https?:\/\/[^\s/$.?#][^\s]*$/i, { message: 'url' }));
/** An http(s) URL of at most 2048 characters (questionnaire URL answers). */
export const WebUrl = webUrl(2048);
/**
 * An e-mail address of at most 254 characters (published `format: email`): zod's own `z.email()` pattern (minus
 * needless escapes) as a regex check (see common.ts on why).
 */
export const Email = bounded(3, 254).check(
  z.regex(
    /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/,
  ),
);

/**
 * One schema per company field, with the published bounds: the element validates with these (plus the
 * E.164 rule for phones), and `CompanyInfoRequest` is built from them.
 */
export const CompanyFieldSchemas = {
  companyName: bounded(1, 200),
  country: CountryCode,
  registrationNumber: bounded(1, 100),
  region: bounded(1, 2),
  type: bounded(1, 100),
  phone: E164,
  website: webUrl(200),
  email: Email,
  brandNames: z.array(bounded(1, 100)).check(z.maxLength(10)),
  activityCode: bounded(1, 8),
  tin: bounded(1, 32),
  operatingAddress: bounded(1, 255),
  postalAddress: bounded(1, 255),
  postcode: bounded(1, 20),
  street: bounded(1, 100),
  city: bounded(1, 100),
} as const;

/* ---------------------------------------------------------------- custom fields */

export const CUSTOM_FIELD_TYPES = [
  'CHECKBOX',
  'COUNTRY',
  'COUNTRY_MULTI',
  'DATE',
  'INTEGER',
  'SELECT',
  'SELECT_MULTI',
  'TEXT',
] as const;
export const CustomFieldType = z.enum(CUSTOM_FIELD_TYPES);
export type CustomFieldType = z.infer<typeof CustomFieldType>;

/** A choice key as published: `^[\w_*-]+$`, at most 32 characters. */
export const ChoiceKey = bounded(1, 32).check(z.regex(/^[\w*-]+$/));
export const Choice = z.object({ key: z.string(), title: orElse(z.string(), '') });
export type Choice = z.infer<typeof Choice>;

/**
 * A custom field definition as read (`kyb.CustomField`). A missing or unknown type falls back to SELECT when
 * the field has choices (a choice key is never typed in) and to TEXT otherwise.
 */
export const CustomFieldDef = z.pipe(
  z.object({
    id: opt(z.string()),
    key: z.string().check(z.minLength(1)),
    title: orElse(z.string(), ''),
    description: opt(z.string()),
    type: orCatch(z.optional(CustomFieldType), undefined),
    choices: orElse(z.array(Choice), []),
  }),
  z.transform((f) => ({
    ...f,
    type: f.type ?? (f.choices.length ? 'SELECT' : 'TEXT'),
  })),
);
export type CustomFieldDef = z.infer<typeof CustomFieldDef>;

/** A typed custom-field value, by the field's type (`*FieldValue` schemas of the published spec). */
export type CustomValue = string | number | boolean | string[];

/** The schema of one custom field's value (never `null`: the caller handles "not set"). */
export function customValueSchema(def: Pick<CustomFieldDef, 'type' | 'choices'>): z.ZodMiniType<CustomValue> {
  const keys = def.choices.map((c) => c.key);
  const choice = ChoiceKey.check(refine((v: string) => keys.includes(v), 'choice'));
  const unique = <T extends z.ZodMiniType<string>>(item: T) =>
    z.array(item).check(refine((a: string[]) => new Set(a).size === a.length, 'unique'));
  switch (def.type) {
    case 'CHECKBOX':
      return z.boolean();
    case 'COUNTRY':
      return CountryCode;
    case 'COUNTRY_MULTI':
      return unique(CountryCode).check(z.minLength(1));
    case 'DATE':
      return DateOnly;
    case 'INTEGER':
      return int().check(z.gte(-2147483648), z.lte(2147483647));
    case 'SELECT':
      return choice;
    case 'SELECT_MULTI':
      return unique(choice).check(z.minLength(1));
    case 'TEXT':
      return bounded(1, 100);
  }
}

/** `additionalInfo` of a request: `{key: {value}}` (`kyb.AdditionalFieldValueRequest`). */
export const AdditionalInfoRequest = dict(
  z.string().check(z.minLength(1)),
  z.object({ value: z.nullable(z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])) }),
);
export type AdditionalInfoRequest = z.infer<typeof AdditionalInfoRequest>;

/** `additionalInfo` as read: `{key: {title?, type?, value}}`; values are kept as sent. */
export const AdditionalInfoRead = dict(
  z.string(),
  z.pipe(
    z.optional(z.nullable(z.object({ value: z.optional(z.unknown()), type: opt(z.string()) }))),
    z.transform((v) => ({ value: v?.value ?? null, type: v?.type ?? null })),
  ),
);
export type AdditionalInfoRead = z.infer<typeof AdditionalInfoRead>;

/* ---------------------------------------------------------------- the company: draft, request, read */

const f = CompanyFieldSchemas;
/** The element's company draft payload: any field may be `null` (cleared); bounds always hold. */
export const CompanyWrite = z.object({
  companyName: opt(f.companyName),
  country: opt(f.country),
  registrationNumber: opt(f.registrationNumber),
  region: opt(f.region),
  type: opt(f.type),
  phone: opt(f.phone),
  website: opt(f.website),
  email: opt(f.email),
  brandNames: opt(f.brandNames),
  activityCode: opt(f.activityCode),
  tin: opt(f.tin),
  operatingAddress: opt(f.operatingAddress),
  postalAddress: opt(f.postalAddress),
  postcode: opt(f.postcode),
  street: opt(f.street),
  city: opt(f.city),
  additionalInfo: opt(AdditionalInfoRequest),
});
export type CompanyWrite = z.infer<typeof CompanyWrite>;

/** Members of `CompanyInfoRequest` that are nullable as published (the rest must be left out when empty). */
const companyOptional = {
  registrationNumber: opt(bounded(0, 100)),
  region: opt(bounded(0, 2)),
  type: opt(bounded(0, 100)),
  phone: opt(bounded(0, 128)),
  website: opt(webUrl(200)),
  email: opt(Email),
  brandNames: z.optional(z.array(bounded(1, 100)).check(z.maxLength(10))),
  activityCode: opt(bounded(0, 8)),
  tin: opt(bounded(0, 32)),
  operatingAddress: opt(bounded(0, 255)),
  postalAddress: opt(bounded(0, 255)),
  postcode: opt(bounded(0, 20)),
  street: opt(bounded(0, 100)),
  city: opt(bounded(0, 100)),
  additionalInfo: z.optional(AdditionalInfoRequest),
};
/** `kyb.CompanyInfoRequest`: the company of `POST /kyb/forms/` and `PATCH /kyb/forms/{id}/`. */
export const CompanyInfoRequest = z.object({
  companyName: bounded(1, 200),
  country: CountryCode,
  ...companyOptional,
});
export type CompanyInfoRequest = z.infer<typeof CompanyInfoRequest>;
/** The members shared by a company applicant (beneficiary) request. */
export const companyRequestShape = CompanyInfoRequest.shape;

/** `kyb.ClientSystemRequest`. */
export const ClientSystemRequest = z.object({
  ipAddress: opt(z.string().check(z.minLength(1))),
  timeZone: opt(z.string().check(z.minLength(1))),
});
/** `kyb.KybFormCreateRequest` (the element sends the company only). */
export const CreateFormRequest = z.object({
  company: CompanyInfoRequest,
  clientSystem: z.optional(ClientSystemRequest),
});
/** `kyb.PatchedKybFormUpdateRequest`: the whole company object. */
export const UpdateFormRequest = z.object({
  company: z.optional(CompanyInfoRequest),
  clientSystem: z.optional(ClientSystemRequest),
});

/**
 * The published request body for a company draft: `null` kept where the schema allows it ("cleared"),
 * a cleared list sent as `[]`, an empty `additionalInfo` left out. Name and country must be set.
 */
export function companyRequest(w: CompanyWrite): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(w)) {
    if (v === undefined) continue;
    if (k === 'brandNames') out[k] = v ?? [];
    else if (k === 'additionalInfo') {
      if (v && Object.keys(v).length) out[k] = v;
    } else if (v !== null || k in companyOptional) out[k] = v;
  }
  return out;
}

const s = opt(z.string());
/** The company as read (`kyb.CompanyInfo`): any member may be absent or `null`. */
export const Company = z.object({
  companyName: s,
  country: s,
  registrationNumber: s,
  region: s,
  type: s,
  phone: s,
  website: s,
  email: s,
  brandNames: opt(z.array(z.string())),
  activityCode: s,
  tin: s,
  operatingAddress: s,
  postalAddress: s,
  postcode: s,
  street: s,
  city: s,
  additionalInfo: opt(AdditionalInfoRead),
});
export type Company = z.infer<typeof Company>;

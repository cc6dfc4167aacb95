/**
 * The company of a KYB form, as published (`kyb.CompanyInfo`, `kyb.CompanyInfoRequest`), and custom
 * fields (`kyb.CustomField`, `CustomFieldTypeEnum`) with their typed values.
 *
 * Three shapes, on purpose:
 * - `CompanyWrite` is the element's draft payload: every field may be `null` (cleared).
 * - `companyRequest()` turns it into the published request: `null` only where the schema allows it,
 *   empty lists and objects left out, and `CompanyInfoRequest` checks the result before it is sent.
 * - `Company` is the company as read: any member may be absent or `null`; unknown members are dropped.
 * The first two are in kyb-company-write.ts: they load with the writes' schemas (kyb.ts), not with the
 * first screen's (which reads the company and checks fields with `CompanyFieldSchemas`).
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

/** `additionalInfo` as read: `{key: {title?, type?, value}}`; values are kept as sent. */
export const AdditionalInfoRead = dict(
  z.string(),
  z.pipe(
    z.optional(z.nullable(z.object({ value: z.optional(z.unknown()), type: opt(z.string()) }))),
    z.transform((v) => ({ value: v?.value ?? null, type: v?.type ?? null })),
  ),
);
export type AdditionalInfoRead = z.infer<typeof AdditionalInfoRead>;

/* ---------------------------------------------------------------- the company as read */

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

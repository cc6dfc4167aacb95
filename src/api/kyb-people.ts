/**
 * Beneficiaries (`kyb.Beneficiary*`, applicants INDIVIDUAL and COMPANY with `infoType` inside `info`) and
 * documents (`KybDocumentTypeEnum`, `IndividualKybDocTypeEnum`) as published.
 *
 * Requests follow the published request schemas exactly. Responses are read leniently and turned into the
 * element's model: `Beneficiary.infoType` is lifted out of `info`, `beneficiaryType` merged into
 * `beneficiaryTypes`, and a document without `filename` gets a name from its URL.
 */
import * as z from 'zod/mini';
import { Base64, bounded, DateOnly, Id, MAX_DOCUMENT_BYTES, opt, orCatch, orElse } from './common.ts';
import { CountryCode } from './countries.ts';
import { AdditionalInfoRead, E164, Email } from './kyb-company.ts';
import { AdditionalInfoRequest, companyRequestShape } from './kyb-company-write.ts';
import { ApplicantType, BeneficiaryType } from './kyb-flow.ts';
import { INDIVIDUAL_DOCUMENT_TYPES, KYB_DOCUMENT_TYPES, uploadTypeFor } from './document-types.ts';

export { ApplicantType as InfoType, BeneficiaryType };

/* ---------------------------------------------------------------- person fields */

/** `IndividualFieldEnum` -> the `info` member it fills (`POSITIONS` fills the beneficiary's `positions`). */
export const INDIVIDUAL_FIELDS = {
  NAME: 'name',
  SURNAME: 'surname',
  COUNTRY: 'country',
  EMAIL: 'email',
  PHONE: 'phone',
  DATE_OF_BIRTH: 'dateOfBirth',
  NATIONALITY: 'nationality',
  DOCUMENT_NUMBER: 'documentNumber',
  PERSONAL_NUMBER: 'personalNumber',
  CITIZENSHIP: 'citizenship',
  COUNTRY_OF_BIRTH: 'countryOfBirth',
  RESIDENTIAL_ADDRESS: 'residentialAddress',
  COUNTRY_OF_RESIDENCE: 'countryOfResidence',
  POSTCODE: 'postcode',
  ADDRESS: 'address',
  STREET: 'street',
  CITY: 'city',
  TIN: 'tin',
  TAX_RESIDENCE: 'taxResidence',
  SELF_DECLARED_PEP: 'selfDeclaredPep',
  POSITIONS: 'positions',
} as const;
export type IndividualFieldName = keyof typeof INDIVIDUAL_FIELDS;
export type IndividualKey = Exclude<(typeof INDIVIDUAL_FIELDS)[IndividualFieldName], 'positions'>;

/** The published `^[\u0000-\u007F]+$`, written without control characters (same set of strings). */
const Ascii = (max: number) => bounded(1, max).check(z.regex(/^[^\u0080-\uffff]+$/, { message: 'ascii' }));

/** One schema per person field (published bounds; phones in E.164 as for the company). */
export const IndividualFieldSchemas = {
  name: bounded(1, 100),
  surname: bounded(1, 100),
  email: Email,
  phone: E164,
  dateOfBirth: DateOnly,
  country: CountryCode,
  nationality: CountryCode,
  documentNumber: Ascii(50),
  personalNumber: Ascii(50),
  citizenship: CountryCode,
  countryOfBirth: CountryCode,
  residentialAddress: bounded(1, 255),
  countryOfResidence: CountryCode,
  postcode: bounded(1, 20),
  address: bounded(1, 255),
  street: bounded(1, 100),
  city: bounded(1, 100),
  tin: bounded(1, 20),
  taxResidence: CountryCode,
  selfDeclaredPep: z.boolean(),
} as const satisfies Record<IndividualKey, z.ZodMiniType>;

/* ---------------------------------------------------------------- requests */

/** `kyb.IndividualApplicantRequest`. */
export const IndividualApplicantRequest = z.object({
  infoType: z.enum(['INDIVIDUAL']),
  name: bounded(1, 100),
  surname: bounded(1, 100),
  email: opt(Email),
  phone: opt(bounded(0, 128)),
  dateOfBirth: opt(DateOnly),
  country: opt(CountryCode),
  nationality: opt(CountryCode),
  documentNumber: opt(Ascii(50)),
  personalNumber: opt(Ascii(50)),
  citizenship: opt(CountryCode),
  countryOfBirth: opt(CountryCode),
  residentialAddress: opt(bounded(0, 255)),
  countryOfResidence: opt(CountryCode),
  postcode: opt(bounded(0, 20)),
  address: opt(bounded(0, 255)),
  street: opt(bounded(0, 100)),
  city: opt(bounded(0, 100)),
  tin: opt(bounded(0, 20)),
  taxResidence: opt(CountryCode),
  selfDeclaredPep: opt(z.boolean()),
  additionalInfo: z.optional(AdditionalInfoRequest),
});
/** `kyb.CompanyApplicantRequest`: a company applicant needs its name and country. */
export const CompanyApplicantRequest = z.object({
  infoType: z.enum(['COMPANY']),
  ...companyRequestShape,
});
/**
 * `z.discriminatedUnion('infoType', [person, company])`, written with the types every schema already
 * loads (zod's discriminated union would be one more type in the zod chunk both elements load first). It
 * parses like it, step for step (zod 4's `$ZodDiscriminatedUnion`, test/node/schema-equivalence.test.ts
 * compares both): not an object (arrays included) is `invalid_type`; an `infoType` of neither applicant
 * is `invalid_union` at `infoType`; otherwise the matching applicant's own result and issues.
 */
function byInfoType<P extends z.ZodMiniObject, C extends z.ZodMiniObject>(person: P, company: C) {
  const options = new Map<unknown, P | C>([
    ['INDIVIDUAL', person],
    ['COMPANY', company],
  ]);
  const parse = z.pipe(
    z.unknown(),
    z.transform((input, payload): z.output<P> | z.output<C> => {
      if (typeof input !== 'object' || input === null || Array.isArray(input)) {
        payload.issues.push({ code: 'invalid_type', expected: 'object', input });
        return input as never;
      }
      const option = options.get((input as { infoType?: unknown }).infoType);
      if (!option) {
        payload.issues.push({
          code: 'invalid_union',
          errors: [],
          note: 'No matching discriminator',
          discriminator: 'infoType',
          options: [...options.keys()],
          input,
          path: ['infoType'],
        } as z.core.$ZodRawIssue);
        return input as never;
      }
      const r = option.safeParse(input);
      if (!r.success) payload.issues.push(...(r.error.issues as z.core.$ZodRawIssue[]));
      return r.data as z.output<P> | z.output<C>;
    }),
  );
  return parse as unknown as z.ZodMiniType<z.output<P> | z.output<C>, z.input<P> | z.input<C>>;
}
/** `kyb.ApplicantRequest` (discriminated by `infoType` inside `info`). */
export const ApplicantRequest = byInfoType(IndividualApplicantRequest, CompanyApplicantRequest);
/** `kyb.ApplicantCreateRequest` (a person may also carry the `scanRef` of an identification). */
export const ApplicantCreateRequest = byInfoType(
  z.object({ ...IndividualApplicantRequest.shape, scanRef: z.optional(z.string().check(z.minLength(1))) }),
  CompanyApplicantRequest,
);

const Position = bounded(1, 50).check(z.regex(/^[^,]+$/, { message: 'comma' }));
const beneficiaryCommon = {
  beneficiaryType: z.optional(BeneficiaryType),
  beneficiaryTypes: z.optional(z.array(BeneficiaryType).check(z.minLength(1))),
  positions: z.optional(z.array(Position).check(z.maxLength(3))),
  formFiller: z.optional(z.boolean()),
  ownershipPercentage: opt(z.number().check(z.gte(0), z.lte(100))),
};
/** `kyb.BeneficiaryCreateRequest`: `parent` names the COMPANY beneficiary this one owns part of. */
export const BeneficiaryCreate = z.object({
  ...beneficiaryCommon,
  info: ApplicantCreateRequest,
  parent: opt(z.string().check(z.minLength(1))),
});
export type BeneficiaryCreate = z.infer<typeof BeneficiaryCreate>;
/** `kyb.PatchedBeneficiaryRequest`: any subset; `info` is whole (with its `infoType`); `parent` cannot change. */
export const BeneficiaryPatch = z.object({ ...beneficiaryCommon, info: z.optional(ApplicantRequest) });
export type BeneficiaryPatch = z.infer<typeof BeneficiaryPatch>;

/* ---------------------------------------------------------------- responses */

const s = opt(z.string());
/** `info` as read: every member of both applicant types, any of them absent or `null`. */
const InfoRead = z.object({
  infoType: orCatch(z.nullable(ApplicantType), null),
  name: s,
  surname: s,
  email: s,
  phone: s,
  dateOfBirth: s,
  country: s,
  nationality: s,
  documentNumber: s,
  personalNumber: s,
  citizenship: s,
  countryOfBirth: s,
  residentialAddress: s,
  countryOfResidence: s,
  postcode: s,
  address: s,
  street: s,
  city: s,
  tin: s,
  taxResidence: s,
  selfDeclaredPep: opt(z.boolean()),
  companyName: s,
  registrationNumber: s,
  region: s,
  type: s,
  website: s,
  brandNames: opt(z.array(z.string())),
  activityCode: s,
  operatingAddress: s,
  postalAddress: s,
  additionalInfo: opt(AdditionalInfoRead),
});
export type BeneficiaryInfo = z.infer<typeof InfoRead>;

/** `kyb.Beneficiary` / `kyb.BeneficiaryCreate`, read into the element's model. */
export const Beneficiary = z.pipe(
  z.object({
    id: Id,
    beneficiaryType: orCatch(z.nullable(BeneficiaryType), null),
    beneficiaryTypes: orElse(z.array(z.string()), []),
    /** Older services sent `infoType` beside `info`; the published place is inside it. */
    infoType: orCatch(z.nullable(ApplicantType), null),
    info: orCatch(InfoRead, { infoType: null }),
    positions: orElse(z.array(z.string()), []),
    formFiller: opt(z.boolean()),
    ownershipPercentage: opt(z.number()),
    parent: opt(z.string()),
  }),
  z.transform((b) => {
    const types = [...b.beneficiaryTypes];
    if (b.beneficiaryType && !types.includes(b.beneficiaryType)) types.push(b.beneficiaryType);
    const infoType: ApplicantType =
      b.info.infoType ?? b.infoType ?? (b.info.companyName && !b.info.name ? 'COMPANY' : 'INDIVIDUAL');
    return {
      id: b.id,
      beneficiaryTypes: types,
      infoType,
      info: b.info,
      positions: b.positions,
      formFiller: b.formFiller,
      ownershipPercentage: b.ownershipPercentage,
      parent: b.parent,
    };
  }),
);
export type Beneficiary = z.infer<typeof Beneficiary>;
export const BeneficiaryList = z.array(Beneficiary);

/* ---------------------------------------------------------------- documents */

export const KybDocumentType = z.enum(KYB_DOCUMENT_TYPES);
export type KybDocumentType = z.infer<typeof KybDocumentType>;
export const IndividualDocumentType = z.enum(INDIVIDUAL_DOCUMENT_TYPES);
/** Any document type a request may carry. */
export const DocumentType = z.enum([...KYB_DOCUMENT_TYPES, 'IDENTITY_DOCUMENT']);
export { KYB_DOCUMENT_TYPES, INDIVIDUAL_DOCUMENT_TYPES, uploadTypeFor };

/** A filename (at most 100 characters, as published) whose extension is one of the accepted document types. */
export const DocumentFilename = bounded(1, 100).check(
  z.regex(/\.(jpe?g|png|gif|webp|hei[cf]|pdf)$/i, { message: 'unsupported file type' }),
);

const upload = { filename: DocumentFilename, file: Base64(MAX_DOCUMENT_BYTES) };
/** `kyb.KybFormDocumentCreateRequest` (and a COMPANY beneficiary's `CompanyKybDocCreateRequest`). */
export const CompanyDocumentUpload = z.object({ type: KybDocumentType, ...upload });
/** `kyb.BeneficiaryDocumentCreateRequest`: a person's type or a company's. */
export const DocumentUpload = z.object({ type: DocumentType, ...upload });
export type DocumentUpload = z.infer<typeof DocumentUpload>;
/** `kyb.PatchedBeneficiaryDocumentRequest` as the element sends it (a new name). */
export const RenameDocumentRequest = z.object({ filename: DocumentFilename });

/** The last path segment of a document URL, decoded (a name for a document sent without `filename`). */
function nameFromUrl(file: string): string {
  try {
    const last = new URL(file, 'https://x.invalid/').pathname.split('/').filter(Boolean).pop() ?? '';
    return decodeURIComponent(last);
  } catch {
    return '';
  }
}
/** `kyb.KybFormDocument` / `kyb.BeneficiaryDocument`: `filename` may be `null`, `type` one we do not know. */
export const KybDocument = z.pipe(
  z.object({ id: Id, file: orElse(z.string(), ''), filename: opt(z.string()), type: opt(z.string()) }),
  z.transform((d) => ({
    id: d.id,
    file: d.file,
    filename: d.filename || nameFromUrl(d.file),
    type: d.type ?? null,
  })),
);
export type KybDocument = z.infer<typeof KybDocument>;
export const KybDocumentList = z.array(KybDocument);

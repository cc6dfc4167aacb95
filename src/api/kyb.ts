/**
 * Business verification (KYB): token minting, session info (theme, flow), the form and its company,
 * beneficiaries, documents, questionnaires and answers.
 *
 * Request schemas are strict (every bound enforced). Response schemas accept what any conforming
 * service may send (nulls and missing optional members), so the elements work on any allowed data.
 */
import * as z from 'zod/mini';
import {
  Base64,
  bounded,
  DateOnly,
  DateTime,
  DocumentFilename,
  Id,
  intRange,
  Locale,
  MAX_DOCUMENT_BYTES,
  opt,
  Tags,
  Uuid,
} from './common.ts';
import { CountryCode } from './countries.ts';
import { THEME_COLOR_KEYS, type ThemeColorKey } from './theme-colors.ts';

/* ---------------------------------------------------------------- tokens (server side) */

export const QuestionnaireKey = bounded(1, 32).check(z.regex(/^[\w_*-]+$/));

/** Published `KybTokenTypeEnum`; `POST /kyb/tokens/` mints `FORM` tokens (the only mapped type). */
export const KybTokenType = z.enum(['FORM', 'GOV1', 'GOV2']);
const ScanRef = bounded(1, 40).check(z.regex(/^[^,]+$/));

/**
 * `kyb.KybTokenRequest` (its only branch, `KybFormTokenRequest`): `tokenType: FORM` and `clientId` are
 * required; nullable members may be `null`, the others are left out when empty.
 */
export const KybTokenRequest = z.object({
  tokenType: z.literal('FORM'),
  clientId: bounded(1, 100),
  lifetime: z.optional(intRange(0, 2592000)),
  externalRef: opt(bounded(0, 40)),
  locale: opt(Locale),
  flow: opt(Uuid),
  theme: opt(Uuid),
  questionnaire: opt(QuestionnaireKey),
  questionnaireRequired: z.optional(z.boolean()),
  tags: z.optional(Tags),
  scanRefs: opt(z.array(ScanRef)),
});
export type KybTokenRequest = z.infer<typeof KybTokenRequest>;

/**
 * `kyb.KybToken` (201, its `KybFormToken` branch) as read: `tokenString` and `expiration` are what the
 * partner needs; the rest may be absent or `null` (not set), and unknown members are ignored.
 */
export const KybToken = z.object({
  tokenType: opt(z.string()),
  tokenString: z.string().check(z.minLength(1)),
  expiration: DateTime,
  isActive: opt(z.boolean()),
  isValid: opt(z.boolean()),
  companyId: opt(z.string()),
  clientId: opt(z.string()),
  externalRef: opt(z.string()),
  locale: opt(z.string()),
  flow: opt(z.string()),
  theme: opt(z.string()),
  tags: z._default(z.nullable(z.array(z.string())), []),
  scanRefs: opt(z.array(z.string())),
});
export type KybToken = z.infer<typeof KybToken>;

/* ---------------------------------------------------------------- company */

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

/** E.164: `+` then 2-15 digits, the first not 0. */
export const E164 = z.string().check(z.regex(/^\+[1-9]\d{1,14}$/, { message: 'phone' }));
/** An http(s) URL of at most 2048 characters. */
export const WebUrl = bounded(1, 2048).check(z.regex(/^https?:\/\/[^\s/$.?#][^\s]*$/i, { message: 'url' }));
export const Email = bounded(3, 254).check(z.email());

/** One schema per company field: the element validates with these, the sandbox enforces them. */
export const CompanyFieldSchemas = {
  companyName: bounded(1, 200),
  country: CountryCode,
  registrationNumber: bounded(1, 100),
  region: bounded(1, 2),
  type: bounded(1, 100),
  phone: E164,
  website: WebUrl,
  email: Email,
  brandNames: z.array(bounded(1, 100)).check(z.maxLength(10)),
  activityCode: bounded(1, 8),
  tin: bounded(1, 32),
  operatingAddress: bounded(1, 255),
  postalAddress: bounded(1, 255),
  postcode: bounded(1, 20),
  street: bounded(1, 255),
  city: bounded(1, 100),
} as const;

/** Custom field values (`flow.fieldsCustom`) live in `additionalInfo` as `{key: {value}}`. */
export const AdditionalInfo = z.record(
  bounded(1, 100),
  z.object({ value: z.nullable(z.union([bounded(0, 1000), z.array(bounded(0, 1000))])) }),
);
export type AdditionalInfo = z.infer<typeof AdditionalInfo>;

const f = CompanyFieldSchemas;
/** The company as written by PATCH: a draft, so any field may be null; bounds always hold. */
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
  additionalInfo: opt(AdditionalInfo),
});
export type CompanyWrite = z.infer<typeof CompanyWrite>;
/** Creating the form needs the two required fields. */
export const CompanyCreate = z.object({
  ...CompanyWrite.shape,
  companyName: f.companyName,
  country: f.country,
});
export const CreateFormRequest = z.object({ company: CompanyCreate });
export const UpdateFormRequest = z.object({ company: CompanyWrite });

const s = opt(z.string());
/** The company as read: any string field may be absent or null. */
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
  additionalInfo: opt(z.record(z.string(), z.object({ value: z.optional(z.unknown()) }))),
});
export type Company = z.infer<typeof Company>;

export const FormStatus = z.enum(['PENDING', 'PROCESSING', 'NEED_TO_PROCESS', 'NEED_TO_REVIEW', 'COMPLETED']);
export type FormStatus = z.infer<typeof FormStatus>;
export const KybForm = z.object({
  id: Id,
  company: z._default(Company, {}),
  meta: z._default(
    z.object({
      status: z._default(FormStatus, 'PENDING'),
      approvalStatus: opt(z.enum(['APPROVED', 'DENIED'])),
      submissionTime: opt(DateTime),
      soleProprietor: opt(z.boolean()),
    }),
    { status: 'PENDING' },
  ),
});
export type KybForm = z.infer<typeof KybForm>;
export const KybFormList = z.array(KybForm);

/* ---------------------------------------------------------------- info: theme and flow */

export { THEME_COLOR_KEYS, type ThemeColorKey };

export const Theme = z.object({
  companyName: s,
  logo: s,
  font: s,
  supportEmail: s,
  colors: opt(z.partialRecord(z.enum(THEME_COLOR_KEYS), z.nullable(z.string()))),
});
export type Theme = z.infer<typeof Theme>;

export const Choice = z.object({ key: z.string(), title: z._default(z.string(), '') });
export type Choice = z.infer<typeof Choice>;

const flowFlags = {
  required: z._default(z.boolean(), false),
  readOnly: z._default(z.boolean(), false),
  changeFrom: z.optional(z.unknown()),
  changeRequired: z._default(z.boolean(), false),
};
export const FlowField = z.object({ field: z.string(), order: z._default(z.number(), 0), ...flowFlags });
export type FlowField = z.infer<typeof FlowField>;
export const CustomFieldDef = z.object({
  id: z.optional(z.string()),
  key: z.string().check(z.minLength(1)),
  title: z._default(z.string(), ''),
  description: opt(z.string()),
  choices: opt(z.array(Choice)),
});
export const FlowCustomField = z.object({
  field: CustomFieldDef,
  order: z._default(z.number(), 0),
  ...flowFlags,
});
export type FlowCustomField = z.infer<typeof FlowCustomField>;
export const FlowDocument = z.object({
  docType: z.string().check(z.minLength(1)),
  description: opt(z.string()),
  required: z._default(z.boolean(), false),
});
export type FlowDocument = z.infer<typeof FlowDocument>;
export const BeneficiaryFlowField = z.object({
  field: z.string(),
  required: z._default(z.boolean(), false),
  order: z._default(z.number(), 0),
});
export const FlowApplicant = z.object({
  fields: z._default(z.array(BeneficiaryFlowField), []),
  required: z._default(z.boolean(), false),
  fieldsCustom: z._default(
    z.array(
      z.object({
        field: CustomFieldDef,
        required: z._default(z.boolean(), false),
        order: z._default(z.number(), 0),
      }),
    ),
    [],
  ),
  documents: z._default(z.array(FlowDocument), []),
});
export const FlowBeneficiary = z.object({
  applicants: z._default(z.array(FlowApplicant), []),
  required: z._default(z.boolean(), false),
  fields: z._default(z.array(BeneficiaryFlowField), []),
  description: opt(z.string()),
  readOnly: z._default(z.boolean(), false),
});
export type FlowBeneficiary = z.infer<typeof FlowBeneficiary>;

export const Flow = z.object({
  fields: z._default(z.array(FlowField), []),
  fieldsCustom: z._default(z.array(FlowCustomField), []),
  documents: z._default(z.array(FlowDocument), []),
  beneficiaries: z._default(z.array(FlowBeneficiary), []),
  companySearch: z._default(z.boolean(), false),
  bankVerification: z._default(z.boolean(), false),
  emailVerification: z._default(z.boolean(), false),
  ownershipFullStructure: z._default(z.boolean(), false),
  ownershipPercentageThreshold: opt(z.number().check(z.gte(0), z.lte(100))),
  description: opt(z.string()),
  questionnaireDescription: opt(z.string()),
});
export type Flow = z.infer<typeof Flow>;

export const KybInfo = z.object({
  locale: opt(z.string()),
  theme: opt(Theme),
  flow: opt(Flow),
});
export type KybInfo = z.infer<typeof KybInfo>;

/* ---------------------------------------------------------------- beneficiaries */

export const BeneficiaryType = z.enum(['CEO', 'REPRESENTATIVE', 'SHAREHOLDER', 'UBO', 'ABO']);
export type BeneficiaryType = z.infer<typeof BeneficiaryType>;
export const InfoType = z.enum(['INDIVIDUAL', 'COMPANY']);

export const IndividualInfoWrite = z.object({
  name: bounded(1, 100),
  surname: bounded(1, 100),
  dateOfBirth: opt(DateOnly),
  nationality: opt(CountryCode),
  email: opt(Email),
});
export const CompanyInfoWrite = z.object({
  companyName: bounded(1, 200),
  country: opt(CountryCode),
  registrationNumber: opt(bounded(1, 100)),
});
const beneficiaryCommon = {
  beneficiaryTypes: z.array(BeneficiaryType).check(z.minLength(1)),
  positions: z.optional(z.array(bounded(1, 50)).check(z.maxLength(3))),
  formFiller: z.optional(z.boolean()),
  ownershipPercentage: opt(z.number().check(z.gte(0), z.lte(100))),
};
export const BeneficiaryCreate = z.discriminatedUnion('infoType', [
  z.object({
    ...beneficiaryCommon,
    infoType: z.literal('INDIVIDUAL'),
    info: IndividualInfoWrite,
    parent: opt(Id),
  }),
  z.object({ ...beneficiaryCommon, infoType: z.literal('COMPANY'), info: CompanyInfoWrite, parent: opt(Id) }),
]);
export type BeneficiaryCreate = z.infer<typeof BeneficiaryCreate>;
/** PATCH: any subset; `infoType` and `parent` cannot change. */
export const BeneficiaryPatch = z.object({
  beneficiaryTypes: z.optional(beneficiaryCommon.beneficiaryTypes),
  positions: beneficiaryCommon.positions,
  formFiller: beneficiaryCommon.formFiller,
  ownershipPercentage: beneficiaryCommon.ownershipPercentage,
  info: z.optional(z.union([IndividualInfoWrite, CompanyInfoWrite])),
});
export type BeneficiaryPatch = z.infer<typeof BeneficiaryPatch>;

export const Beneficiary = z.object({
  id: Id,
  beneficiaryTypes: z._default(z.array(z.string()), []),
  infoType: z._default(InfoType, 'INDIVIDUAL'),
  info: z._default(
    z.object({
      name: s,
      surname: s,
      dateOfBirth: s,
      nationality: s,
      email: s,
      companyName: s,
      country: s,
      registrationNumber: s,
    }),
    {},
  ),
  positions: z._default(z.nullable(z.array(z.string())), []),
  formFiller: opt(z.boolean()),
  ownershipPercentage: opt(z.number()),
  parent: opt(z.string()),
});
export type Beneficiary = z.infer<typeof Beneficiary>;
export const BeneficiaryList = z.array(Beneficiary);

/* ---------------------------------------------------------------- documents */

export const IndividualDocumentType = z.enum(['IDENTITY_DOCUMENT', 'PROOF_OF_ADDRESS', 'OTHER']);
export const DocumentType = bounded(1, 64);
export const DocumentUpload = z.object({
  type: DocumentType,
  filename: DocumentFilename,
  file: Base64(MAX_DOCUMENT_BYTES),
});
export type DocumentUpload = z.infer<typeof DocumentUpload>;
export const RenameDocumentRequest = z.object({ filename: DocumentFilename });
export const KybDocument = z.object({
  id: Id,
  file: z.string(),
  filename: z.string(),
  type: opt(z.string()),
});
export type KybDocument = z.infer<typeof KybDocument>;
export const KybDocumentList = z.array(KybDocument);

/* ---------------------------------------------------------------- questionnaires and answers */

export const QUESTION_TYPES = [
  'CHECKBOX', 'COLOR', 'COUNTRY', 'COUNTRY_MULTI', 'DATE', 'DATETIME', 'EMAIL', 'FILE', 'FILE_MULTI', 'FLOAT',
  'LIST', 'INTEGER', 'PASSWORD', 'RADIO', 'SELECT', 'SELECT_MULTI', 'TEL', 'TEXT', 'TEXT_AREA', 'TIME', 'URL',
] as const; // prettier-ignore
export const QuestionType = z.enum(QUESTION_TYPES);
export type QuestionType = z.infer<typeof QuestionType>;

export const Question = z.object({
  key: z.string().check(z.minLength(1)),
  title: z._default(z.string(), ''),
  description: z._default(z.nullable(z.string()), ''),
  /** A type this client does not know is shown as a text question. */
  type: z.catch(QuestionType, 'TEXT'),
  choices: z._default(z.nullable(z.array(Choice)), []),
  required: z._default(z.boolean(), false),
  placeholder: opt(z.string()),
  condition: opt(z.string()),
});
export type Question = z.infer<typeof Question>;
export const Section = z.object({
  key: z.string().check(z.minLength(1)),
  title: z._default(z.string(), ''),
  description: z._default(z.nullable(z.string()), ''),
  condition: opt(z.string()),
  questions: z._default(z.array(Question), []),
});
export type Section = z.infer<typeof Section>;
export const Questionnaire = z.object({
  id: Id,
  key: z.string(),
  name: z._default(z.string(), ''),
  title: z._default(z.string(), ''),
  description: z._default(z.nullable(z.string()), ''),
  type: opt(z.enum(['KYC', 'KYB'])),
  sections: z._default(z.array(Section), []),
});
export type Questionnaire = z.infer<typeof Questionnaire>;
export const QuestionnaireList = z.array(Questionnaire);

/** The strict shape of a questionnaire definition (used by the sandbox to accept fixtures). */
export const QuestionnaireDefinition = z.object({
  key: QuestionnaireKey,
  name: bounded(0, 32),
  title: bounded(0, 512),
  description: z.optional(bounded(0, 512)),
  type: z.optional(z.enum(['KYC', 'KYB'])),
  sections: z.array(
    z.object({
      key: bounded(1, 64),
      title: bounded(0, 512),
      description: z.optional(bounded(0, 2000)),
      condition: z.optional(bounded(0, 2000)),
      questions: z.array(
        z.object({
          key: bounded(1, 64),
          title: bounded(0, 512),
          description: z.optional(bounded(0, 2000)),
          type: QuestionType,
          choices: z.optional(z.array(z.object({ key: bounded(1, 64), title: bounded(0, 512) }))),
          required: z.optional(z.boolean()),
          placeholder: z.optional(bounded(0, 512)),
          condition: z.optional(bounded(0, 2000)),
        }),
      ),
    }),
  ),
});
export type QuestionnaireDefinition = z.infer<typeof QuestionnaireDefinition>;

/** A file answer: base64 on upload; a service may answer with a URL in `file` on read. */
export const FileAnswer = z.object({
  filename: DocumentFilename,
  file: bounded(1, Math.ceil(MAX_DOCUMENT_BYTES / 3) * 4),
});
export type FileAnswer = z.infer<typeof FileAnswer>;
export const AnswerValue = z.union([
  z.null(),
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.string()),
  FileAnswer,
  z.array(FileAnswer),
]);
export type AnswerValue = z.infer<typeof AnswerValue>;
export const Answers = z.object({
  sections: z.record(z.string(), z.record(z.string(), z.object({ value: AnswerValue }))),
});
export type Answers = z.infer<typeof Answers>;
/** The answers of a questionnaire, or nothing when none were saved yet (204). */
export const AnswersOrNone = z.optional(Answers);

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const choiceKey = (q: Pick<Question, 'choices'>) =>
  z.string().check(z.refine((v) => (q.choices ?? []).some((c) => c.key === v), { message: 'choice' }));
const uniqueArray = <T extends z.core.SomeType>(item: T) =>
  z.array(item).check(z.refine((a) => new Set(a as unknown[]).size === a.length, { message: 'unique' }));

/**
 * The schema of one answer value for a question, by type (the supplement's value table).
 * `null` (unanswered) is handled by the caller together with `required`.
 */
export function answerValueSchema(q: Pick<Question, 'type' | 'choices'>): z.ZodMiniType<AnswerValue> {
  const hasChoices = (q.choices ?? []).length > 0;
  switch (q.type) {
    case 'TEXT':
    case 'PASSWORD':
      return bounded(1, 1000);
    case 'TEXT_AREA':
      return bounded(1, 10000);
    case 'EMAIL':
      return Email;
    case 'TEL':
      return z.string().check(z.regex(/^\+?[0-9][0-9 ()./-]{2,30}$/, { message: 'phone' }));
    case 'URL':
      return WebUrl;
    case 'DATE':
      return DateOnly;
    case 'DATETIME':
      return z.iso.datetime({ local: true, offset: true });
    case 'TIME':
      return z.string().check(z.regex(TIME, { message: 'time' }));
    case 'COLOR':
      return z.string().check(z.regex(HEX_COLOR, { message: 'color' }));
    case 'COUNTRY':
      return CountryCode;
    case 'COUNTRY_MULTI':
      return uniqueArray(CountryCode).check(z.minLength(1));
    case 'SELECT':
    case 'RADIO':
      return choiceKey(q);
    case 'SELECT_MULTI':
      return uniqueArray(choiceKey(q)).check(z.minLength(1));
    case 'CHECKBOX':
      return hasChoices ? uniqueArray(choiceKey(q)) : z.boolean();
    case 'INTEGER':
      return z.int().check(z.gte(-1e15), z.lte(1e15));
    case 'FLOAT':
      return z.number().check(z.refine(Number.isFinite, { message: 'number' }));
    case 'LIST':
      return z.array(bounded(1, 1000)).check(z.minLength(1), z.maxLength(100));
    case 'FILE':
      return FileAnswer;
    case 'FILE_MULTI':
      return z.array(FileAnswer).check(z.minLength(1), z.maxLength(20));
  }
}

/** Whether a value counts as answered (the condition grammar's truthiness, minus `false`). */
export function isAnswered(value: AnswerValue | undefined): boolean {
  if (value === null || value === undefined || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/* ---------------------------------------------------------------- webhooks */

/** The KYB webhook bodies (`kyb.CompanySubmitWebhook`, `kyb.CompanyInfoRequestWebhook`) are in webhooks.ts. */

/**
 * Business verification (KYB): session info (theme, flow), the form and its company, beneficiaries,
 * documents, questionnaires and answers. Token minting (server side) is in kyb-token.ts.
 *
 * Everything follows the provider's published schemas (the call-to-schema table is in the README's
 * decisions). Request schemas are strict (every published bound enforced; `null` only where published).
 * Response schemas accept what any conforming service may send (`null` read as "not set", absent
 * optional members, members this client does not know), so the elements work on any allowed data.
 * The company, the flow and the people live in kyb-company.ts, kyb-flow.ts and kyb-people.ts.
 */
import * as z from 'zod/mini';
import {
  bounded,
  DateOnly,
  dict,
  Id,
  int,
  DATE,
  matching,
  TIME_OFFSET,
  MAX_DOCUMENT_BYTES,
  opt,
  orCatch,
  refine,
  orElse,
  validItems,
} from './common.ts';
import { CountryCode } from './countries.ts';
import { Choice, Company, Email, WebUrl } from './kyb-company.ts';
import { BeneficiaryList, DocumentFilename, KybDocumentList } from './kyb-people.ts';
import { KybFormMeta } from './kyb-form-summary.ts';

/** A questionnaire's key (token requests in kyb-token.ts, definitions below). */
export const QuestionnaireKey = bounded(1, 32).check(z.regex(/^[\w_*-]+$/));

export * from './kyb-company.ts';
export * from './kyb-company-write.ts';
export { FormStatus, KybFormMeta } from './kyb-form-summary.ts';
export * from './kyb-flow.ts';
export * from './kyb-people.ts';

/* ---------------------------------------------------------------- the form */

/** `kyb.KybForm` / `kyb.KybFormCreate` / `kyb.KybFormList`: lists and `meta` may be absent or `null`. */
export const KybForm = z.object({
  id: Id,
  company: orElse(Company, {}),
  documents: orElse(KybDocumentList, []),
  beneficiaries: orElse(BeneficiaryList, []),
  meta: orElse(KybFormMeta, { status: 'PENDING', approvalStatus: null }),
});
export type KybForm = z.infer<typeof KybForm>;
export const KybFormList = z.array(KybForm);
/** `kyb.KybFormUpdate`: what `PATCH /kyb/forms/{id}/` answers (no `id`, no `meta`). */
export const KybFormUpdate = z.object({
  company: orElse(Company, {}),
  clientSystem: opt(z.object({ ipAddress: opt(z.string()), timeZone: opt(z.string()) })),
});
export type KybFormUpdate = z.infer<typeof KybFormUpdate>;

/* ---------------------------------------------------------------- questionnaires and answers */

export const QUESTION_TYPES = [
  'CHECKBOX', 'COLOR', 'COUNTRY', 'COUNTRY_MULTI', 'DATE', 'DATETIME', 'EMAIL', 'FILE', 'FILE_MULTI', 'FLOAT',
  'LIST', 'INTEGER', 'PASSWORD', 'RADIO', 'SELECT', 'SELECT_MULTI', 'TEL', 'TEXT', 'TEXT_AREA', 'TIME', 'URL',
] as const; // prettier-ignore
export const QuestionType = z.enum(QUESTION_TYPES);
export type QuestionType = z.infer<typeof QuestionType>;

export const Question = z.object({
  key: z.string().check(z.minLength(1)),
  title: orElse(z.string(), ''),
  description: orElse(z.string(), ''),
  /** A type this client does not know is shown as a text question. */
  type: orCatch(QuestionType, 'TEXT'),
  choices: orElse(z.array(Choice), []),
  required: orElse(z.boolean(), false),
  placeholder: opt(z.string()),
  condition: opt(z.string()),
});
export type Question = z.infer<typeof Question>;
export const Section = z.object({
  key: z.string().check(z.minLength(1)),
  title: orElse(z.string(), ''),
  description: orElse(z.string(), ''),
  condition: opt(z.string()),
  questions: orElse(validItems(Question), []),
});
export type Section = z.infer<typeof Section>;
export const Questionnaire = z.object({
  id: Id,
  key: z.string(),
  name: orElse(z.string(), ''),
  title: orElse(z.string(), ''),
  description: orElse(z.string(), ''),
  type: orCatch(z.nullable(z.enum(['KYC', 'KYB'])), null),
  sections: orElse(validItems(Section), []),
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
/** `null` (unanswered) or a value (`z.nullable` of the union: the same as `null` as its first member). */
export const AnswerValue = z.nullable(
  z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), FileAnswer, z.array(FileAnswer)]),
);
export type AnswerValue = z.infer<typeof AnswerValue>;
export const Answers = z.object({
  sections: dict(z.string(), dict(z.string(), z.object({ value: AnswerValue }))),
});
export type Answers = z.infer<typeof Answers>;
/**
 * `kyb.KybFormAnswers` as read: a value this client cannot read (any JSON is allowed) reads as unanswered,
 * a `null` section as empty; the request shape (`Answers`) stays strict.
 */
export const AnswersRead = z.object({
  sections: orElse(
    dict(z.string(), orElse(dict(z.string(), z.object({ value: orCatch(AnswerValue, null) })), {})),
    {},
  ),
});
/** The answers of a questionnaire, or nothing when none were saved yet (204). */
export const AnswersOrNone = z.optional(AnswersRead);

/** ISO 8601 date-time with an offset or without (local; seconds optional): `z.iso.datetime({ local: true, offset: true })`. */
export const LocalDateTime = matching(
  `${DATE}T(?:${TIME_OFFSET}|(?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d+)?)?)`,
);

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const choiceKey = (q: Pick<Question, 'choices'>) =>
  z.string().check(refine((v: string) => (q.choices ?? []).some((c) => c.key === v), 'choice'));
const uniqueArray = <T extends z.core.SomeType>(item: T) =>
  z.array(item).check(refine((a: unknown[]) => new Set(a).size === a.length, 'unique'));

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
      return LocalDateTime;
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
      return int().check(z.gte(-1e15), z.lte(1e15));
    case 'FLOAT':
      return z.number().check(refine(Number.isFinite, 'number'));
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

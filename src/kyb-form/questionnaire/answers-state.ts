/**
 * Pure answer logic of the questionnaires step (no DOM, no Lit): converting values between the
 * service, the local state and the controls per question type, checking values against
 * `answerValueSchema`, and building the PUT payload from visible, answered, valid questions only.
 */
import { COUNTRY_CODES } from '../../api/countries.ts';
import { safeServiceUrl } from '../../api/url.ts';
import {
  answerValueSchema,
  isAnswered,
  type AnswerValue,
  type Answers,
  type FileAnswer,
  type Question,
  type QuestionType,
} from '../../api/kyb.ts';

/** Question fields the pure logic needs. */
export type QuestionLike = Pick<Question, 'key' | 'type' | 'choices' | 'required'>;

/** Types whose value is a string (or null). */
const STRING_TYPES: ReadonlySet<QuestionType> = new Set<QuestionType>([
  'TEXT',
  'TEXT_AREA',
  'PASSWORD',
  'EMAIL',
  'TEL',
  'URL',
  'DATE',
  'DATETIME',
  'TIME',
  'COLOR',
  'COUNTRY',
  'SELECT',
  'RADIO',
]);

export const hasChoices = (q: Pick<Question, 'choices'>) => (q.choices ?? []).length > 0;

/** Whether the question is a single yes/no checkbox (value boolean). */
export const isSingleCheckbox = (q: Pick<Question, 'type' | 'choices'>) =>
  q.type === 'CHECKBOX' && !hasChoices(q);

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const isFileAnswer = (v: unknown): v is FileAnswer =>
  isObject(v) && typeof v.filename === 'string' && typeof v.file === 'string';

/** Whether a file answer's `file` is a URL sent by the service (not base64 from us). */
export const isFileUrl = (file: string) => /^(https?:)?\/\//i.test(file) || file.startsWith('/');

/** The link for a FILE answer's URL, or null: the one rule for service URLs (`src/api/url.ts`). */
export function safeFileHref(file: string, page?: string): string | null {
  return safeServiceUrl(file, { page, relative: true });
}

/** `YYYY-MM-DDTHH:mm[:ss]` for a `datetime-local` input from a stored date-time (offset converted to local). */
export function toDatetimeLocal(v: string): string {
  const local = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(:\d{2})?)/.exec(v);
  if (!local) return v;
  const hasOffset = /(Z|[+-]\d{2}:?\d{2})$/i.test(v);
  if (!hasOffset) return `${local[1]}T${local[2]}`;
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) return v;
  const p = (n: number) => String(n).padStart(2, '0');
  const secs = local[3] ? `:${p(d.getSeconds())}` : '';
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}${secs}`;
}

/**
 * The local value of a question from a service answer: shapes that do not fit the type are coerced
 * where that is unambiguous (`"12"` for INTEGER) and dropped (null) otherwise.
 */
export function toLocalValue(q: QuestionLike, v: unknown): AnswerValue {
  if (v === null || v === undefined) return null;
  const t = q.type;
  if (STRING_TYPES.has(t)) {
    if (typeof v === 'string') {
      if (t === 'DATETIME') return toDatetimeLocal(v);
      if (t === 'COLOR') return v.toLowerCase();
      return v;
    }
    if (typeof v === 'number' && t !== 'COLOR') return String(v);
    return null;
  }
  switch (t) {
    case 'INTEGER':
    case 'FLOAT': {
      if (typeof v === 'number') return Number.isFinite(v) ? v : null;
      if (typeof v === 'string' && v.trim() !== '') {
        const n = Number(v);
        return Number.isFinite(n) ? n : null;
      }
      return null;
    }
    case 'CHECKBOX':
      if (!hasChoices(q)) {
        if (typeof v === 'boolean') return v;
        if (v === 'true') return true;
        if (v === 'false') return false;
        return null;
      }
      return Array.isArray(v)
        ? v.filter((x): x is string => typeof x === 'string')
        : typeof v === 'string'
          ? [v]
          : null;
    case 'SELECT_MULTI':
    case 'COUNTRY_MULTI':
      return Array.isArray(v)
        ? v.filter((x): x is string => typeof x === 'string')
        : typeof v === 'string'
          ? [v]
          : null;
    case 'LIST':
      if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string');
      return typeof v === 'string' ? [v] : null;
    case 'FILE':
      if (isFileAnswer(v)) return { filename: v.filename, file: v.file };
      if (Array.isArray(v) && isFileAnswer(v[0])) return { filename: v[0].filename, file: v[0].file };
      return null;
    case 'FILE_MULTI':
      if (Array.isArray(v))
        return v.filter(isFileAnswer).map((f) => ({ filename: f.filename, file: f.file }));
      return isFileAnswer(v) ? [{ filename: v.filename, file: v.file }] : null;
    default:
      return null;
  }
}

/** The value of a text-like control (`<input>`, `<textarea>`, `<select>`): empty means unanswered. */
export function fromTextControl(q: QuestionLike, raw: string): AnswerValue {
  if (raw === '') return null;
  if (q.type === 'INTEGER' || q.type === 'FLOAT') {
    const n = Number(raw);
    return Number.isFinite(n) ? n : null;
  }
  if (q.type === 'COLOR') return raw.toLowerCase();
  return raw;
}

/** Adds or removes `key` in an array answer, keeping the order of `order` (choice or country order). */
export function toggleKey(
  current: AnswerValue,
  key: string,
  checked: boolean,
  order: readonly string[],
): string[] {
  const set = new Set(
    Array.isArray(current) ? (current as unknown[]).filter((x): x is string => typeof x === 'string') : [],
  );
  if (checked) set.add(key);
  else set.delete(key);
  const rank = new Map(order.map((k, i) => [k, i]));
  return [...set].sort((a, b) => (rank.get(a) ?? Infinity) - (rank.get(b) ?? Infinity));
}

/** The keys an array question orders by. */
export const keyOrder = (q: Pick<Question, 'type' | 'choices'>): readonly string[] =>
  q.type === 'COUNTRY_MULTI' ? COUNTRY_CODES : (q.choices ?? []).map((c) => c.key);

/**
 * The value as it would be sent and as conditions read it: empty strings and empty list items
 * drop out, empty arrays read as unanswered (null).
 */
export function normalizeValue(q: QuestionLike, v: AnswerValue): AnswerValue {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string') return v === '' ? null : v;
  if (Array.isArray(v)) {
    if (q.type === 'LIST') {
      const items = (v as unknown[]).filter((x): x is string => typeof x === 'string' && x.trim() !== '');
      return items.length > 0 ? items : null;
    }
    return v.length > 0 ? v : null;
  }
  return v;
}

/** Why a value cannot be sent (or why a required question blocks submit). */
export type ProblemCode =
  | 'required'
  | 'required-check'
  | 'email'
  | 'url'
  | 'phone'
  | 'date'
  | 'datetime'
  | 'time'
  | 'color'
  | 'country'
  | 'choice'
  | 'integer'
  | 'number'
  | 'range'
  | 'too-long'
  | 'too-many'
  | 'duplicate'
  | 'file-type'
  | 'file-size'
  | 'invalid';

export interface Problem {
  code: ProblemCode;
  /** For `too-long` / `too-many` / `range`: the limit. */
  limit?: number;
}

/** The subset of a zod issue the mapping reads. */
export interface IssueLike {
  code: string;
  message?: string;
  path?: readonly PropertyKey[];
  origin?: string;
  format?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
}

const FORMAT_BY_TYPE: Partial<Record<QuestionType, ProblemCode>> = {
  EMAIL: 'email',
  URL: 'url',
  TEL: 'phone',
  DATE: 'date',
  DATETIME: 'datetime',
  TIME: 'time',
  COLOR: 'color',
  COUNTRY: 'country',
  COUNTRY_MULTI: 'country',
  SELECT: 'choice',
  RADIO: 'choice',
  SELECT_MULTI: 'choice',
  CHECKBOX: 'choice',
  INTEGER: 'integer',
  FLOAT: 'number',
};

/** Maps a zod issue of `answerValueSchema(q)` to our problem code. */
export function problemFromIssue(q: Pick<Question, 'type' | 'choices'>, issue: IssueLike): Problem {
  const limit = issue.maximum === undefined ? undefined : Number(issue.maximum);
  const path = issue.path ?? [];
  const isFile = q.type === 'FILE' || q.type === 'FILE_MULTI';
  if (isFile) {
    if (path.includes('filename')) return { code: 'file-type' };
    if (path.includes('file')) return { code: 'file-size' };
    if (issue.code === 'too_big') return { code: 'too-many', ...(limit === undefined ? {} : { limit }) };
    return { code: 'invalid' };
  }
  if (issue.message === 'unique') return { code: 'duplicate' };
  if (issue.code === 'too_big' || issue.code === 'too_small') {
    if (issue.origin === 'string') {
      if (issue.code === 'too_small') return { code: FORMAT_BY_TYPE[q.type] ?? 'invalid' };
      return { code: 'too-long', ...(limit === undefined ? {} : { limit }) };
    }
    if (issue.origin === 'array') {
      if (issue.code === 'too_small') return { code: 'required' };
      return { code: 'too-many', ...(limit === undefined ? {} : { limit }) };
    }
    if (q.type === 'INTEGER' || q.type === 'FLOAT') return { code: 'range' };
  }
  return { code: FORMAT_BY_TYPE[q.type] ?? 'invalid' };
}

/**
 * The problem of a local value, or null when it is fine. `bad` marks a control whose raw text could
 * not be read as a value (e.g. `1e` in a number input).
 */
export function checkValue(q: QuestionLike, local: AnswerValue, bad = false): Problem | null {
  if (bad) return { code: q.type === 'INTEGER' ? 'integer' : 'number' };
  const value = normalizeValue(q, local);
  if (isSingleCheckbox(q)) {
    if (q.required && value !== true) return { code: 'required-check' };
  }
  if (!isAnswered(value)) return q.required ? { code: 'required' } : null;
  const res = answerValueSchema(q).safeParse(value);
  if (res.success) return null;
  const issue = res.error.issues[0];
  return issue ? problemFromIssue(q, issue as IssueLike) : { code: 'invalid' };
}

/** Whether the value may be sent: answered and passing the schema. */
export function sendableValue(q: QuestionLike, local: AnswerValue): AnswerValue | undefined {
  const value = normalizeValue(q, local);
  if (!isAnswered(value)) return undefined;
  return answerValueSchema(q).safeParse(value).success ? value : undefined;
}

export interface PayloadSection {
  key: string;
  questions: readonly QuestionLike[];
}

/**
 * The PUT body: every visible question whose value is answered and valid. Hidden questions (or
 * questions of hidden sections) are never included, whatever their local value.
 */
export function buildPayload(
  sections: readonly PayloadSection[],
  getLocal: (section: string, question: string) => AnswerValue | undefined,
  isVisible: (section: string, question: string) => boolean,
): Answers {
  const out: Answers = { sections: {} };
  for (const s of sections) {
    let entries: Record<string, { value: AnswerValue }> | undefined;
    for (const q of s.questions) {
      if (!isVisible(s.key, q.key)) continue;
      const local = getLocal(s.key, q.key);
      if (local === undefined) continue;
      const value = sendableValue(q, local);
      if (value === undefined) continue;
      entries ??= {};
      entries[q.key] = { value };
    }
    if (entries) out.sections[s.key] = entries;
  }
  return out;
}

/**
 * Values read from the service that the controls show in another form (a DATETIME with its zone and
 * fractions shows as a local `datetime-local` value): per section list, `section \u0000 question` -> the
 * value as read. While the local value is still the one it was read as, the value as read is sent back,
 * byte for byte.
 */
const asRead = new WeakMap<readonly PayloadSection[], Map<string, { local: AnswerValue; read: string }>>();

/** The value to send for a question: the one read from the service while the user did not change it. */
export function untouched(
  sections: readonly PayloadSection[],
  section: string,
  question: string,
  local: AnswerValue | undefined,
): AnswerValue | undefined {
  const read = asRead.get(sections)?.get(`${section}\u0000${question}`);
  return read && read.local === local ? read.read : local;
}

/** Reads a service answer set into `section -> question -> local value`, for known questions only. */
export function readAnswers(
  sections: readonly PayloadSection[],
  answers: Answers | null | undefined,
): Map<string, Map<string, AnswerValue>> {
  const out = new Map<string, Map<string, AnswerValue>>();
  const stored = answers?.sections ?? {};
  for (const s of sections) {
    const m = new Map<string, AnswerValue>();
    // Not Object.hasOwn: Safari before 15.4 lacks it (see the browser targets in the README).
    const sec = Object.prototype.hasOwnProperty.call(stored, s.key) ? stored[s.key] : undefined;
    for (const q of s.questions) {
      const entry = sec && Object.prototype.hasOwnProperty.call(sec, q.key) ? sec[q.key] : undefined;
      const local = entry ? toLocalValue(q, entry.value) : null;
      m.set(q.key, local);
      if (q.type === 'DATETIME' && typeof entry?.value === 'string' && entry.value !== local) {
        let map = asRead.get(sections);
        if (!map) asRead.set(sections, (map = new Map()));
        map.set(`${s.key}\u0000${q.key}`, { local, read: entry.value });
      }
    }
    out.set(s.key, m);
  }
  return out;
}

/**
 * A DOM id made of `[A-Za-z0-9_-]` from free-form parts. `-` only separates the parts (a `-` inside a
 * part becomes `_`), so an id derived by appending `-suffix` (`-desc`, `-err`, `-0`, ...) has more parts
 * than any id made here and never equals another question's id.
 */
export const sanitizeId = (...parts: (string | number)[]) =>
  parts.map((p) => String(p).replace(/[^A-Za-z0-9_]/g, '_')).join('-');

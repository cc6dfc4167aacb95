/**
 * Building blocks shared by every schema of the interface: bounded strings, tags and the error
 * bodies (country codes are in countries.ts, so only the code that needs them downloads them). Everything here is `zod/mini` (no `Function(`, CSP-safe).
 */
import * as z from 'zod/mini';

/** A string of `min`..`max` characters (UTF-16 code units, as the service counts them). */
export const bounded = (min: number, max: number) => z.string().check(z.minLength(min), z.maxLength(max));

/**
 * `z.int()`: a safe integer. Written as a check on `z.number()` that raises zod's own issues (zod 4's
 * `$ZodCheckNumberFormat` for `safeint`: a fraction stops the later checks, an unsafe integer does not),
 * so zod's number formats stay out of the zod chunk both elements load first
 * (test/node/schema-equivalence-checks.test.ts compares both).
 */
const safeInt = z.check<number>((payload) => {
  const input = payload.value;
  const note = 'Integers must be within the safe integer range.';
  if (!Number.isInteger(input))
    payload.issues.push({ expected: 'int', format: 'safeint', code: 'invalid_type', continue: false, input });
  else if (input > Number.MAX_SAFE_INTEGER)
    payload.issues.push({ input, code: 'too_big', maximum: Number.MAX_SAFE_INTEGER, note, origin: 'int', inclusive: true, continue: true }); // prettier-ignore
  else if (input < Number.MIN_SAFE_INTEGER)
    payload.issues.push({ input, code: 'too_small', minimum: Number.MIN_SAFE_INTEGER, note, origin: 'int', inclusive: true, continue: true }); // prettier-ignore
});
export const int = () => z.number().check(safeInt);

/**
 * `z.refine(ok, { message })`: the same `custom` issue (not stopping the later checks), raised by a plain
 * check instead of zod's custom type, which would be one more type in the zod chunk both elements load
 * first (test/node/schema-equivalence-checks.test.ts compares both).
 */
export const refine = <T>(ok: (value: T) => boolean, message: string) =>
  z.check<T>((payload) => {
    if (!ok(payload.value))
      payload.issues.push({ code: 'custom', input: payload.value, path: [], message, continue: true });
  });

/** An integer within `min`..`max` inclusive. */
export const intRange = (min: number, max: number) => int().check(z.gte(min), z.lte(max));

/** Optional and nullable: absent, `null` or a valid value. */
export const opt = <T extends z.core.SomeType>(schema: T) => z.optional(z.nullable(schema));

/** The 17 locales the service knows; `en` is the source locale of the elements. */
export const LOCALES = [
  'en', 'es', 'fr', 'ru', 'de', 'it', 'pl', 'lt', 'lv', 'et', 'cs', 'ro', 'hu', 'ja', 'bg', 'nl', 'pt',
] as const; // prettier-ignore
export const Locale = z.enum(LOCALES);
export type Locale = z.infer<typeof Locale>;

/*
 * Dates, date-times and uuids (and e-mail addresses, kyb-company.ts) are plain strings checked with zod's own patterns (zod/v4/core/regexes.js,
 * what `z.iso.date()`, `z.iso.datetime()` and `z.guid()` test, copied so they accept exactly the same
 * strings): a regex check is a type every schema already loads, zod's string formats would be three more.
 * test/node/schema-formats.test.ts compares both on a table of inputs.
 */
/** A calendar date `YYYY-MM-DD` (leap years counted). */
export const DATE =
  '(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))';
/** A time with seconds, optional fraction and a `Z` or `±hh:mm` offset. */
export const TIME_OFFSET =
  '(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z|([+-](?:[01]\\d|2[0-3]):[0-5]\\d))';
export const matching = (source: string) => z.string().check(z.regex(new RegExp(`^${source}$`)));

/** ISO 8601 date-time with an offset (`z.iso.datetime({ offset: true })`): any ISO 8601 producer may send one. */
export const DateTime = matching(`${DATE}T(?:${TIME_OFFSET})`);
/** ISO 8601 calendar date `YYYY-MM-DD` (`z.iso.date()`). */
export const DateOnly = matching(DATE);
/** Identifiers whose format the interface does not show: any non-empty string. */
export const Id = z.string().check(z.minLength(1));
/** uuid as the interface names it (any RFC 9562 layout, including nil): `z.guid()`. */
export const Uuid = matching('([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})');

/** Monitoring and token tags: at most 5 items, each 1-32 characters, no comma. */
export const Tags = z.array(bounded(1, 32).check(z.regex(/^[^,]+$/))).check(z.maxLength(5));

/** zod's `isPlainObject` (zod/v4/core/util.js): what a record accepts. */
function isPlainObject(o: unknown): o is Record<PropertyKey, unknown> {
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return false;
  const ctor: unknown = (o as { constructor?: unknown }).constructor;
  if (typeof ctor !== 'function') return true;
  const proto: unknown = (ctor as { prototype?: unknown }).prototype;
  return (
    typeof proto === 'object' &&
    proto !== null &&
    !Array.isArray(proto) &&
    Object.prototype.hasOwnProperty.call(proto, 'isPrototypeOf')
  );
}

/**
 * `z.record(key, value)` for string keys, or `z.partialRecord(key, value)` when `key` is an enum
 * (`closed`: a key outside it is an `unrecognized_keys` issue, not an `invalid_key` one), written with
 * the types every schema already loads (zod's record would be one more type in the zod chunk both
 * elements load first). It parses like zod 4's `$ZodRecord`, step for step (test/node/schema-equivalence
 * .test.ts compares both): a plain object's own enumerable keys in `Reflect.ownKeys` order, `__proto__`
 * skipped, each key then each value checked, issues under the key. (zod's retry of a numeric key as a
 * number cannot change the outcome for string or string-enum keys, so it is left out.)
 */
export function dict<K extends z.ZodMiniType<string, string>, V extends z.ZodMiniType>(
  key: K,
  value: V,
  closed = false,
) {
  return z.pipe(
    z.unknown(),
    z.transform((input, payload) => {
      if (!isPlainObject(input)) {
        payload.issues.push({ code: 'invalid_type', expected: 'record', input });
        return input as never;
      }
      const out: Record<PropertyKey, unknown> = {};
      const unknownKeys: PropertyKey[] = [];
      for (const k of Reflect.ownKeys(input)) {
        if (k === '__proto__' || !Object.prototype.propertyIsEnumerable.call(input, k)) continue;
        const kr = z.safeParse(key, k);
        if (!kr.success) {
          if (closed) unknownKeys.push(k);
          else
            payload.issues.push({
              code: 'invalid_key',
              origin: 'record',
              issues: kr.error.issues,
              input: k,
              path: [k],
            } as z.core.$ZodRawIssue);
          continue;
        }
        const vr = z.safeParse(value, input[k]);
        if (!vr.success)
          for (const issue of vr.error.issues)
            payload.issues.push({ ...issue, path: [k, ...issue.path] } as z.core.$ZodRawIssue);
        if (kr.data !== '__proto__') out[kr.data] = vr.data;
      }
      if (unknownKeys.length > 0)
        payload.issues.push({
          code: 'unrecognized_keys',
          input,
          keys: unknownKeys,
          continue: true,
        } as z.core.$ZodRawIssue);
      return out as never;
    }),
  ) as unknown as z.ZodMiniType<Record<z.output<K>, z.output<V>>, Record<z.input<K>, z.input<V>>>;
}

/** The KYB and capture-page error body. `message` may also be an object `{detail, completed}`. */
export const KybErrorBody = z.object({
  message: z.optional(
    z.union([z.string(), z.object({ detail: z.optional(z.string()), completed: z.optional(z.boolean()) })]),
  ),
  identifier: z.optional(z.string()),
  documentation: z.optional(z.string()),
  /** Field errors of a `VALIDATION_ERROR`: path -> messages (ours). */
  fields: z.optional(dict(z.string(), z.array(z.string()))),
  /** Capture-page codes: `session_expired`, `session_locked`, `session_completed` (ours). */
  code: z.optional(z.string()),
});
export type KybErrorBody = z.infer<typeof KybErrorBody>;

export const ERROR_IDENTIFIERS = {
  AUTHENTICATION_FAILED: 401,
  TOKEN_NOT_VALID: 401,
  PERMISSIONS_ERROR: 403,
  NOT_FOUND: 404,
  VALIDATION_ERROR: 400,
  MISSING_VALUE: 400,
  BAD_VALUE: 400,
  JSON_ERROR: 400,
  METHOD_NOT_ALLOWED: 405,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_ERROR: 500,
} as const;
export type ErrorIdentifier = keyof typeof ERROR_IDENTIFIERS;

/** File types the service accepts for documents, by extension and MIME type. */
export const DOCUMENT_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif', 'webp', 'heic', 'heif', 'pdf'] as const;
export const DOCUMENT_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/heic',
  'image/heif',
  'application/pdf',
] as const;
/** 10 MiB per document (ours). */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
/** Length of the base64 text of `bytes` bytes. */
export const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;
/** Decoded size of a base64 string (ignores a data: prefix, which the service does not accept anyway). */
export const base64Bytes = (b64: string) => {
  const len = b64.length;
  const pad = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  return Math.floor((len * 3) / 4) - pad;
};
const BASE64_RE = /^[A-Za-z0-9+/]*={0,2}$/;
/** Base64 text (no data: prefix) of at most `maxBytes` decoded bytes. */
export const Base64 = (maxBytes: number) =>
  z.string().check(
    z.minLength(4),
    z.maxLength(base64Length(maxBytes)),
    refine((s: string) => s.length % 4 === 0 && BASE64_RE.test(s), 'not base64'),
  );

/**
 * A list read from the service in which an item this client cannot use (a document type or key that is
 * empty, an item of the wrong shape) is left out, instead of failing the whole answer.
 */
export const validItems = <T extends z.ZodMiniType>(item: T) =>
  z.pipe(
    z.array(z.unknown()),
    z.transform((list): z.output<T>[] =>
      list.flatMap((x) => {
        const r = z.safeParse(item, x);
        return r.success ? [r.data as z.output<T>] : [];
      }),
    ),
  );

/**
 * `z.catch(schema, fallback)`: a value `schema` refuses (or an absent one it does not accept) reads as
 * `fallback`. Written with the types every schema already loads (zod's catch would be one more type in
 * the zod chunk both elements load first); in an object it behaves like zod 4's `$ZodCatch` (optional
 * in, so an absent key reads as `fallback`;
 * test/node/schema-equivalence-checks.test.ts compares both).
 */
export const orCatch = <T extends z.ZodMiniType>(schema: T, fallback: z.output<T>) =>
  z.pipe(
    z.optional(z.unknown()),
    z.transform((v): z.output<T> => {
      const r = z.safeParse(schema, v);
      return r.success ? (r.data as z.output<T>) : fallback;
    }),
  );

/**
 * A member read from the service that may be absent or `null` ("not set"): both read as `fallback`.
 * Published schemas mark many lists, flags and `order`s nullable; reading `null` must never fail.
 */
export const orElse = <T extends z.core.SomeType>(schema: T, fallback: z.infer<T>) =>
  z.pipe(
    z.optional(z.nullable(schema)),
    z.transform((v): z.infer<T> => (v === null || v === undefined ? fallback : (v as z.infer<T>))),
  );

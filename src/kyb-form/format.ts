/**
 * Locale formatting of service data, each with one guarded path: any string the service may send (a
 * country that is not a region code, a malformed date, an unknown locale, a number out of range) gives a
 * readable fallback, never an exception. Every `Intl` use of the form goes through this module and
 * format-steps.ts (the formatters only the later steps use); the formatters are cached per locale and
 * options.
 */
import { COUNTRY_CODES } from '../api/countries.ts';

/** `locale` when the engine accepts it as a language tag, else `en` (an unknown but valid tag is fine). */
const canonical = new Map<string, string>();
export function safeLocale(locale: string | null | undefined): string {
  if (!locale) return 'en';
  let tag = canonical.get(locale);
  if (tag === undefined) {
    try {
      tag = Intl.getCanonicalLocales(locale)[0] ?? 'en';
    } catch {
      tag = 'en';
    }
    canonical.set(locale, tag);
  }
  return tag;
}

const formatters = new Map<string, unknown>();
/** A cached formatter (also format-steps.ts's); `null` when the engine refuses the options even with `en`. */
export function cached<T>(
  kind: string,
  locale: string,
  options: object,
  make: (locale: string) => T,
): T | null {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  if (formatters.has(key)) return formatters.get(key) as T | null;
  let f: T | null;
  try {
    f = make(safeLocale(locale));
  } catch {
    try {
      f = make('en');
    } catch {
      f = null;
    }
  }
  formatters.set(key, f);
  return f;
}

const regions = (locale: string) =>
  cached('region', locale, {}, (l) => new Intl.DisplayNames([l, 'en'], { type: 'region' }));

/** The country's name in the locale; the code itself when it is not a region code (`DEU`, `Germany`). */
export function countryName(code: string | null | undefined, locale: string): string {
  if (!code) return '';
  const c = code.trim();
  if (!/^[A-Za-z]{2}$/.test(c)) return c;
  try {
    return regions(locale)?.of(c.toUpperCase()) ?? c;
  } catch {
    return c;
  }
}

const optionCache = new Map<string, readonly { code: string; name: string }[]>();
/** Country options in the locale, sorted by name (cached per locale). */
export function countryOptions(locale: string): readonly { code: string; name: string }[] {
  let list = optionCache.get(locale);
  if (!list) {
    const collator = cached('collator', locale, {}, (l) => new Intl.Collator(l));
    list = COUNTRY_CODES.map((code) => ({ code, name: countryName(code, locale) })).sort((a, b) =>
      collator ? collator.compare(a.name, b.name) : a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    optionCache.set(locale, list);
  }
  return list;
}

const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  cached('date', locale, options, (l) => new Intl.DateTimeFormat(l, options));

export function formatWith(
  d: Date,
  locale: string,
  options: Intl.DateTimeFormatOptions,
  fallback: string,
): string {
  if (Number.isNaN(d.getTime())) return fallback;
  try {
    return dateFormat(locale, options)?.format(d) ?? fallback;
  } catch {
    return fallback;
  }
}

/** A UTC date of the calendar parts, or null when they do not name a real day/time. */
export function utc(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): Date | null {
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  date.setUTCFullYear(y);
  if (
    Number.isNaN(date.getTime()) ||
    date.getUTCMonth() !== mo - 1 ||
    date.getUTCDate() !== d ||
    date.getUTCHours() !== h ||
    date.getUTCMinutes() !== mi ||
    date.getUTCSeconds() !== s
  )
    return null;
  return date;
}

/**
 * A calendar date (`YYYY-MM-DD`) as the locale writes it, never shifted by the time zone; the text itself
 * when it is not such a date (`2024-13-45`, `not a date`).
 */
export function formatDate(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!m) return value;
  const d = utc(Number(m[1]), Number(m[2]), Number(m[3]));
  return d ? formatWith(d, locale, { dateStyle: 'long', timeZone: 'UTC' }, value) : value;
}

/** A number as the locale writes it; the input as text when it is not a finite number. */
export function formatNumber(
  value: unknown,
  locale: string,
  maximumFractionDigits = 6,
  options: { useGrouping?: boolean } = {},
): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return String(value ?? '');
  const digits = Math.min(20, Math.max(0, Math.floor(maximumFractionDigits)));
  try {
    const f = cached(
      'number',
      locale,
      { digits, ...options },
      (l) => new Intl.NumberFormat(l, { maximumFractionDigits: digits, ...options }),
    );
    return f ? f.format(value) : String(value);
  } catch {
    return String(value);
  }
}

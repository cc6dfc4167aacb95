/**
 * Locale formatting of service data, each with one guarded path: any string the service may send (a
 * country that is not a region code, a malformed date, an unknown locale) gives a readable fallback,
 * never an exception.
 */
import { COUNTRY_CODES } from '../api/countries.ts';

const displayNames = new Map<string, Intl.DisplayNames | null>();
function regions(locale: string): Intl.DisplayNames | null {
  let names = displayNames.get(locale);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
    } catch {
      names = null;
    }
    displayNames.set(locale, names);
  }
  return names;
}

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

const optionCache = new Map<string, { code: string; name: string }[]>();
/** Country options in the locale, sorted by name (cached per locale). */
export function countryOptions(locale: string): { code: string; name: string }[] {
  let list = optionCache.get(locale);
  if (!list) {
    let collator: Intl.Collator;
    try {
      collator = new Intl.Collator(locale);
    } catch {
      collator = new Intl.Collator('en');
    }
    list = COUNTRY_CODES.map((code) => ({ code, name: countryName(code, locale) })).sort((a, b) =>
      collator.compare(a.name, b.name),
    );
    optionCache.set(locale, list);
  }
  return list;
}

/** A calendar date (`YYYY-MM-DD`) as the locale writes it; the text itself when it is not such a date. */
export function formatDate(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!m) return value;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (Number.isNaN(d.getTime()) || d.getUTCDate() !== Number(m[3])) return value;
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(d);
  } catch {
    return value;
  }
}

/** A number as the locale writes it; the input as text when it is not a finite number. */
export function formatNumber(value: unknown, locale: string, maximumFractionDigits = 6): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return String(value ?? '');
  try {
    return new Intl.NumberFormat(locale, { maximumFractionDigits }).format(value);
  } catch {
    return String(value);
  }
}

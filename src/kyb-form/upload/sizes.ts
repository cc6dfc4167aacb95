/**
 * Sizes and lists in the locale, by `Intl` with the guarded fallbacks of format.ts (the same output): the
 * upload component's, and the one size and list formatter of `<kyb-form>` (format-steps.ts re-exports
 * them). They do not import format.ts: it is in `<kyb-form>`'s `kyb-screens` chunk, and `<age-check>`'s
 * photo file uses the upload component from its capture chunk, which must not download the business
 * form's code.
 */

const formatters = new Map<string, Intl.NumberFormat | Intl.ListFormat | null>();

function formatter<T extends Intl.NumberFormat | Intl.ListFormat>(
  key: string,
  locale: string,
  make: (l: string) => T,
): T | null {
  const k = `${key}|${locale}`;
  if (formatters.has(k)) return formatters.get(k) as T | null;
  let f: T | null;
  try {
    f = make(locale || 'en');
  } catch {
    try {
      f = make('en');
    } catch {
      f = null;
    }
  }
  formatters.set(k, f);
  return f;
}

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
const SHORT = ['B', 'kB', 'MB', 'GB'] as const;

function unitText(value: number, i: number, digits: number, locale: string): string {
  // `70 byte` reads as a typo in English: whole bytes are written out (`70 bytes`, `70 Byte`).
  const unitDisplay = i === 0 ? 'long' : 'short';
  const options = { style: 'unit', unit: UNITS[i]!, unitDisplay, maximumFractionDigits: digits } as const;
  const f = formatter(JSON.stringify(options), locale, (l) => new Intl.NumberFormat(l, options));
  try {
    if (f) return f.format(value);
  } catch {
    // below
  }
  return `${value.toFixed(digits)} ${SHORT[i]}`;
}

/** Human-readable size in the locale (`4.2 MB`; below 1 KB in words: `70 bytes`), as format-steps.ts's. */
export function formatSize(bytes: number, locale: string): string {
  if (!Number.isFinite(bytes) || bytes < 0) return String(bytes);
  let value = bytes;
  let i = 0;
  while (value >= 1024 && i < UNITS.length - 1) {
    value /= 1024;
    i++;
  }
  return unitText(value, i, value < 10 && i > 0 ? 1 : 0, locale);
}

/**
 * A file's size beside a limit it passes, in the limit's unit with one decimal rounded up, so that it never
 * reads as the limit itself (`10.5 MB` beside `10 MB`; a byte over 10 MB is `10.1 MB`).
 */
export function overLimitSize(bytes: number, maxBytes: number, locale: string): string {
  let i = 0;
  let unit = 1;
  while (maxBytes / unit >= 1024 && i < UNITS.length - 1) {
    unit *= 1024;
    i++;
  }
  if (i === 0) return formatSize(bytes, locale);
  return unitText(Math.ceil((bytes / unit) * 10) / 10, i, 1, locale);
}

/**
 * A list in the locale (`a, b and c`; `a, b or c` for a disjunction); a plain comma list where
 * `Intl.ListFormat` fails. The one list formatter: format-steps.ts re-exports it.
 */
export function formatList(
  items: readonly string[],
  locale: string,
  type: 'conjunction' | 'disjunction' = 'conjunction',
): string {
  const f = formatter(`list-${type}`, locale, (l) => new Intl.ListFormat(l, { type }));
  try {
    if (f) return f.format(items);
  } catch {
    // below
  }
  return items.join(', ');
}

/** `a, b or c` in the locale (the accepted file types). */
export const orList = (items: readonly string[], locale: string): string =>
  formatList(items, locale, 'disjunction');

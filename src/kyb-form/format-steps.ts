/**
 * The formatters only the later steps use (times, date-times, sizes, lists, colours, matching), with the
 * same guarded paths as format.ts, whose cache they share. Not part of the first screen's code.
 */
import { formatWith, safeLocale, utc } from './format.ts';

/** Lower case for matching, in the locale's rules when the locale is usable. */
export function lowerCase(text: string, locale: string): string {
  try {
    return text.toLocaleLowerCase(safeLocale(locale));
  } catch {
    return text.toLowerCase();
  }
}

/** A time of day (`HH:MM` or `HH:MM:SS`) as the locale writes it; the text itself when it is not one. */
export function formatTime(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const m = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return value;
  const seconds = m[3] !== undefined && m[3] !== '00';
  const d = utc(2000, 1, 1, Number(m[1]), Number(m[2]), Number(m[3] ?? 0));
  return d
    ? formatWith(d, locale, { timeStyle: seconds ? 'medium' : 'short', timeZone: 'UTC' }, value)
    : value;
}

/**
 * A date and time (ISO 8601). With an offset (`Z`, `+02:00`) it is an instant, shown in the user's time
 * zone; without one it is a wall-clock time, shown as written. The text itself when it is not one.
 */
export function formatDateTime(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const m =
    /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i.exec(
      value.trim(),
    );
  if (!m) return value;
  const wall = utc(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
  if (!wall) return value;
  const seconds = m[6] !== undefined && m[6] !== '00';
  const style: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeStyle: seconds ? 'medium' : 'short' };
  if (!m[7]) return formatWith(wall, locale, { ...style, timeZone: 'UTC' }, value);
  const instant = new Date(value.trim().replace(' ', 'T'));
  return formatWith(instant, locale, style, value);
}

/**
 * Human-readable size in the locale (`4.2 MB`) and a list in the locale (`a, b or c` for a disjunction):
 * the upload component's (upload/sizes.ts), one rule for every size and list shown.
 */
export { formatSize as formatBytes, formatList } from './upload/sizes.ts';

/** A `#rrggbb` colour, or null when the text is not one (then it is shown as text). */
export function hexColor(value: string | null | undefined): string | null {
  const v = (value ?? '').trim();
  return /^#[0-9a-fA-F]{6}$/.test(v) ? v : null;
}

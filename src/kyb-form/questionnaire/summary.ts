/**
 * The answer of a question as the review summary shows it (rendered as text, never HTML): dates, times
 * and numbers in the locale, choices by their titles, countries by their localized names, lists as
 * lists, a colour as swatch and hex, files by name and size, a yes/no checkbox as Yes/No; a password is
 * not repeated. Unanswered is '' (the summary list shows "Not provided", or "Missing" when required).
 */
import { msg } from '@lit/localize';
import type { AnswerValue, Question } from '../../api/kyb.ts';
import { base64Bytes } from '../../api/common.ts';
import { textOr } from '../field.ts';
import { countryName, formatDate, formatNumber } from '../format.ts';
import { formatBytes, formatDateTime, formatTime, hexColor } from '../format-steps.ts';
import type { SummaryFile, SummaryValue } from '../review/summary-list.ts';
import { isFileAnswer, isFileUrl, isSingleCheckbox, normalizeValue } from './answers-state.ts';

const yesNo = (b: boolean) => (b ? msg('Yes') : msg('No'));

type Q = Pick<Question, 'key' | 'type' | 'choices' | 'required'>;

function fileOf(f: { filename: string; file: string }, locale: string): SummaryFile {
  const name = f.filename.trim() || msg('Unnamed file');
  if (!f.file || isFileUrl(f.file)) return { name };
  return { name, detail: formatBytes(base64Bytes(f.file), locale) };
}

/** The answer as a summary value. */
export function answerValue(q: Q, local: AnswerValue, locale: string): SummaryValue {
  const value = normalizeValue(q, local);
  if (isSingleCheckbox(q) && typeof value === 'boolean') return yesNo(value);
  if (value === null) return '';
  if (q.type === 'PASSWORD')
    return msg('(not shown)', { desc: 'review summary: a password answer is given but not repeated' });
  const choice = (key: string) => {
    if (q.type === 'COUNTRY' || q.type === 'COUNTRY_MULTI') return countryName(key, locale);
    const c = (q.choices ?? []).find((x) => x.key === key);
    return c ? textOr(c.title, c.key) : key;
  };
  if (typeof value === 'string') {
    switch (q.type) {
      case 'COLOR': {
        const hex = hexColor(value);
        return hex ? { color: hex } : value;
      }
      case 'DATE':
        return formatDate(value, locale);
      case 'TIME':
        return formatTime(value, locale);
      case 'DATETIME':
        return formatDateTime(value, locale);
      case 'COUNTRY':
      case 'SELECT':
      case 'RADIO':
      case 'CHECKBOX':
      case 'SELECT_MULTI':
      case 'COUNTRY_MULTI':
        return choice(value);
      default:
        return value;
    }
  }
  if (typeof value === 'number') return formatNumber(value, locale, 20);
  if (typeof value === 'boolean') return yesNo(value);
  if (isFileAnswer(value)) return { files: [fileOf(value, locale)] };
  if (Array.isArray(value)) {
    const items = value as unknown[];
    if (items.some(isFileAnswer)) return { files: items.filter(isFileAnswer).map((f) => fileOf(f, locale)) };
    return {
      list: items
        .filter((x): x is string => typeof x === 'string' && x.trim() !== '')
        .map((x) => (q.type === 'LIST' ? x : choice(x))),
    };
  }
  return '';
}

/** The answer as plain text (lists joined with commas, files by name). */
export function answerText(q: Q, local: AnswerValue, locale: string): string {
  const v = answerValue(q, local, locale);
  if (typeof v === 'string') return v;
  if ('list' in v) return v.list.join(', ');
  if ('files' in v) return v.files.map((f) => f.name).join(', ');
  return v.color;
}

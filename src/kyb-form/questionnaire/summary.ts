/**
 * The answers of a question as plain text for the review summary (rendered as text, never HTML):
 * choices by their titles, countries by their localized names, files by name, a yes/no checkbox as
 * Yes/No; a password is not repeated. Unanswered is '' (the summary list shows "Not provided").
 */
import { msg } from '@lit/localize';
import type { AnswerValue, Question } from '../../api/kyb.ts';
import { textOr } from '../field.ts';
import { isFileAnswer, isSingleCheckbox, normalizeValue } from './answers-state.ts';
import { countryName } from './controls.ts';

const yesNo = (b: boolean) => (b ? msg('Yes') : msg('No'));

export function answerText(
  q: Pick<Question, 'key' | 'type' | 'choices' | 'required'>,
  local: AnswerValue,
  locale: string,
): string {
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
  if (typeof value === 'string') return q.type === 'COLOR' ? value : choice(value);
  if (typeof value === 'number') {
    try {
      return new Intl.NumberFormat(locale, { maximumFractionDigits: 20 }).format(value);
    } catch {
      return String(value);
    }
  }
  if (typeof value === 'boolean') return yesNo(value);
  if (isFileAnswer(value)) return value.filename;
  if (Array.isArray(value)) {
    const items = value as unknown[];
    return items
      .map((x) =>
        isFileAnswer(x) ? x.filename : typeof x === 'string' ? (q.type === 'LIST' ? x : choice(x)) : '',
      )
      .filter((x) => x !== '')
      .join(', ');
  }
  return '';
}

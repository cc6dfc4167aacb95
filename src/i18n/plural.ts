/**
 * Plural forms by `Intl.PluralRules` for messages that carry a count. Each form is its own `msg()` (a
 * function, so only the chosen one runs), which keeps lit-localize's extraction working: translators
 * see every form; a locale whose rules pick a category without a form here (Arabic has six: zero, one,
 * two, few, many, other) gets `other`. The rules are those of the active locale, a registered one too.
 *
 *   plural(held, {
 *     one: () => msg(str`${held} change not saved: fix the highlighted field.`),
 *     other: () => msg(str`${held} changes not saved: fix the highlighted fields.`),
 *   })
 */
import { activeLocale } from './index.ts';

export type PluralForms<T> = { readonly [C in Intl.LDMLPluralRule]?: () => T } & { readonly other: () => T };

const rules = new Map<string, Intl.PluralRules>();

/** The plural category of `n` in `locale` (default: the active locale); English's rules for an unknown tag. */
export function pluralCategory(n: number, locale: string = activeLocale()): Intl.LDMLPluralRule {
  let r = rules.get(locale);
  if (!r) {
    try {
      r = new Intl.PluralRules(locale);
    } catch {
      r = new Intl.PluralRules('en');
    }
    rules.set(locale, r);
  }
  return r.select(n);
}

/** The form of `forms` for `n` (its category's, else `other`). */
export function plural<T>(n: number, forms: PluralForms<T>, locale?: string): T {
  return (forms[pluralCategory(n, locale)] ?? forms.other)();
}

/**
 * The company step's rows of the review summary, and a custom field's value as a summary shows it (the
 * beneficiaries' summary uses it too). Part of the later chunk: the first screen does not need them.
 */
import { companyLabel, fieldId, type CompanyStep } from '../company/controller.ts';
import type { KybContext } from '../context.ts';
import { customDisplay, type CustomSpec } from '../custom-fields.ts';
import { textOr } from '../field.ts';
import { countryName } from '../format.ts';
import type { SummaryRow, SummaryValue } from './summary-list.ts';

const lines = (text: string) =>
  text
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);

/** The value as the review's summary list shows it: lists (`*_MULTI`) as lists, the rest as text. */
export function customSummaryValue(
  spec: Pick<CustomSpec, 'type' | 'choices'>,
  text: string,
  locale: string,
): string | { list: string[] } {
  if (spec.type === 'COUNTRY_MULTI') return { list: lines(text).map((c) => countryName(c, locale)) };
  if (spec.type === 'SELECT_MULTI')
    return { list: lines(text).map((k) => textOr(spec.choices.find((c) => c.key === k)?.title, k)) };
  return customDisplay(spec, text, locale);
}

/**
 * The company's rows: every field's label and value as the review shows it (countries by name, lists as
 * lists, custom values formatted), its problem and the Edit link to its control.
 */
export function companySummary(company: CompanyStep, ctx: KybContext): SummaryRow[] {
  const locale = ctx.locale;
  const issues = new Map(ctx.readOnly ? [] : company.validate(ctx).map((i) => [i.id, i]));
  return company.defs.map((d) => {
    const text = company.draftText(d.draftKey);
    let value: SummaryValue = text;
    if (d.kind === 'standard' && d.key === 'country') value = countryName(text, locale);
    if (d.kind === 'standard' && d.key === 'brandNames')
      value = { list: text.split(/\r?\n/).filter((x) => x.trim() !== '') };
    if (d.kind === 'custom') value = customSummaryValue(d, text, locale);
    const id = d.kind === 'custom' && d.type === 'SELECT_MULTI' ? `${fieldId(d)}-0` : fieldId(d);
    const label = d.kind === 'standard' ? companyLabel(d.key) : d.title;
    return {
      label: label.trim() || d.key,
      value,
      issue: issues.get(id) ?? null,
      edit: ctx.readOnly || d.readOnly ? null : { id, step: 'company' as const },
    };
  });
}

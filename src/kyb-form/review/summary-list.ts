/**
 * The summary list of the review and submitted screens (the GOV.UK summary list pattern): a `<dl>` of
 * rows, each with the field's label (`dt`), its value formatted for reading (`dd`) and, while the form
 * is editable, an Edit link whose accessible name names the field ("Edit Company name"). A required item
 * that is missing reads "Missing" in the error colour with an icon; an optional empty one reads "Not
 * provided" (muted). Values are service or user text, always rendered as text.
 *
 * Edit links carry `data-edit-id` / `data-edit-step`; the review handles their clicks by delegation
 * (switches to the step and focuses the field), so the steps' summaries need no callback.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { ref } from 'lit/directives/ref.js';
import { msg } from '@lit/localize';
import type { FieldIssue, StepId } from '../context.ts';
import { customDisplay, type CustomSpec } from '../custom-fields.ts';
import { textOr } from '../field.ts';
import { countryName } from '../format.ts';

/** A file of a summary: its name and, when known, a detail such as its size (already formatted). */
export interface SummaryFile {
  name: string;
  detail?: string | undefined;
}

/**
 * A value as the summary shows it: text (`''` = empty), a list (`<ul>`), a colour (swatch and hex
 * text), files by name.
 */
export type SummaryValue =
  string | { list: readonly string[] } | { color: string } | { files: readonly SummaryFile[] };

const lines = (text: string) =>
  text
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);

/** A custom field's value as the review's summary list shows it: lists (`*_MULTI`) as lists, the rest as text. */
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

/** Where a row's Edit link goes. */
export interface EditTarget {
  /** DOM id of the control to focus. */
  id: string;
  step: StepId;
}

export interface SummaryRow {
  label: string;
  value: SummaryValue;
  /** The row's problem (shown after the value, or as "Missing" when the value is empty). */
  issue?: FieldIssue | null | undefined;
  /** Where the Edit link goes; no link when absent (read-only field, submitted form). */
  edit?: EditTarget | null | undefined;
}

/** Whether a summary value is empty. */
export function isEmptyValue(v: SummaryValue): boolean {
  if (typeof v === 'string') return v.trim() === '';
  if ('list' in v) return v.list.every((x) => x.trim() === '');
  if ('files' in v) return v.files.length === 0;
  return v.color === '';
}

/** The problem icon (decorative: the text next to it says what it means). */
const icon = html`<svg class="summary-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
  <circle cx="8" cy="8" r="7" fill="currentColor" />
  <rect x="7" y="3.5" width="2" height="6" rx="1" fill="#fff" />
  <circle cx="8" cy="12" r="1.1" fill="#fff" />
</svg>`;

/** Colours the swatch through the CSSOM (a `style` attribute would break a strict CSP). */
function paint(el: Element | undefined, color: string) {
  if (el instanceof HTMLElement) el.style.setProperty('background-color', color);
}

function renderValue(v: SummaryValue): TemplateResult | string {
  // Line breaks of long text answers are kept.
  if (typeof v === 'string') return html`<span class="summary-text">${v}</span>`;
  if ('list' in v) {
    const items = v.list.filter((x) => x.trim() !== '');
    if (items.length === 1) return items[0]!;
    return html`<ul class="summary-values" part="summary-values">
      ${items.map((x) => html`<li>${x}</li>`)}
    </ul>`;
  }
  if ('files' in v) {
    const one = (f: SummaryFile) =>
      html`<span class="summary-file-name">${f.name}</span>${
          f.detail ? html` <span class="summary-file-detail">(${f.detail})</span>` : nothing
        }`;
    if (v.files.length === 1) return one(v.files[0]!);
    return html`<ul class="summary-values" part="summary-values">
      ${v.files.map((f) => html`<li>${one(f)}</li>`)}
    </ul>`;
  }
  return html`<span class="summary-color"
    ><span class="swatch" part="summary-swatch" aria-hidden="true" ${ref((el) => paint(el, v.color))}></span
    ><span class="summary-color-text">${v.color}</span></span
  >`;
}

/** An Edit link (its accessible name: "Edit" and `name`, which must make it unique). */
function editLink(target: EditTarget, name: string): TemplateResult {
  return html`<a
    href="#${target.id}"
    class="summary-edit"
    part="summary-edit"
    data-edit-id=${target.id}
    data-edit-step=${target.step}
    >${msg('Edit')}<span class="visually-hidden"> ${name}</span></a
  >`;
}

/**
 * Problems that are not one row's (a beneficiary list without a required role, say): icon, text and,
 * when `editable`, an Edit link to where it is fixed.
 */
export function renderProblems(
  issues: readonly FieldIssue[],
  editable: boolean,
): TemplateResult | typeof nothing {
  if (issues.length === 0) return nothing;
  return html`<ul class="summary-problems" part="summary-problems">
    ${issues.map(
      (i) =>
        html`<li>
          <span class="summary-problem" part="summary-problem">${icon}${i.label}: ${i.message}</span>
          ${editable ? editLink(i, `${i.label}: ${i.message}`) : nothing}
        </li>`,
    )}
  </ul>`;
}

/**
 * A summary list of rows; an empty list gives `empty` (or nothing). `context` (a beneficiary's name, a
 * questionnaire's title) is added to each Edit link's hidden text so that its name stays unique.
 */
export function renderSummaryList(
  rows: readonly SummaryRow[],
  empty?: string,
  context?: string,
): TemplateResult {
  if (rows.length === 0 && empty) return html`<p class="hint">${empty}</p>`;
  return html`<dl class="summary" part="summary">
    ${rows.map((r) => {
      const blank = isEmptyValue(r.value);
      const problem = r.issue ?? null;
      return html`<div class="summary-row${problem ? ' has-problem' : ''}" part="summary-row">
        <dt part="summary-key">${r.label}</dt>
        <dd class="summary-value" part="summary-value">
          ${
            blank
              ? problem
                ? html`<strong class="summary-missing" part="summary-missing"
                    >${icon}${msg('Missing')}</strong
                  >`
                : html`<span class="summary-empty" part="summary-empty">${msg('Not provided')}</span>`
              : renderValue(r.value)
          }
          ${
            problem && !blank
              ? html`<span class="summary-problem" part="summary-problem">${icon}${problem.message}</span>`
              : nothing
          }
        </dd>
        ${
          r.edit
            ? html`<dd class="summary-actions" part="summary-actions">
                ${editLink(r.edit, context ? `${r.label} (${context})` : r.label)}
              </dd>`
            : nothing
        }
      </div>`;
    })}
  </dl>`;
}

/**
 * Handles a click on an Edit link of a summary list (delegated from the review): calls `go` with the
 * link's target and returns true, or returns false when the click was not on such a link.
 */
export function editLinkClick(e: Event, go: (issue: FieldIssue) => void): boolean {
  const a = e
    .composedPath()
    .find((n): n is HTMLAnchorElement => n instanceof HTMLAnchorElement && !!n.dataset.editId);
  if (!a) return false;
  e.preventDefault();
  go({
    id: a.dataset.editId!,
    step: a.dataset.editStep as StepId,
    label: '',
    message: '',
  });
  return true;
}

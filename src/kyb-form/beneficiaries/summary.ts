/**
 * The beneficiaries' part of the review summary: each person or company (owners after their owner) with
 * kind, roles, ownership, positions, the flow's fields and custom fields and their documents per type, a
 * required field or document that is missing marked as such; problems of the list itself (a required
 * beneficiary or role, the ownership rules) first. Each beneficiary's rows are led by its name; rows that
 * do not apply to its kind are left out (a company has no positions). Each row's Edit link opens the
 * beneficiary's form on that field (`ben-bN-field-<field>`, see the controller's `reveal`) or its upload.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg, str } from '@lit/localize';
import type { Beneficiary, KybDocument } from '../../api/kyb.ts';
import type { FieldIssue } from '../context.ts';
import { customDraftText } from '../custom-fields.ts';
import { docTypeLabel } from '../documents/model.ts';
import { countryName, formatDate, formatNumber } from '../format.ts';
import {
  customSummaryValue,
  renderProblems,
  renderSummaryList,
  type SummaryRow,
  type SummaryValue,
} from '../review/summary-list.ts';
import { memberLabel } from './form.ts';
import { ALWAYS } from './config.ts';
import {
  applicantOf,
  beneficiaryName,
  requiredMessage,
  typeLabel,
  type BeneficiaryConfig,
  type InfoFieldDef,
} from './model.ts';

export interface DocsState {
  status: 'idle' | 'loading' | 'loaded' | 'error';
  message?: string | undefined;
  docs: readonly KybDocument[];
}

export interface BeneficiarySummaryInput {
  /** Beneficiaries in the order shown (owners after their owner). */
  list: readonly Beneficiary[];
  /** Every saved beneficiary (to name owners). */
  all: readonly Beneficiary[];
  cfg: BeneficiaryConfig;
  locale: string;
  /** Whether Edit links are offered. */
  editable: boolean;
  /** The DOM id prefix of a beneficiary's card (`ben-b1`). */
  key: (id: string) => string;
  docs: (id: string) => DocsState;
  /** Problems of the list (not of one beneficiary's documents), from the step's validate(). */
  listIssues: readonly FieldIssue[];
}

/** An `info` member's value as the summary shows it. */
function memberValue(def: InfoFieldDef, value: unknown, locale: string): SummaryValue {
  if (value === null || value === undefined) return '';
  if (def.kind === 'yesno') return value === true ? msg('Yes') : value === false ? msg('No') : '';
  if (Array.isArray(value)) return { list: value.filter((v): v is string => typeof v === 'string') };
  const text =
    typeof value === 'string' ? value : typeof value === 'number' ? formatNumber(value, locale) : '';
  if (def.kind === 'country') return countryName(text, locale);
  if (def.kind === 'date') return formatDate(text, locale);
  return text;
}

function rowsOf(b: Beneficiary, o: BeneficiarySummaryInput): SummaryRow[] {
  const { cfg, locale } = o;
  const key = o.key(b.id);
  const name = beneficiaryName(b);
  const step = 'beneficiaries' as const;
  // Each row's Edit opens the card's form on that field (the controller's `reveal`).
  const edit = (field: string) => (o.editable ? { id: `${key}-field-${field}`, step } : null);
  const person = b.infoType === 'INDIVIDUAL';
  const app = applicantOf(cfg, b.infoType);
  const info = b.info as Record<string, unknown>;
  const fieldRow = (f: InfoFieldDef): SummaryRow => {
    const label = memberLabel(f.key, b.infoType);
    const value = memberValue(f, info[f.key], locale);
    const empty =
      typeof value === 'string' ? value.trim() === '' : 'list' in value && value.list.length === 0;
    const issue =
      f.required && empty && o.editable
        ? { id: `${key}-field-${f.key}`, label: `${name}: ${label}`, message: requiredMessage(f.key), step }
        : null;
    return { label, value, issue, edit: edit(f.key) };
  };
  // Led by the name (First name, Last name; Company name), then what the person or company is.
  const lead = ALWAYS[b.infoType].filter((k) => k !== 'country');
  const rows: SummaryRow[] = app.fields.filter((f) => lead.includes(f.key)).map(fieldRow);
  rows.push(
    { label: msg('Kind'), value: person ? msg('Person') : msg('Company'), edit: null },
    { label: msg('Roles'), value: { list: b.beneficiaryTypes.map(typeLabel) }, edit: edit('types') },
  );
  const parent = b.parent ? o.all.find((x) => x.id === b.parent) : undefined;
  if (parent) rows.push({ label: msg('Owner of'), value: beneficiaryName(parent) });
  if (cfg.ownership.shown || typeof b.ownershipPercentage === 'number') {
    const pct =
      typeof b.ownershipPercentage === 'number' ? formatNumber(b.ownershipPercentage, locale, 2) : null;
    rows.push({
      label: msg('Ownership'),
      value: pct === null ? '' : msg(str`${pct}%`),
      edit: edit('ownership'),
    });
  }
  // Positions are a person's (a company has none: no "Not provided" row for it).
  if (person && (cfg.positions.shown || (b.positions ?? []).length > 0))
    rows.push({ label: msg('Positions'), value: { list: b.positions ?? [] }, edit: edit('position0') });
  rows.push(...app.fields.filter((f) => !lead.includes(f.key)).map(fieldRow));
  const additional = b.info.additionalInfo ?? {};
  for (const c of app.custom) {
    const stored = Object.prototype.hasOwnProperty.call(additional, c.key) ? additional[c.key] : undefined;
    const text = customDraftText(stored?.value);
    rows.push({
      label: c.title.trim() || c.key,
      value: customSummaryValue(c, text, locale),
      edit: edit(`custom:${c.key}`),
    });
  }
  if (person && b.formFiller)
    rows.push({ label: msg('Fills in this form'), value: msg('Yes'), edit: edit('formFiller') });
  rows.push(...documentRows(b, o));
  return rows;
}

function documentRows(b: Beneficiary, o: BeneficiarySummaryInput): SummaryRow[] {
  const key = o.key(b.id);
  const name = beneficiaryName(b);
  const step = 'beneficiaries' as const;
  const state = o.docs(b.id);
  const required = applicantOf(o.cfg, b.infoType).documents;
  const upload = o.editable && required.length > 0 ? { id: `${key}-upload`, step } : null;
  if (state.status === 'loading')
    return [{ label: msg('Documents'), value: msg('Loading documents…'), edit: upload }];
  if (state.status === 'error')
    return [{ label: msg('Documents'), value: state.message ?? '', edit: upload }];
  if (state.status === 'idle')
    return [
      { label: msg('Documents'), value: msg('Not loaded: open the people step to see them.'), edit: upload },
    ];
  const files = (docs: readonly KybDocument[]) => ({ files: docs.map((d) => ({ name: d.filename })) });
  const known = new Set(required.map((r) => r.docType));
  const rows: SummaryRow[] = required.map((r) => {
    const docs = state.docs.filter((d) => d.type === r.docType);
    const label = docTypeLabel(r.docType);
    const d = label;
    const issue =
      r.required && docs.length === 0 && o.editable
        ? {
            id: `${key}-upload`,
            label: msg(str`Upload a document for ${name}`),
            message: msg(str`Upload this document: ${d}.`),
            step,
          }
        : null;
    return { label, value: files(docs), issue, edit: upload };
  });
  const others = state.docs.filter((d) => !d.type || !known.has(d.type));
  if (others.length > 0 || required.length === 0)
    rows.push({
      label: required.length ? msg('Other uploaded documents') : msg('Documents'),
      value: files(others),
      edit: upload,
    });
  return rows;
}

/** The beneficiaries' summary. */
export function renderBeneficiarySummary(o: BeneficiarySummaryInput): TemplateResult {
  const problems = renderProblems(o.listIssues, o.editable);
  return html`<div class="ben-summary">
    ${problems}
    ${
      o.list.length === 0 && o.listIssues.length === 0
        ? html`<p class="hint">${msg('No beneficiaries added yet.')}</p>`
        : nothing
    }
    ${o.list.map(
      (b) =>
        html`<div class="summary-group" part="summary-group">
          <h5>${beneficiaryName(b)}</h5>
          ${renderSummaryList(rowsOf(b, o), undefined, beneficiaryName(b))}
        </div>`,
    )}
  </div>`;
}

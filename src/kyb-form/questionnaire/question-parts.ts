/**
 * What every questionnaire control shares: the local state of a question (`QRec`), the render options, the
 * ids, and the parts around a control (label, required mark, description with the example, error, and
 * the wrappers `field` / `groupField`).
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg, str } from '@lit/localize';
import type { AnswerValue, FileAnswer, Question, Section } from '../../api/kyb.ts';
import { describedBy, textOr } from '../field.ts';
import { isSingleCheckbox, type Problem } from './answers-state.ts';

/** At most this many files in a FILE_MULTI answer. */
export const MAX_FILES = 20;
/** At most this many items in a LIST answer. */
export const MAX_LIST_ITEMS = 100;

/** The local state of one question. */
export interface QRec {
  /** Index in the step's flat question list (the `data-q` attribute). */
  uid: number;
  /** Index of the questionnaire. */
  qn: number;
  section: Section;
  question: Question;
  /** DOM id of the control (unique in the shadow root). */
  id: string;
  value: AnswerValue;
  /** The control holds text that is not a value (number input with bad input). */
  bad: boolean;
  problem: Problem | null;
  /** A file refused before reading (type/size), shown at once. */
  fileError: string | null;
  /** The user changed the value in this session (a problem it has is theirs to fix, not the service's). */
  edited: boolean;
  /** Bumped whenever the rendering of the question must change. */
  version: number;
}

export interface RenderOptions {
  readOnly: boolean;
  locale: string;
  /** The error message to show now (already filtered by the feedback rule), or null. */
  error: string | null;
  /** Thumbnail and size of a file chosen in this session (FILE / FILE_MULTI). */
  fileInfo?: ((recId: string, f: FileAnswer) => { preview: string | null; size: number | null }) | undefined;
  /** Sets the value of a control that reports it itself (COUNTRY_MULTI's combobox). */
  setValue?: ((rec: QRec, value: AnswerValue) => void) | undefined;
}

/* ------------------------------------------------------------------ ids */

/** The id of the control that gets focus for the question (error summary links). */
export function focusId(rec: QRec): string {
  const q = rec.question;
  switch (q.type) {
    case 'RADIO':
    case 'SELECT_MULTI':
      return `${rec.id}-0`;
    case 'CHECKBOX':
      return isSingleCheckbox(q) ? rec.id : `${rec.id}-0`;
    case 'LIST':
      return `${rec.id}-item-0`;
    default:
      return rec.id;
  }
}

export const questionLabel = (q: Question) => textOr(q.title, q.key);

export const strValue = (v: AnswerValue) =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
export const arrValue = (v: AnswerValue): readonly string[] =>
  Array.isArray(v) ? (v as unknown[]).filter((x): x is string => typeof x === 'string') : [];
export const fileValues = (v: AnswerValue): FileAnswer[] => {
  if (Array.isArray(v))
    return (v as unknown[]).filter((x): x is FileAnswer => typeof x === 'object' && x !== null);
  return v !== null && typeof v === 'object' ? [v] : [];
};

/*
 * First-render economy: a binding whose value is `nothing` on the first render costs no DOM call, so
 * boolean attributes and `.checked` pass `nothing` for false (a later `nothing` still clears them),
 * and `aria-invalid` is only present when true (absent means valid).
 */
export const on = (b: boolean) => b || nothing;
export const invalid = (o: RenderOptions) => (o.error ? 'true' : nothing);

export const requiredMark = (q: Question) =>
  q.required
    ? html`<span class="required-mark" aria-hidden="true">*</span
        ><span class="visually-hidden">${msg('(required)')}</span>`
    : nothing;

/**
 * The service's `placeholder` as a hint under the label: grey text inside an empty input reads like an
 * answer already given (and disappears while typing), so it is shown as "Example: …" instead. A leading
 * "e.g." of the service text is dropped (the prefix says it).
 */
const exampleOf = (q: Question): string | null => {
  const text = (q.placeholder ?? '').replace(/^\s*(?:e\.\s?g\.?|for example:?)\s*/i, '').trim();
  return text ? msg(str`Example: ${text}`, { desc: 'hint under a question: an example answer' }) : null;
};

const hasHint = (q: Question) => !!q.description || exampleOf(q) !== null;

export const descriptionOf = (rec: QRec) => {
  const example = exampleOf(rec.question);
  return hasHint(rec.question)
    ? html`<p class="field-description" id="${rec.id}-desc" part="field-description">
        ${rec.question.description ?? nothing}${rec.question.description && example ? ' ' : nothing}${
          example ? html`<span class="field-example" part="field-example">${example}</span>` : nothing
        }
      </p>`
    : nothing;
};

export const errorOf = (rec: QRec, o: RenderOptions) =>
  o.error ? html`<p class="field-error" id="${rec.id}-err" part="field-error">${o.error}</p>` : nothing;

export const describedIds = (rec: QRec, o: RenderOptions) =>
  describedBy(rec.id, hasHint(rec.question), !!o.error);

/** A labelled question around any control (the less common types). */
export function field(rec: QRec, o: RenderOptions, control: TemplateResult): TemplateResult {
  const q = rec.question;
  return html`<div class="field" part="field question" data-q=${rec.uid}>
    <label class="field-label" part="field-label" for=${rec.id}>${questionLabel(q)}${requiredMark(q)}</label>
    ${descriptionOf(rec)} ${control} ${errorOf(rec, o)}
  </div>`;
}

/** A question whose controls are a group (radio buttons, checkboxes, list items): a fieldset. */
export function groupField(rec: QRec, o: RenderOptions, control: TemplateResult): TemplateResult {
  const q = rec.question;
  return html`<fieldset
    class="field field-group"
    part="field question"
    data-q=${rec.uid}
    aria-describedby=${describedIds(rec, o)}
  >
    <legend class="field-label" part="field-label">${questionLabel(q)}${requiredMark(q)}</legend>
    ${descriptionOf(rec)} ${control} ${errorOf(rec, o)}
  </fieldset>`;
}

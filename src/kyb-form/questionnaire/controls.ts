/**
 * Per-type rendering of questionnaire questions. Each question's wrapper carries `data-q` (the
 * question's uid); controls carry `data-act` / `data-i` where needed, and choice inputs have the choice
 * key as their `value`. The step handles all events by delegation, so no closure is created per question.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg, str } from '@lit/localize';
import type { AnswerValue, FileAnswer, Question, Section } from '../../api/kyb.ts';
import { describedBy, textOr } from '../field.ts';
import { countryName, countryOptions } from '../format.ts';
import { countryMulti as countryCombobox } from '../controls/country-multi.ts';
import { renderDropzone, renderFileCard } from '../upload/upload.ts';
import { base64Bytes } from '../../api/common.ts';
import { isFileUrl, isSingleCheckbox, safeFileHref, type Problem } from './answers-state.ts';

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
  /** COUNTRY_MULTI: the filter text. */
  filter: string;
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

/* ------------------------------------------------------------------ countries */

/** Country options and names come from format.ts (cached per locale, guarded). */
export { countryName, countryOptions };

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

/* ------------------------------------------------------------------ controls */

/*
 * Rendering cost matters here (a questionnaire may have a thousand questions): the common types render
 * as ONE template each (wrapper, label, description, control and error together), with as few bindings
 * as possible. `data-q` (the question's uid) sits once on the question's wrapper; the step finds the
 * question of an event target with `closest('[data-q]')`.
 */

const INPUT_TYPES: Partial<Record<Question['type'], string>> = {
  TEXT: 'text',
  PASSWORD: 'password',
  EMAIL: 'email',
  TEL: 'tel',
  URL: 'url',
  DATE: 'date',
  DATETIME: 'datetime-local',
  TIME: 'time',
};

const AUTOCOMPLETE: Partial<Record<Question['type'], string>> = {
  PASSWORD: 'off',
  EMAIL: 'email',
  TEL: 'tel',
  URL: 'url',
};

const strValue = (v: AnswerValue) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const arrValue = (v: AnswerValue): readonly string[] =>
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
const on = (b: boolean) => b || nothing;
const invalid = (o: RenderOptions) => (o.error ? 'true' : nothing);

const requiredMark = (q: Question) =>
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

const descriptionOf = (rec: QRec) => {
  const example = exampleOf(rec.question);
  return hasHint(rec.question)
    ? html`<p class="field-description" id="${rec.id}-desc" part="field-description">
        ${rec.question.description ?? nothing}${rec.question.description && example ? ' ' : nothing}${
          example ? html`<span class="field-example" part="field-example">${example}</span>` : nothing
        }
      </p>`
    : nothing;
};

const errorOf = (rec: QRec, o: RenderOptions) =>
  o.error
    ? html`<p class="field-error" id="${rec.id}-err" part="field-error" role="alert">${o.error}</p>`
    : nothing;

const describedIds = (rec: QRec, o: RenderOptions) => describedBy(rec.id, hasHint(rec.question), !!o.error);

/** A labelled question around any control (the less common types). */
function field(rec: QRec, o: RenderOptions, control: TemplateResult): TemplateResult {
  const q = rec.question;
  return html`<div class="field" part="field question" data-q=${rec.uid}>
    <label class="field-label" part="field-label" for=${rec.id}>${questionLabel(q)}${requiredMark(q)}</label>
    ${descriptionOf(rec)} ${control} ${errorOf(rec, o)}
  </div>`;
}

/** A question whose controls are a group (radio buttons, checkboxes, list items): a fieldset. */
function groupField(rec: QRec, o: RenderOptions, control: TemplateResult): TemplateResult {
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

function textField(rec: QRec, o: RenderOptions): TemplateResult {
  const q = rec.question;
  return html`<div class="field" part="field question" data-q=${rec.uid}>
    <label class="field-label" part="field-label" for=${rec.id}>${questionLabel(q)}${requiredMark(q)}</label>
    ${descriptionOf(rec)}
    <input
      id=${rec.id}
      class="input"
      part="input"
      type=${INPUT_TYPES[q.type] ?? 'text'}
      .value=${strValue(rec.value)}
      autocomplete=${AUTOCOMPLETE[q.type] ?? nothing}
      ?required=${on(q.required)}
      ?readonly=${on(o.readOnly)}
      aria-describedby=${describedIds(rec, o)}
      aria-invalid=${invalid(o)}
    />
    ${errorOf(rec, o)}
  </div>`;
}

function numberField(rec: QRec, o: RenderOptions): TemplateResult {
  const q = rec.question;
  const isInt = q.type === 'INTEGER';
  return html`<div class="field" part="field question" data-q=${rec.uid}>
    <label class="field-label" part="field-label" for=${rec.id}>${questionLabel(q)}${requiredMark(q)}</label>
    ${descriptionOf(rec)}
    <input
      id=${rec.id}
      class="input"
      part="input"
      type="number"
      .value=${strValue(rec.value)}
      step=${isInt ? '1' : 'any'}
      inputmode=${isInt ? 'numeric' : 'decimal'}
      ?required=${on(q.required)}
      ?readonly=${on(o.readOnly)}
      aria-describedby=${describedIds(rec, o)}
      aria-invalid=${invalid(o)}
    />
    ${errorOf(rec, o)}
  </div>`;
}

function textAreaField(rec: QRec, o: RenderOptions): TemplateResult {
  const q = rec.question;
  return html`<div class="field" part="field question" data-q=${rec.uid}>
    <label class="field-label" part="field-label" for=${rec.id}>${questionLabel(q)}${requiredMark(q)}</label>
    ${descriptionOf(rec)}
    <textarea
      id=${rec.id}
      class="input textarea"
      part="input textarea"
      rows="4"
      .value=${strValue(rec.value)}
      ?required=${on(q.required)}
      ?readonly=${on(o.readOnly)}
      aria-describedby=${describedIds(rec, o)}
      aria-invalid=${invalid(o)}
    ></textarea>
    ${errorOf(rec, o)}
  </div>`;
}

function colorInput(rec: QRec, o: RenderOptions): TemplateResult {
  const v = typeof rec.value === 'string' ? rec.value : null;
  const ids = [describedIds(rec, o), `${rec.id}-hex`].filter((x) => typeof x === 'string');
  return html`<div class="color-control">
    <input
      id=${rec.id}
      class="input color"
      part="input color"
      type="color"
      .value=${v ?? '#000000'}
      ?disabled=${on(o.readOnly)}
      aria-describedby=${ids.join(' ')}
      aria-invalid=${invalid(o)}
    />
    <span class="color-value" part="color-value" id="${rec.id}-hex"
      >${v ?? msg('No colour chosen', { desc: 'colour question not answered yet' })}</span
    >
  </div>`;
}

function selectField(rec: QRec, o: RenderOptions): TemplateResult {
  const q = rec.question;
  const v = strValue(rec.value);
  const options =
    q.type === 'COUNTRY'
      ? countryOptions(o.locale).map(
          (c) => html`<option value=${c.code} ?selected=${on(c.code === v)}>${c.name}</option>`,
        )
      : (q.choices ?? []).map(
          (c) => html`<option value=${c.key} ?selected=${on(c.key === v)}>${textOr(c.title, c.key)}</option>`,
        );
  return html`<div class="field" part="field question" data-q=${rec.uid}>
    <label class="field-label" part="field-label" for=${rec.id}>${questionLabel(q)}${requiredMark(q)}</label>
    ${descriptionOf(rec)}
    <select
      id=${rec.id}
      class="input select"
      part="input select"
      ?required=${on(q.required)}
      ?disabled=${on(o.readOnly)}
      aria-describedby=${describedIds(rec, o)}
      aria-invalid=${invalid(o)}
    >
      <option value="" ?selected=${on(v === '')}>
        ${msg('Choose…', { desc: 'empty option of a select' })}
      </option>
      ${options}
    </select>
    ${errorOf(rec, o)}
  </div>`;
}

/** Radio buttons (`name` groups them) or checkboxes; the choice key is the control's `value`. */
function choiceGroup(rec: QRec, o: RenderOptions, kind: 'radio' | 'checkbox'): TemplateResult {
  const q = rec.question;
  const single = strValue(rec.value);
  const multi = arrValue(rec.value);
  return html`<div class="choices" part="choices">
    ${(q.choices ?? []).map((c, i) =>
      kind === 'radio'
        ? html`<div class="choice option" part="choice">
            <input
              type="radio"
              id="${rec.id}-${i}"
              name=${rec.id}
              value=${c.key}
              .checked=${on(single === c.key)}
              ?disabled=${on(o.readOnly)}
              aria-invalid=${invalid(o)}
            /><label for="${rec.id}-${i}">${textOr(c.title, c.key)}</label>
          </div>`
        : html`<div class="choice option" part="choice">
            <input
              type="checkbox"
              id="${rec.id}-${i}"
              value=${c.key}
              .checked=${on(multi.includes(c.key))}
              ?disabled=${on(o.readOnly)}
              aria-invalid=${invalid(o)}
            /><label for="${rec.id}-${i}">${textOr(c.title, c.key)}</label>
          </div>`,
    )}
  </div>`;
}

/** COUNTRY_MULTI: the searchable combobox with chips (one Tab stop), labelled by the question. */
function countryMulti(rec: QRec, o: RenderOptions): TemplateResult {
  const q = rec.question;
  const ids = describedIds(rec, o);
  return html`<div class="field" part="field question" data-q=${rec.uid}>
    ${countryCombobox({
      id: rec.id,
      label: html`${questionLabel(q)}${requiredMark(q)}`,
      hint: descriptionOf(rec),
      selected: arrValue(rec.value),
      locale: o.locale,
      readOnly: o.readOnly,
      required: q.required,
      invalid: !!o.error,
      describedBy: typeof ids === 'string' ? ids : undefined,
      onChange: (codes) => o.setValue?.(rec, codes),
    })}
    ${errorOf(rec, o)}
  </div>`;
}

function listControl(rec: QRec, o: RenderOptions): TemplateResult {
  const items = arrValue(rec.value);
  const rows = items.length > 0 ? items : [''];
  return html`<ol class="list-items" part="list-items">
      ${rows.map((item, i) => {
        const n = i + 1;
        return html`<li class="list-item" part="list-item">
          <label class="visually-hidden" for="${rec.id}-item-${i}"
            >${msg(str`Item ${n}`, { desc: 'list item' })}</label
          >
          <input
            id="${rec.id}-item-${i}"
            class="input"
            part="input"
            type="text"
            data-i=${i}
            .value=${item}
            ?readonly=${on(o.readOnly)}
            aria-invalid=${invalid(o)}
          />
          ${
            o.readOnly || items.length === 0
              ? nothing
              : html`<button
                  type="button"
                  class="btn btn-secondary"
                  part="button"
                  data-act="remove-item"
                  data-i=${i}
                >
                  ${msg(str`Remove item ${n}`, { desc: 'button removing one list item' })}
                </button>`
          }
        </li>`;
      })}
    </ol>
    ${
      o.readOnly || items.length >= MAX_LIST_ITEMS
        ? nothing
        : html`<button type="button" class="btn btn-secondary" part="button" data-act="add-item">
            ${msg('Add item', { desc: 'button adding an item to a list answer' })}
          </button>`
    }`;
}

/** The name of a file answer: a View link once saved (a safe URL), else the name. */
function fileName(f: FileAnswer): TemplateResult | undefined {
  if (!isFileUrl(f.file)) return undefined;
  const href = safeFileHref(f.file, typeof location === 'undefined' ? undefined : location.href);
  const text = msg(str`View ${f.filename}`, { desc: 'link to an uploaded file' });
  return href
    ? html`<a href=${href} target="_blank" rel="noopener noreferrer" part="file-link">${text}</a>`
    : html`${f.filename}`;
}

/**
 * FILE / FILE_MULTI: the shared upload component (drop zone = the labelled file input, limits stated,
 * a file card per file with thumbnail, size and Remove; FILE also Replace). Files are sent with the
 * answers (base64 in the answers' PUT, no per-file progress); a saved file shows as Uploaded with a link.
 */
function fileQuestion(rec: QRec, o: RenderOptions): TemplateResult {
  const q = rec.question;
  const multiple = q.type === 'FILE_MULTI';
  const files = fileValues(rec.value);
  const full = multiple && files.length >= MAX_FILES;
  const list =
    files.length > 0
      ? html`<ul class="file-list upload-files" part="file-list">
          ${files.map((f, i) => {
            const saved = isFileUrl(f.file);
            const info = o.fileInfo?.(rec.id, f);
            const size = saved ? (info?.size ?? null) : base64Bytes(f.file);
            return renderFileCard({
              id: `${rec.id}-file-${i}`,
              name: f.filename,
              part: 'file-item',
              className: 'file-item',
              size,
              preview: info?.preview ?? null,
              locale: o.locale,
              state: saved ? { kind: 'uploaded' } : { kind: 'chosen' },
              nameContent: fileName(f),
              actions: o.readOnly
                ? nothing
                : html`<button
                      type="button"
                      class="btn-link"
                      part="button upload-remove"
                      data-act="remove-file"
                      data-i=${i}
                    >
                      ${msg(str`Remove ${f.filename}`, { desc: 'button removing a chosen file' })}
                    </button>
                    ${
                      multiple
                        ? nothing
                        : html`<button
                            type="button"
                            class="btn-link"
                            part="button upload-replace"
                            data-act="replace-file"
                          >
                            ${msg('Replace')}<span class="visually-hidden"> ${f.filename}</span>
                          </button>`
                    }`,
            });
          })}
        </ul>`
      : nothing;
  if (o.readOnly)
    return html`<div class="field" part="field question" data-q=${rec.uid}>
      <p class="field-label" part="field-label" id="${rec.id}-label">${questionLabel(q)}</p>
      ${descriptionOf(rec)} ${files.length ? list : html`<p class="hint">${msg('No file uploaded.')}</p>`}
    </div>`;
  return renderDropzone({
    id: rec.id,
    label: questionLabel(q),
    required: q.required,
    description: q.description,
    error: o.error,
    locale: o.locale,
    multiple,
    disabled: full,
    missing: q.required && files.length === 0,
    part: 'field question',
    dataQ: rec.uid,
    after: list,
  });
}

function singleCheckbox(rec: QRec, o: RenderOptions): TemplateResult {
  const q = rec.question;
  return html`<div class="field field-checkbox" part="field question" data-q=${rec.uid}>
    <div class="choice option" part="choice">
      <input
        type="checkbox"
        id=${rec.id}
        .checked=${on(rec.value === true)}
        ?disabled=${on(o.readOnly)}
        aria-describedby=${describedIds(rec, o)}
        aria-invalid=${invalid(o)}
      /><label class="field-label" part="field-label" for=${rec.id}
        >${questionLabel(q)}${requiredMark(q)}</label
      >
    </div>
    ${descriptionOf(rec)} ${errorOf(rec, o)}
  </div>`;
}

/** The whole question: label, description, control, error. */
export function renderQuestion(rec: QRec, o: RenderOptions): TemplateResult {
  const q = rec.question;
  switch (q.type) {
    case 'INTEGER':
    case 'FLOAT':
      return numberField(rec, o);
    case 'TEXT_AREA':
      return textAreaField(rec, o);
    case 'COLOR':
      return field(rec, o, colorInput(rec, o));
    case 'COUNTRY':
    case 'SELECT':
      return selectField(rec, o);
    case 'RADIO':
      return groupField(rec, o, choiceGroup(rec, o, 'radio'));
    case 'SELECT_MULTI':
      return groupField(rec, o, choiceGroup(rec, o, 'checkbox'));
    case 'CHECKBOX':
      return isSingleCheckbox(q)
        ? singleCheckbox(rec, o)
        : groupField(rec, o, choiceGroup(rec, o, 'checkbox'));
    case 'COUNTRY_MULTI':
      return countryMulti(rec, o);
    case 'LIST':
      return groupField(rec, o, listControl(rec, o));
    case 'FILE':
    case 'FILE_MULTI':
      return fileQuestion(rec, o);
    default:
      return textField(rec, o);
  }
}

/**
 * Per-type rendering of questionnaire questions. Controls carry `data-q` (the question's uid) and,
 * where needed, `data-act` / `data-key` / `data-i`; the step handles all events by delegation, so no
 * closure is created per question.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg, str } from '@lit/localize';
import { COUNTRY_CODES } from '../../api/common.ts';
import type { AnswerValue, FileAnswer, Question, Section } from '../../api/kyb.ts';
import { describedBy, renderField } from '../field.ts';
import { DOCUMENT_ACCEPT, formatBytes } from '../files.ts';
import { base64Bytes } from '../../api/common.ts';
import { isFileUrl, isSingleCheckbox, safeFileHref, type Problem } from './answers-state.ts';

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
}

/* ------------------------------------------------------------------ countries */

const countryCache = new Map<string, readonly { code: string; name: string }[]>();

/** Country codes with localized names, sorted by name in `locale`. */
export function countryOptions(locale: string): readonly { code: string; name: string }[] {
  const cached = countryCache.get(locale);
  if (cached) return cached;
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
  } catch {
    names = null;
  }
  const list = COUNTRY_CODES.map((code) => {
    let name: string = code;
    try {
      name = names?.of(code) ?? code;
    } catch {
      name = code;
    }
    return { code, name };
  });
  const collator = new Intl.Collator(locale);
  list.sort((a, b) => collator.compare(a.name, b.name));
  countryCache.set(locale, list);
  return list;
}

const countryName = (code: string, locale: string) =>
  countryOptions(locale).find((c) => c.code === code)?.name ?? code;

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

export const questionLabel = (q: Question) => q.title || q.key;

/* ------------------------------------------------------------------ controls */

const INPUT_TYPES: Partial<Record<Question['type'], string>> = {
  TEXT: 'text',
  PASSWORD: 'password',
  EMAIL: 'email',
  TEL: 'tel',
  URL: 'url',
  DATE: 'date',
  DATETIME: 'datetime-local',
  TIME: 'time',
  INTEGER: 'number',
  FLOAT: 'number',
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
const fileValues = (v: AnswerValue): FileAnswer[] => {
  if (Array.isArray(v))
    return (v as unknown[]).filter((x): x is FileAnswer => typeof x === 'object' && x !== null);
  return v !== null && typeof v === 'object' ? [v] : [];
};

function textInput(rec: QRec, o: RenderOptions, hasDesc: boolean): TemplateResult {
  const q = rec.question;
  const type = INPUT_TYPES[q.type] ?? 'text';
  const isInt = q.type === 'INTEGER';
  const isNum = isInt || q.type === 'FLOAT';
  return html`<input
    id=${rec.id}
    class="input"
    part="input"
    type=${type}
    data-q=${rec.uid}
    .value=${strValue(rec.value)}
    placeholder=${q.placeholder || nothing}
    step=${isInt ? '1' : isNum ? 'any' : nothing}
    inputmode=${isInt ? 'numeric' : isNum ? 'decimal' : nothing}
    autocomplete=${AUTOCOMPLETE[q.type] ?? nothing}
    ?required=${q.required}
    ?readonly=${o.readOnly}
    aria-describedby=${describedBy(rec.id, hasDesc, !!o.error)}
    aria-invalid=${o.error ? 'true' : 'false'}
  />`;
}

function textArea(rec: QRec, o: RenderOptions, hasDesc: boolean): TemplateResult {
  const q = rec.question;
  return html`<textarea
    id=${rec.id}
    class="input textarea"
    part="input textarea"
    rows="4"
    data-q=${rec.uid}
    .value=${strValue(rec.value)}
    placeholder=${q.placeholder || nothing}
    ?required=${q.required}
    ?readonly=${o.readOnly}
    aria-describedby=${describedBy(rec.id, hasDesc, !!o.error)}
    aria-invalid=${o.error ? 'true' : 'false'}
  ></textarea>`;
}

function colorInput(rec: QRec, o: RenderOptions, hasDesc: boolean): TemplateResult {
  const v = typeof rec.value === 'string' ? rec.value : null;
  const ids = [describedBy(rec.id, hasDesc, !!o.error), `${rec.id}-hex`].filter((x) => typeof x === 'string');
  return html`<div class="color-control">
    <input
      id=${rec.id}
      class="input color"
      part="input color"
      type="color"
      data-q=${rec.uid}
      .value=${v ?? '#000000'}
      ?disabled=${o.readOnly}
      aria-describedby=${ids.join(' ')}
      aria-invalid=${o.error ? 'true' : 'false'}
    />
    <span class="color-value" part="color-value" id="${rec.id}-hex"
      >${v ?? msg('No colour chosen', { desc: 'colour question not answered yet' })}</span
    >
  </div>`;
}

function selectControl(rec: QRec, o: RenderOptions, hasDesc: boolean): TemplateResult {
  const q = rec.question;
  const v = strValue(rec.value);
  const options =
    q.type === 'COUNTRY'
      ? countryOptions(o.locale).map(
          (c) => html`<option value=${c.code} ?selected=${c.code === v}>${c.name}</option>`,
        )
      : (q.choices ?? []).map(
          (c) => html`<option value=${c.key} ?selected=${c.key === v}>${c.title || c.key}</option>`,
        );
  return html`<select
    id=${rec.id}
    class="input select"
    part="input select"
    data-q=${rec.uid}
    ?required=${q.required}
    ?disabled=${o.readOnly}
    aria-describedby=${describedBy(rec.id, hasDesc, !!o.error)}
    aria-invalid=${o.error ? 'true' : 'false'}
  >
    <option value="" ?selected=${v === ''}>${msg('Choose…', { desc: 'empty option of a select' })}</option>
    ${options}
  </select>`;
}

function choiceGroup(rec: QRec, o: RenderOptions, kind: 'radio' | 'checkbox'): TemplateResult {
  const q = rec.question;
  const single = strValue(rec.value);
  const multi = arrValue(rec.value);
  return html`<div class="choices" part="choices">
    ${(q.choices ?? []).map((c, i) => {
      const checked = kind === 'radio' ? single === c.key : multi.includes(c.key);
      return html`<div class="choice option" part="choice">
        <input
          type=${kind}
          id="${rec.id}-${i}"
          name=${rec.id}
          data-q=${rec.uid}
          data-key=${c.key}
          .value=${c.key}
          .checked=${checked}
          ?disabled=${o.readOnly}
          aria-invalid=${o.error ? 'true' : 'false'}
        /><label for="${rec.id}-${i}">${c.title || c.key}</label>
      </div>`;
    })}
  </div>`;
}

function countryMulti(rec: QRec, o: RenderOptions): TemplateResult {
  const selected = arrValue(rec.value);
  const filter = rec.filter.trim().toLocaleLowerCase(o.locale);
  const all = countryOptions(o.locale);
  const shown = all.filter(
    (c) =>
      selected.includes(c.code) ||
      filter === '' ||
      c.name.toLocaleLowerCase(o.locale).includes(filter) ||
      c.code.toLowerCase() === filter,
  );
  const count = selected.length;
  return html`<div class="country-multi" part="country-multi">
    <label class="filter-label" for=${rec.id}>${msg('Filter countries')}</label>
    <input
      id=${rec.id}
      class="input filter"
      part="input filter"
      type="search"
      autocomplete="off"
      data-q=${rec.uid}
      data-act="filter"
      .value=${rec.filter}
      aria-controls="${rec.id}-list"
      aria-describedby="${rec.id}-count"
      ?disabled=${o.readOnly}
    />
    <p class="selection-count" part="selection-count" id="${rec.id}-count" aria-live="polite">
      ${
        count === 0
          ? msg('No country selected.')
          : msg(str`${count} selected: ${selected.map((c) => countryName(c, o.locale)).join(', ')}`, {
              desc: 'count and names of the selected countries',
            })
      }
    </p>
    <div class="choices scroll" part="choices" id="${rec.id}-list">
      ${shown.map(
        (c) =>
          html`<div class="choice option" part="choice">
            <input
              type="checkbox"
              id="${rec.id}-${c.code}"
              data-q=${rec.uid}
              data-key=${c.code}
              .checked=${selected.includes(c.code)}
              ?disabled=${o.readOnly}
              aria-invalid=${o.error ? 'true' : 'false'}
            /><label for="${rec.id}-${c.code}">${c.name}</label>
          </div>`,
      )}
      ${shown.length === 0 ? html`<p class="no-match">${msg('No country matches the filter.')}</p>` : nothing}
    </div>
  </div>`;
}

function listControl(rec: QRec, o: RenderOptions): TemplateResult {
  const q = rec.question;
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
            data-q=${rec.uid}
            data-i=${i}
            .value=${item}
            placeholder=${q.placeholder || nothing}
            ?readonly=${o.readOnly}
            aria-invalid=${o.error ? 'true' : 'false'}
          />
          ${
            o.readOnly || items.length === 0
              ? nothing
              : html`<button
                  type="button"
                  class="btn btn-secondary"
                  part="button"
                  data-q=${rec.uid}
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
      o.readOnly || items.length >= 100
        ? nothing
        : html`<button
            type="button"
            class="btn btn-secondary"
            part="button"
            data-q=${rec.uid}
            data-act="add-item"
          >
            ${msg('Add item', { desc: 'button adding an item to a list answer' })}
          </button>`
    }`;
}

function fileLabel(f: FileAnswer, locale: string): TemplateResult {
  if (isFileUrl(f.file)) {
    const href = safeFileHref(f.file, typeof location === 'undefined' ? undefined : location.href);
    const text = msg(str`View ${f.filename}`, { desc: 'link to an uploaded file' });
    return href
      ? html`<a href=${href} target="_blank" rel="noopener noreferrer" part="file-link">${text}</a>`
      : html`<span>${f.filename}</span>`;
  }
  return html`<span class="file-name">${f.filename}</span>
    <span class="file-size">(${formatBytes(base64Bytes(f.file), locale)})</span>`;
}

function fileControl(rec: QRec, o: RenderOptions, hasDesc: boolean): TemplateResult {
  const multiple = rec.question.type === 'FILE_MULTI';
  const files = fileValues(rec.value);
  const full = multiple && files.length >= 20;
  return html`${
      files.length > 0
        ? html`<ul class="file-list" part="file-list">
            ${files.map(
              (f, i) =>
                html`<li class="file-item" part="file-item">
                  ${fileLabel(f, o.locale)}
                  ${
                    o.readOnly
                      ? nothing
                      : html`<button
                          type="button"
                          class="btn btn-secondary"
                          part="button"
                          data-q=${rec.uid}
                          data-act="remove-file"
                          data-i=${i}
                        >
                          ${msg(str`Remove ${f.filename}`, { desc: 'button removing a chosen file' })}
                        </button>`
                  }
                </li>`,
            )}
          </ul>`
        : nothing
    }
    <input
      id=${rec.id}
      class="input file"
      part="input file"
      type="file"
      data-q=${rec.uid}
      accept=${DOCUMENT_ACCEPT}
      ?multiple=${multiple}
      ?disabled=${o.readOnly || full}
      ?required=${rec.question.required && files.length === 0}
      aria-describedby=${describedBy(rec.id, hasDesc, !!o.error)}
      aria-invalid=${o.error ? 'true' : 'false'}
    />`;
}

function singleCheckbox(rec: QRec, o: RenderOptions): TemplateResult {
  const q = rec.question;
  const hasDesc = !!q.description;
  const mark = q.required
    ? html`<span class="required-mark" aria-hidden="true">*</span
        ><span class="visually-hidden">${msg('(required)')}</span>`
    : nothing;
  return html`<div class="field field-checkbox" part="field question" data-key=${q.key}>
    <div class="choice option" part="choice">
      <input
        type="checkbox"
        id=${rec.id}
        data-q=${rec.uid}
        .checked=${rec.value === true}
        ?disabled=${o.readOnly}
        aria-describedby=${describedBy(rec.id, hasDesc, !!o.error)}
        aria-invalid=${o.error ? 'true' : 'false'}
      /><label class="field-label" part="field-label" for=${rec.id} id="${rec.id}-label"
        >${questionLabel(q)}${mark}</label
      >
    </div>
    ${
      hasDesc
        ? html`<p class="field-description" id="${rec.id}-desc" part="field-description">${q.description}</p>`
        : nothing
    }
    ${
      o.error
        ? html`<p class="field-error" id="${rec.id}-err" part="field-error" role="alert">${o.error}</p>`
        : nothing
    }
  </div>`;
}

/** The whole question: label, description, control, error. */
export function renderQuestion(rec: QRec, o: RenderOptions): TemplateResult {
  const q = rec.question;
  const hasDesc = !!q.description;
  const base = {
    id: rec.id,
    label: questionLabel(q),
    required: q.required,
    description: q.description,
    error: o.error,
    part: 'field question',
  };
  switch (q.type) {
    case 'TEXT_AREA':
      return renderField({ ...base, control: textArea(rec, o, hasDesc) });
    case 'COLOR':
      return renderField({ ...base, control: colorInput(rec, o, hasDesc) });
    case 'COUNTRY':
    case 'SELECT':
      return renderField({ ...base, control: selectControl(rec, o, hasDesc) });
    case 'RADIO':
      return renderField({ ...base, group: true, control: choiceGroup(rec, o, 'radio') });
    case 'SELECT_MULTI':
      return renderField({ ...base, group: true, control: choiceGroup(rec, o, 'checkbox') });
    case 'CHECKBOX':
      return isSingleCheckbox(q)
        ? singleCheckbox(rec, o)
        : renderField({ ...base, group: true, control: choiceGroup(rec, o, 'checkbox') });
    case 'COUNTRY_MULTI':
      return renderField({ ...base, group: true, control: countryMulti(rec, o) });
    case 'LIST':
      return renderField({ ...base, group: true, control: listControl(rec, o) });
    case 'FILE':
    case 'FILE_MULTI':
      return renderField({ ...base, control: fileControl(rec, o, hasDesc) });
    default:
      return renderField({ ...base, control: textInput(rec, o, hasDesc) });
  }
}

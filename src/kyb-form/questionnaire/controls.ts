/**
 * Per-type rendering of questionnaire questions. Each question's wrapper carries `data-q` (the
 * question's uid); controls carry `data-act` / `data-i` where needed, and choice inputs have the choice
 * key as their `value`. The step handles all events by delegation, so no closure is created per question.
 * The shared parts are in question-parts.ts, the multi-value and file controls in rich-controls.ts.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg } from '@lit/localize';
import type { Question } from '../../api/kyb.ts';
import { textOr } from '../field.ts';
import { countryName, countryOptions } from '../format.ts';
import { countryOptionList } from '../controls/country-options.ts';
import { isSingleCheckbox } from './answers-state.ts';
import {
  arrValue,
  describedIds,
  descriptionOf,
  errorOf,
  field,
  groupField,
  invalid,
  on,
  questionLabel,
  requiredMark,
  strValue,
  type QRec,
  type RenderOptions,
} from './question-parts.ts';
import { countryMulti, fileQuestion, listControl } from './rich-controls.ts';

export {
  fileValues,
  focusId,
  MAX_FILES,
  MAX_LIST_ITEMS,
  questionLabel,
  type QRec,
  type RenderOptions,
} from './question-parts.ts';

/** Country options and names come from format.ts (cached per locale, guarded). */
export { countryName, countryOptions };

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
      ? countryOptionList(o.locale, v)
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

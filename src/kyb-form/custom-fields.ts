/**
 * Custom fields (`flow.fieldsCustom`, an applicant's `fieldsCustom`) of the 8 published types, shared by
 * the company step and the beneficiary form: the draft text of a value, parsing it back into the typed
 * value the service expects (`CustomFieldTypeEnum`: booleans, integers, arrays for `*_MULTI`), and the
 * control for each type.
 *
 * Draft texts: CHECKBOX `true` / `false` (`''` untouched), lists joined with `\n`, everything else as typed.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg, str } from '@lit/localize';
import { chunkLoader } from '../api/load-chunk.ts';
import { loadReview } from './chunks.ts';
import {
  customValueSchema,
  type Choice,
  type CustomFieldType,
  type CustomValue,
} from '../api/kyb-company.ts';
import { readOnlyValue, textOr } from './field.ts';
import { countryName, countryOptions, formatDate, formatNumber } from './format.ts';

/**
 * The country combobox (controls/country-multi.ts) with the later styles it is drawn with (the review
 * chunk's): loaded when a COUNTRY_MULTI field first shows, so the first screen carries neither.
 */
const loadCombobox = chunkLoader(
  () => Promise.all([import('./controls/country-multi.ts'), loadReview()]).then(([m]) => m),
  'Part of the form could not be downloaded.',
);
let combobox: Awaited<ReturnType<typeof loadCombobox>> | null = null;
/** One template for the combobox slot, so the placeholder and the combobox take the same place. */
const slot = (v: unknown) => html`${v}`;

export interface CustomSpec {
  type: CustomFieldType;
  choices: Choice[];
  required: boolean;
}

export type CustomIssue = 'required' | 'choice' | 'country' | 'integer' | 'date' | 'too-long' | 'invalid';

const lines = (text: string) =>
  text
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);

/** The draft text of a stored value (of any JSON type: a value of the wrong type reads as text). */
export function customDraftText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.filter((v) => typeof v === 'string').join('\n');
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  return '';
}

/** Parses a draft text into the typed value (`null` when empty) and its issue. */
export function parseCustom(
  spec: CustomSpec,
  text: string,
): { value: CustomValue | null; issue: CustomIssue | null } {
  let value: CustomValue | null;
  const t = text.trim();
  switch (spec.type) {
    case 'CHECKBOX':
      value = t === 'true' ? true : t === 'false' ? false : null;
      // A required checkbox is a statement the user must confirm.
      if (spec.required && value !== true) return { value, issue: 'required' };
      return { value, issue: null };
    case 'COUNTRY_MULTI':
    case 'SELECT_MULTI': {
      const list = lines(text);
      value = list.length ? [...new Set(list)] : null;
      break;
    }
    case 'INTEGER':
      if (t === '') value = null;
      else if (!/^[+-]?\d{1,10}$/.test(t)) return { value: t, issue: 'integer' };
      else value = Number(t);
      break;
    case 'COUNTRY':
      value = t === '' ? null : t.toUpperCase();
      break;
    default:
      value = t === '' ? null : t;
  }
  if (value === null) return { value, issue: spec.required ? 'required' : null };
  const r = customValueSchema(spec).safeParse(value);
  if (r.success) return { value: r.data, issue: null };
  const code = r.error.issues[0]?.code;
  const issue: CustomIssue =
    spec.type === 'SELECT' || spec.type === 'SELECT_MULTI'
      ? 'choice'
      : spec.type === 'COUNTRY' || spec.type === 'COUNTRY_MULTI'
        ? 'country'
        : spec.type === 'DATE'
          ? 'date'
          : spec.type === 'INTEGER'
            ? 'integer'
            : code === 'too_big'
              ? 'too-long'
              : 'invalid';
  return { value, issue };
}

export function customIssueMessage(issue: CustomIssue): string {
  switch (issue) {
    case 'required':
      return msg('This field is required.');
    case 'choice':
      return msg('Choose an option from the list.');
    case 'country':
      return msg('Choose a country from the list.');
    case 'integer':
      return msg('Enter a whole number, for example 12.');
    case 'date':
      return msg('Enter a valid date.');
    case 'too-long':
      return msg('This value is too long.');
    case 'invalid':
      return msg('This value is not valid.');
  }
}

/** The value as the review shows it: countries and choices by name, dates and numbers in the locale. */
export function customDisplay(
  spec: Pick<CustomSpec, 'type' | 'choices'>,
  text: string,
  locale: string,
): string {
  const choiceTitle = (k: string) => textOr(spec.choices.find((c) => c.key === k)?.title, k);
  switch (spec.type) {
    case 'CHECKBOX':
      return text === 'true' ? msg('Yes') : text === 'false' ? msg('No') : '';
    case 'COUNTRY':
      return countryName(text, locale);
    case 'COUNTRY_MULTI':
      return lines(text)
        .map((c) => countryName(c, locale))
        .join(', ');
    case 'SELECT':
      return text ? choiceTitle(text) : '';
    case 'SELECT_MULTI':
      return lines(text).map(choiceTitle).join(', ');
    case 'DATE':
      return formatDate(text, locale);
    case 'INTEGER':
      return /^[+-]?\d+$/.test(text.trim()) ? formatNumber(Number(text), locale) : text;
    case 'TEXT':
      return text;
  }
}

/**
 * Types whose editable control is one checkbox labelled by the field's own label beside it (`inline` of
 * renderField): its name is the label the user sees, with no second "Yes" label (WCAG 2.5.3).
 */
export const isInlineType = (type: CustomFieldType) => type === 'CHECKBOX';

/**
 * Types rendered as a group of controls (a fieldset with a legend). COUNTRY_MULTI is one combobox, named
 * by its `<label>`.
 */
export const isGroupType = (type: CustomFieldType) => type === 'SELECT_MULTI';

export interface CustomControlOptions {
  id: string;
  spec: CustomSpec;
  text: string;
  locale: string;
  label: string;
  readOnly: boolean;
  describedBy: string | typeof nothing;
  invalid: boolean;
  onChange: (text: string) => void;
  onLeave: () => void;
  /** The control's code arrived after the first render (the country combobox): render again. */
  onLoaded: () => void;
}

/**
 * What the multi-country combobox (controls/country-multi.ts) looks like closed, drawn until its code
 * arrives: the same box, chips, text box, caret and count line, with the same classes and parts, laid out
 * by the same rules (form-styles.ts `countryMultiBoxStyles`, with the first screen's styles), so the
 * control takes its place without moving anything below it. Nothing here responds: the text box is
 * disabled and busy, a chip's remove mark is not a button.
 */
interface CountryMultiPlaceholderProps {
  /** The text box's id (the field's `<label for>`), as the control will have it. */
  id: string;
  selected: readonly string[];
  locale: string;
  invalid?: boolean;
  describedBy?: string | undefined;
}

function countryMultiPlaceholder(p: CountryMultiPlaceholderProps): TemplateResult {
  const count = p.selected.length;
  const described = [p.describedBy, `${p.id}-count`].filter(Boolean).join(' ');
  return html`<div class="cm" part="country-multi">
    <div class="cm-box ${p.invalid ? 'is-invalid' : ''}" part="country-multi-box">
      ${
        count > 0
          ? html`<ul
              class="cm-chips"
              part="country-multi-chips"
              aria-label=${msg('Selected countries', { desc: 'list of the chips of the chosen countries' })}
            >
              ${p.selected.map(
                (code) =>
                  html`<li class="cm-chip" part="country-multi-chip">
                    <span class="cm-chip-name">${countryName(code, p.locale)}</span
                    ><span class="cm-chip-remove" part="country-multi-chip-remove" aria-hidden="true"
                      ><span>×</span></span
                    >
                  </li>`,
              )}
            </ul>`
          : nothing
      }
      <input
        id=${p.id}
        class="cm-input"
        part="input country-multi-input"
        type="text"
        disabled
        aria-busy="true"
        aria-describedby=${described}
      />
      <span class="cm-caret" aria-hidden="true"></span>
    </div>
    <p class="cm-count" part="selection-count" id="${p.id}-count">
      ${
        count === 0
          ? msg('No country selected.')
          : msg(str`Countries selected: ${count}`, { desc: 'how many countries are chosen' })
      }
    </p>
  </div>`;
}

/** The control of one custom field (inside `renderField`, which supplies the label or legend). */
export function renderCustomControl(o: CustomControlOptions): TemplateResult {
  const { id, spec, text } = o;
  const aria = { describedby: o.describedBy, invalid: o.invalid ? 'true' : 'false' };
  const required = spec.required && !o.readOnly;
  if (o.readOnly) return readOnlyValue(id, customDisplay(spec, text, o.locale), o.describedBy);
  switch (spec.type) {
    case 'CHECKBOX':
      // Rendered inline by renderField (isInlineType): the field's label beside it is its one name.
      return html`<input
        type="checkbox"
        id=${id}
        part="checkbox"
        .checked=${text === 'true'}
        aria-describedby=${aria.describedby}
        aria-invalid=${aria.invalid}
        ?required=${required}
        @change=${(e: Event) => {
          o.onChange((e.target as HTMLInputElement).checked ? 'true' : 'false');
          o.onLeave();
        }}
      />`;
    case 'COUNTRY':
    case 'SELECT': {
      const options =
        spec.type === 'COUNTRY'
          ? countryOptions(o.locale).map((c) => ({ key: c.code, title: c.name }))
          : spec.choices.map((c) => ({ key: c.key, title: textOr(c.title, c.key) }));
      const current = spec.type === 'COUNTRY' ? text.toUpperCase() : text;
      return html`<select
        id=${id}
        part="input select"
        aria-describedby=${aria.describedby}
        aria-invalid=${aria.invalid}
        ?required=${required}
        @change=${(e: Event) => {
          o.onChange((e.target as HTMLSelectElement).value);
          o.onLeave();
        }}
        @focusout=${o.onLeave}
      >
        <option value="" ?selected=${current === ''}>
          ${spec.type === 'COUNTRY' ? msg('Select a country') : msg('Select an option')}
        </option>
        ${options.map((c) => html`<option value=${c.key} ?selected=${c.key === current}>${c.title}</option>`)}
      </select>`;
    }
    case 'SELECT_MULTI': {
      const chosen = new Set(lines(text));
      return html`${spec.choices.map((c, i) => {
        const cid = `${id}-${i}`;
        return html`<div class="option">
          <input
            type="checkbox"
            id=${cid}
            part="checkbox"
            .checked=${chosen.has(c.key)}
            aria-describedby=${aria.describedby}
            @change=${(e: Event) => {
              const next = new Set(chosen);
              if ((e.target as HTMLInputElement).checked) next.add(c.key);
              else next.delete(c.key);
              o.onChange(
                spec.choices
                  .filter((x) => next.has(x.key))
                  .map((x) => x.key)
                  .join('\n'),
              );
            }}
            @focusout=${o.onLeave}
          />
          <label for=${cid} class="option-label">${textOr(c.title, c.key)}</label>
        </div>`;
      })}`;
    }
    case 'COUNTRY_MULTI': {
      // The searchable combobox with chips (one Tab stop), labelled by the field's <label for>.
      const props = {
        id,
        selected: lines(text),
        locale: o.locale,
        required,
        invalid: o.invalid,
        describedBy: typeof o.describedBy === 'string' ? o.describedBy : undefined,
        onChange: (codes: string[]) => o.onChange(codes.join('\n')),
        onLeave: o.onLeave,
      };
      if (combobox) return slot(combobox.countryMulti(props));
      // Until its code is here (it is asked for now), its closed box, drawn alike (disabled, busy), holds
      // its place; then the step renders again and the control takes the same box.
      void loadCombobox().then((m) => {
        combobox = m;
        o.onLoaded();
      }, o.onLoaded);
      return slot(countryMultiPlaceholder(props));
    }
    case 'DATE':
    case 'INTEGER':
    case 'TEXT':
      return html`<input
        id=${id}
        part="input"
        type=${spec.type === 'DATE' ? 'date' : 'text'}
        inputmode=${spec.type === 'INTEGER' ? 'numeric' : nothing}
        maxlength=${spec.type === 'TEXT' ? 100 : nothing}
        autocomplete="off"
        aria-describedby=${aria.describedby}
        aria-invalid=${aria.invalid}
        ?required=${required}
        .value=${text}
        @input=${(e: Event) => o.onChange((e.target as HTMLInputElement).value)}
        @focusout=${o.onLeave}
      />`;
  }
}

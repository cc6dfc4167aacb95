/**
 * The styles of what `<kyb-form>`'s company step renders: fields, options, chips and the error summary
 * (the later steps reuse them). They load with the company step and are added to the element's shadow
 * root next to the shell's styles (styles.ts), whose custom properties they use; the rules only later
 * steps use (cards, lists, progress bars, the review, the upload controls) come later (shell/review-submit.ts).
 */
import { css } from 'lit';

/**
 * The multi-country combobox's closed box (the box, the chips, the text box, the caret, the count line;
 * its other rules are controls/country-multi-styles.ts's, with the later styles): here, with the first
 * screen, because the placeholder drawn until the control's code arrives (custom-fields.ts) is laid out
 * by the same rules, so the control takes its place without moving anything below it.
 */
export const countryMultiBoxStyles = css`
  .cm {
    position: relative;
  }
  .cm-box {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: calc(var(--space) * 0.375);
    min-height: calc(var(--size) * 2.75);
    padding-block: calc(var(--space) * 0.25);
    padding-inline: calc(var(--space) * 0.375) calc(var(--size) * 2);
    border: 1px solid var(--c-border);
    border-radius: var(--radius);
    background: var(--c-bg);
    cursor: text;
    position: relative;
  }
  .cm-box.is-invalid {
    border-color: var(--c-error);
    border-width: 2px;
  }
  /* The chips and the text box flow together (the text box fills the rest of the last line); browsers that
     drop the list's role with display: contents still name each chip's button. */
  .cm-chips {
    display: contents;
    list-style: none;
  }
  .cm-chip {
    display: inline-flex;
    align-items: center;
    gap: 0.25em;
    max-width: 100%;
    font-size: calc(var(--size) * 0.9);
    line-height: 1.25;
    padding: 0.15em;
    padding-inline-start: 0.65em;
    border-radius: 999px;
    border: 1px solid var(--c-border);
    background: var(--c-surface);
    color: var(--c-text);
    overflow-wrap: anywhere;
  }
  .cm-chip-remove {
    flex: none;
    display: inline-grid;
    place-items: center;
    /* 24 px targets at least (WCAG 2.5.8), more with the element's font size */
    width: max(24px, calc(var(--size) * 1.6));
    height: max(24px, calc(var(--size) * 1.6));
    margin: 0;
    padding: 0;
    border: 0;
    border-radius: 999px;
    background: transparent;
    color: inherit;
    font: inherit;
    font-size: calc(var(--size) * 1.1);
    line-height: 1;
    cursor: pointer;
  }
  .cm-input {
    flex: 1 1 calc(var(--size) * 8);
    min-width: calc(var(--size) * 6);
    min-height: calc(var(--size) * 2);
    border: 0;
    outline: 0;
    padding: 0 calc(var(--space) * 0.25);
    margin: 0;
    background: transparent;
    color: var(--c-text);
    font: inherit;
  }
  .cm-input:disabled {
    background: transparent;
  }
  .cm-caret {
    position: absolute;
    inset-inline-end: 0;
    top: 0;
    bottom: 0;
    width: calc(var(--size) * 2);
    cursor: pointer;
  }
  .cm-caret::after {
    content: '';
    position: absolute;
    inset: 0;
    margin: auto;
    width: 0.5em;
    height: 0.5em;
    border-inline-end: 2px solid var(--c-text);
    border-bottom: 2px solid var(--c-text);
    transform: translateY(-25%) rotate(45deg);
  }
  /* The caret points down (up when open) in either direction: its end border is on the left in RTL. */
  [dir='rtl'] .cm-caret::after {
    transform: translateY(-25%) rotate(-45deg);
  }
  .cm-empty,
  .cm-count {
    margin: calc(var(--space) * 0.25) 0 0;
    color: var(--c-muted);
    font-size: calc(var(--size) * 0.9);
  }
`;

export const formStyles = css`
  /*
   * Fields (used by field.ts and all steps). Type scale, all from the base --size: labels 1 (600),
   * descriptions 0.875, errors 0.9375; headings are larger (styles.ts). Spacing steps are multiples of
   * --space: 0.25, 0.5, 0.75, 1, 1.5.
   */
  .field {
    display: flex;
    flex-direction: column;
    gap: calc(var(--space) * 0.375);
    margin: 0 0 calc(var(--space) * 1.25);
    min-width: 0;
  }
  /* Groups (radio and checkbox sets, lists) read like one field: the legend looks like a label. */
  fieldset.field {
    border: 0;
    padding: 0;
    margin-inline: 0;
  }
  .field-label {
    font-weight: 600;
    line-height: 1.35;
  }
  legend.field-label {
    padding: 0;
    margin-bottom: calc(var(--space) * 0.375);
  }
  .required-mark {
    color: var(--c-error);
    margin-inline-start: 0.2em;
  }
  .field-description {
    margin: 0;
    color: var(--c-muted);
    font-size: calc(var(--size) * 0.875);
    line-height: 1.45;
  }
  .field-description > span {
    display: block;
  }
  /* A note that needs attention before typing (a prefilled value to change, a fixed field). */
  .field-note {
    margin-top: calc(var(--space) * 0.25);
    padding: calc(var(--space) * 0.375) calc(var(--space) * 0.625);
    border-inline-start: 3px solid var(--c-warning);
    background: var(--c-warning-bg);
    color: var(--c-text);
    border-radius: 0;
    border-start-end-radius: calc(var(--radius) * 0.5);
    border-end-end-radius: calc(var(--radius) * 0.5);
  }
  .field-error {
    margin: 0;
    color: var(--c-error);
    font-weight: 600;
    font-size: calc(var(--size) * 0.9375);
  }
  /* :where() keeps these at element specificity, so the states below win without !important. */
  input:where(:not([type='checkbox']):not([type='radio']):not([type='file']):not([type='color'])),
  select,
  textarea {
    font: inherit;
    color: var(--c-text);
    background: var(--c-bg);
    border: 1px solid var(--c-border);
    border-radius: calc(var(--radius) * 0.75);
    padding: 0.5em 0.75em;
    min-height: calc(var(--size) * 2.75);
    width: 100%;
    max-width: 100%;
  }
  input:where(:not([type='checkbox']):not([type='radio']):not([type='file']):not([readonly])):hover,
  select:hover,
  textarea:where(:not([readonly])):hover {
    border-color: var(--c-text);
  }
  /* With the focus ring (styles.ts), the edited box's own border turns primary too. */
  input:where(:not([type='checkbox']):not([type='radio']):not([type='file']):not([readonly])):focus-visible,
  select:focus-visible,
  textarea:where(:not([readonly])):focus-visible {
    border-color: var(--c-primary);
  }
  textarea {
    resize: vertical;
  }
  /*
   * A value that cannot be changed reads as text, not as an edit box: no border, no field background,
   * no padding to line up with (field.ts readOnlyValue; read-only questionnaire answers too).
   */
  input[readonly],
  textarea[readonly] {
    border-color: transparent;
    background: transparent;
    padding-inline: 0;
    min-height: 0;
    padding-block: 0.125em;
    resize: none;
    cursor: default;
  }
  input.readonly-value.is-empty {
    color: var(--c-muted);
    font-style: italic;
  }
  input:disabled,
  select:disabled,
  textarea:disabled {
    background: var(--c-disabled);
    color: var(--c-disabled-text);
  }
  [aria-invalid='true'] {
    border-color: var(--c-error) !important;
    border-width: 2px !important;
  }
  input[type='checkbox'],
  input[type='radio'] {
    width: calc(var(--size) * 1.25);
    height: calc(var(--size) * 1.25);
    accent-color: var(--c-primary);
    margin: 0;
    flex: none;
  }
  .option {
    display: flex;
    flex-direction: row;
    align-items: center;
    gap: calc(var(--space) * 0.5);
    min-height: calc(var(--size) * 2.75);
  }

  /* chips (countries chosen in a multi-country field) */
  .chip {
    display: inline-block;
    font-size: calc(var(--size) * 0.85);
    font-weight: 600;
    padding: 0.1em 0.6em;
    border-radius: 999px;
    border: 1px solid var(--c-border);
    background: var(--c-surface);
    color: var(--c-text);
  }
  /* error summary and review */
  .error-summary {
    border: 3px solid var(--c-error);
    background: var(--c-error-bg);
    border-radius: var(--radius);
    padding: var(--space);
    margin: 0 0 var(--space);
  }
  .error-summary ul {
    margin: 0;
    padding-inline-start: 1.25em;
  }
  .error-summary a {
    color: var(--c-error);
    font-weight: 600;
  }
  ${countryMultiBoxStyles}
`;

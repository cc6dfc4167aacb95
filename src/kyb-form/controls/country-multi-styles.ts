/**
 * The multi-country combobox's rules (country-multi.ts), apart from its code, in two parts:
 *   - what gives the closed control its box (the box, the chips, the text box, the caret, the count
 *     line) is form-styles.ts's `countryMultiBoxStyles`, with the first screen's styles: the placeholder
 *     drawn until the control's code arrives (custom-fields.ts) is laid out by them, so the swap moves
 *     nothing;
 *   - the rest (focus, hover, the open list and its options, forced colours) is here, with the later
 *     styles of `<kyb-form>` (shell/review-submit.ts), which load with the control.
 */
import { css } from 'lit';

/** The control's other rules; include them, after form-styles.ts's, in the styles of the element that renders it. */
export const countryMultiStyles = css`
  /* The text box's focus shows on the whole box, as every other control's does (styles.ts). */
  .cm-box:focus-within {
    outline: 2px solid var(--c-primary);
    outline-offset: 3px;
    box-shadow: var(--focus);
    border-color: var(--c-primary);
  }
  .cm-box .cm-input:focus-visible,
  .cm-box .cm-chip-remove:focus-visible {
    box-shadow: none;
  }
  .cm-chip-remove:hover {
    background: var(--c-disabled);
  }
  .cm-chip-remove:focus {
    outline: 2px solid var(--c-primary);
    outline-offset: 1px;
    background: var(--c-bg);
  }
  .cm-box.is-open .cm-caret::after {
    transform: translateY(25%) rotate(225deg);
  }
  [dir='rtl'] .cm-box.is-open .cm-caret::after {
    transform: translateY(25%) rotate(135deg);
  }
  .cm-list {
    position: relative;
    max-height: min(calc(var(--size) * 18), 50vh);
    overflow-y: auto;
    overscroll-behavior: contain;
    margin-top: calc(var(--space) * 0.25);
    border: 1px solid var(--c-border);
    border-radius: var(--radius);
    background: var(--c-bg);
  }
  .cm-list[hidden] {
    display: none;
  }
  .cm-option {
    display: flex;
    align-items: center;
    gap: calc(var(--space) * 0.5);
    min-height: calc(var(--size) * 2.75);
    padding: 0 calc(var(--space) * 0.75);
    cursor: pointer;
    color: var(--c-text);
  }
  .cm-option:hover {
    background: var(--c-surface);
  }
  .cm-option.is-active {
    background: var(--c-info-bg);
    outline: 2px solid var(--c-primary);
    outline-offset: -2px;
  }
  .cm-check {
    flex: none;
    width: 1.1em;
    height: 1.1em;
    border: 2px solid var(--c-border);
    border-radius: 0.2em;
    background: var(--c-bg);
    position: relative;
  }
  .cm-option[aria-selected='true'] .cm-check {
    background: var(--c-primary);
    border-color: var(--c-primary);
  }
  .cm-option[aria-selected='true'] .cm-check::after {
    content: '';
    position: absolute;
    inset-inline-start: 0.3em;
    top: 0.05em;
    width: 0.3em;
    height: 0.6em;
    border-inline-end: 2px solid var(--c-on-primary);
    border-bottom: 2px solid var(--c-on-primary);
    transform: rotate(45deg);
  }
  /* A tick is not mirrored: in RTL its end border is on the left, so the shape is flipped back. */
  [dir='rtl'] .cm-option[aria-selected='true'] .cm-check::after {
    transform: rotate(45deg) scaleX(-1);
  }
  .cm-option-name {
    flex: 1;
  }
  .cm-code {
    color: var(--c-muted);
    font-size: calc(var(--size) * 0.85);
    font-variant-numeric: tabular-nums;
  }
  @media (forced-colors: active) {
    /* Box shadows are dropped in forced colours: the box's focus ring becomes an outline. */
    .cm-box:focus-within {
      outline: 2px solid Highlight;
      outline-offset: 2px;
    }
    .cm-option.is-active {
      outline-color: Highlight;
    }
    .cm-option[aria-selected='true'] .cm-check {
      background: Highlight;
    }
  }
`;

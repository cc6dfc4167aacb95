/**
 * The multi-country combobox's rules (country-multi.ts), apart from its code so that the styles chunk of
 * `<kyb-form>` (shell/later.ts) carries them without the control.
 */
import { css } from 'lit';

/** The control's rules; include them in the styles of the element that renders it. */
export const countryMultiStyles = css`
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
  /* The text box's focus shows on the whole box, as every other control's does (styles.ts). */
  .cm-box:focus-within {
    outline: 2px solid var(--c-primary);
    outline-offset: 3px;
    box-shadow: var(--focus);
    border-color: var(--c-primary);
  }
  .cm-box.is-invalid {
    border-color: var(--c-error);
    border-width: 2px;
  }
  .cm-box .cm-input:focus-visible,
  .cm-box .cm-chip-remove:focus-visible {
    box-shadow: none;
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
  .cm-chip-remove:hover {
    background: var(--c-disabled);
  }
  .cm-chip-remove:focus {
    outline: 2px solid var(--c-primary);
    outline-offset: 1px;
    background: var(--c-bg);
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
  .cm-box.is-open .cm-caret::after {
    transform: translateY(25%) rotate(225deg);
  }
  /* The caret points down (up when open) in either direction: its end border is on the left in RTL. */
  [dir='rtl'] .cm-caret::after {
    transform: translateY(-25%) rotate(-45deg);
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
  .cm-empty,
  .cm-count {
    margin: calc(var(--space) * 0.25) 0 0;
    color: var(--c-muted);
    font-size: calc(var(--size) * 0.9);
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

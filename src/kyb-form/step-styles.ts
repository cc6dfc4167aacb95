/**
 * The review's section heads and the later steps' own rules (people, documents, questionnaires): added
 * with the review chunk (shell/review-submit.ts), after form-styles.ts's rules.
 */
import { css } from 'lit';

/**
 * The shell's and the fields' rules that no first-screen node uses (cards, lists, icons,
 * warning and info boxes, the danger and link buttons, upload progress, state chips). Added first of the
 * later styles, right after form-styles.ts's rules, so the cascade is the one they had there.
 */
export const laterBaseStyles = css`
  /* A field inside a group (Position 1, 2, 3): its label is secondary to the group's legend. */
  fieldset.field .field {
    margin-bottom: calc(var(--space) * 0.75);
  }
  fieldset.field .field .field-label {
    font-weight: 500;
  }
  .btn-danger {
    background: var(--c-bg);
    color: var(--c-error);
    border-color: var(--c-error);
  }
  /* :enabled: a disabled danger button keeps the disabled look (styles.ts) when hovered. */
  .btn-danger:enabled:hover {
    background: var(--c-error-bg);
  }
  /* No first-screen control holds an icon; these carry --kyb-color-disabled-icon. */
  .btn svg,
  .icon {
    width: 1.25em;
    height: 1.25em;
    fill: currentColor;
  }
  .btn:disabled svg {
    fill: var(--c-disabled-icon);
  }
  /* The warning and info boxes (--kyb-color-warning / -info and their backgrounds). */
  .status.warning {
    background: var(--c-warning-bg);
    border-color: var(--c-warning);
    color: var(--c-text);
  }
  .status.info {
    background: var(--c-info-bg);
    border-color: var(--c-info);
    color: var(--c-text);
  }
  .btn-link {
    background: none;
    border: none;
    color: var(--c-primary);
    text-decoration: underline;
    padding: 0.25em;
    min-height: calc(var(--size) * 2.75);
    font: inherit;
    cursor: pointer;
  }
  /* A single checkbox on its own (not in a group): a normal row, spaced like a field. */
  .option-row {
    margin: 0 0 calc(var(--space) * 1.25);
  }
  .options-inline {
    display: flex;
    flex-wrap: wrap;
    gap: 0 calc(var(--space) * 1.5);
  }
  .card {
    background: var(--c-bg);
    border: 1px solid var(--c-border);
    border-radius: var(--radius);
    padding: var(--space);
    margin: 0 0 var(--space);
  }
  .card.surface,
  .surface {
    background: var(--c-surface);
  }
  .list {
    list-style: none;
    margin: 0 0 var(--space);
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: calc(var(--space) * 0.5);
  }
  .chip.success {
    background: var(--c-success-bg);
    color: var(--c-success);
    border-color: var(--c-success);
  }
  .chip.error {
    background: var(--c-error-bg);
    color: var(--c-error);
    border-color: var(--c-error);
  }
  .chip.warning {
    background: var(--c-warning-bg);
    color: var(--c-warning);
    border-color: var(--c-warning);
  }
  progress {
    width: 100%;
    height: calc(var(--size) * 0.5);
    /* --kyb-color-secondary: the secondary accent (upload progress). */
    accent-color: var(--c-secondary);
  }
`;

export const stepStyles = css`
  .review-section-head {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: calc(var(--size) * 0.5);
  }
  .review-section-head h4 {
    margin: 0;
  }
  /* Long sections fold on a narrow screen (review/collapse.ts); the toggle shows only there. */
  .review-toggle .when-folded,
  [data-collapsed] .review-toggle .when-open {
    display: none;
  }
  [data-collapsed] .review-toggle .when-folded {
    display: inline;
  }
  @media (min-width: 40rem) {
    .review-toggle {
      display: none;
    }
  }
  @media (max-width: 40rem) {
    [data-collapsed] .review-body {
      display: none;
    }
    .review-section-head h4 {
      flex: 1 1 100%;
    }
  }
  /* Beneficiaries and documents */
  .ben-details {
    display: grid;
    grid-template-columns: max-content minmax(0, 1fr);
    gap: calc(var(--space) * 0.25) calc(var(--space) * 0.75);
    margin: calc(var(--space) * 0.5) 0;
  }
  .ben-details dt {
    color: var(--c-muted);
  }
  .ben-details dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  /* A role or flag with its one-line explanation under the label (a grid: box, label; -, hint). */
  .option-hinted {
    display: grid;
    grid-template-columns: auto 1fr;
    column-gap: calc(var(--space) * 0.5);
    align-items: center;
  }
  .option-hinted .option-hint {
    grid-column: 2;
    margin: 0 0 calc(var(--space) * 0.5);
  }
  /* The open beneficiary form: a calm panel, so where it starts and ends is clear. */
  .ben-form {
    background: var(--c-surface);
    border-radius: var(--radius);
    padding: var(--space);
    margin: 0 0 var(--space);
  }
  .ben-form-title {
    margin-top: 0;
  }
  .ben-threshold {
    color: var(--c-text);
  }
  .ben-actions,
  .ben-form-actions {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--space) * 0.5);
    margin-top: calc(var(--space) * 0.75);
  }
  .ben-confirm {
    margin-top: calc(var(--space) * 0.75);
    padding: calc(var(--space) * 0.75);
    border: 1px solid var(--c-error);
    background: var(--c-error-bg);
    border-radius: var(--radius);
  }
  .doc-requirements {
    margin: calc(var(--space) * 0.5) 0;
    padding-inline-start: calc(var(--size) * 1.25);
  }
  .doc-item {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: calc(var(--space) * 0.5);
    padding: calc(var(--space) * 0.5) 0;
    border-bottom: 1px solid var(--c-disabled);
    overflow-wrap: anywhere;
  }
  .doc-rename-control {
    display: inline-flex;
    align-items: center;
    gap: calc(var(--size) * 0.25);
    max-width: 100%;
  }
  .doc-ext {
    color: var(--c-muted);
  }
  .doc-status {
    min-height: 1.5em;
    color: var(--c-muted);
    font-size: calc(var(--size) * 0.9);
  }
  .doc-status progress {
    width: min(calc(var(--size) * 16), 100%);
    vertical-align: middle;
  }

  /* Questionnaires. A questionnaire may have thousands of questions; an answer must cost what it
     changes, not the questionnaire's size. Each section skips its rendering while off screen
     (content-visibility: auto: no style, layout or paint of it until it nears the viewport; its content
     stays in the accessibility tree and find-in-page), and each question contains its layout, so
     an answer, or the questions it shows or hides, re-lays out and repaints its own section; the sections
     below only move. Measured (bench/questionnaire.ts, 4,000 questions, desktop, thread time): a text
     answer 33 -> 8.5-10 ms, an answer hiding 13 questions 66 -> 16-18 ms, mounting the whole step
     10.1 -> 1.4-2.0 s of main thread; paint containment per section (contain: layout paint style) changed
     nothing, per question it cut pre-paint but not layout. A skipped section takes an estimated height
     (50 questions of 80 px) until first rendered, then its last rendered height (auto).
     Paint containment clips what overflows a section, so sections get 6 px of padding given back by a
     negative margin: the focus ring (2 px outline, 3 px offset) of a full-width control shows whole. */

  .questionnaires .section {
    content-visibility: auto;
    contain-intrinsic-size: auto calc(var(--size) * 250);
    padding: 6px;
    margin: -6px;
  }
  /* The sections of the first screenful (those the step opened with) are drawn at once: a skipped section
     is styled and laid out only in the frame that finds it on screen, so its work came between the first
     layout and the first paint. */
  .questionnaires .section.eager {
    content-visibility: visible;
  }
  /* Layout containment only: style containment (counters and quotes, which no question uses) made each
     question a scope that Chromium keeps in one tree for the document, updated on every insertion and
     removal: an answer hiding 13 questions spent 4-5 ms of style on it at 4,000 questions (desktop),
     20 ms on the 4x-CPU profile, and each chunk of the progressive mount its share. */
  .questionnaires .section > [part~='question'] {
    contain: layout;
  }
  .questionnaire-summary h5,
  .questionnaire-summary h6 {
    font-size: calc(var(--size) * 1.0625);
    line-height: 1.25;
    margin: calc(var(--space) * 0.75) 0 calc(var(--space) * 0.5);
  }
  .questionnaire-summary h6 {
    color: var(--c-muted);
  }
  .choices.scroll {
    max-height: calc(var(--size) * 16);
    overflow: auto;
    border: 1px solid var(--c-border);
    border-radius: var(--radius);
    padding: calc(var(--space) * 0.5);
  }
  .list-items,
  .file-list {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: calc(var(--space) * 0.5);
  }
  .list-item,
  .file-item {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: calc(var(--space) * 0.5);
    overflow-wrap: anywhere;
  }
  .list-item .input {
    flex: 1 1 calc(var(--size) * 12);
    width: auto;
  }
  .color-control {
    display: inline-flex;
    align-items: center;
    gap: calc(var(--space) * 0.5);
  }
  .selection-count {
    color: var(--c-muted);
    font-size: calc(var(--size) * 0.9);
    margin: calc(var(--space) * 0.25) 0;
  }
`;

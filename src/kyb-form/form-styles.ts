/**
 * The styles of what `<kyb-form>`'s steps render: fields, cards and chips, the error summary and review,
 * people, documents and questionnaires. They load with the company step and the review, and are added
 * to the element's shadow root next to the shell's styles (styles.ts), whose custom properties they use.
 */
import { css } from 'lit';
import { uploadStyles } from './upload/styles.ts';

export const formStyles = css`
  ${uploadStyles}
  /* fields (used by field.ts and all steps) */
  .field {
    display: flex;
    flex-direction: column;
    gap: 0.25rem;
    margin: 0 0 var(--space);
    min-width: 0;
  }
  fieldset.field {
    border: 1px solid var(--c-border);
    border-radius: var(--radius);
    padding: calc(var(--space) * 0.75);
  }
  .field-label {
    font-weight: 600;
  }
  legend.field-label {
    padding: 0 0.25em;
  }
  .required-mark {
    color: var(--c-error);
    margin-inline-start: 0.2em;
  }
  .field-description {
    margin: 0;
    color: var(--c-muted);
    font-size: 0.9em;
  }
  .field-error {
    margin: 0;
    color: var(--c-error);
    font-weight: 600;
    font-size: 0.95em;
  }
  input:not([type='checkbox']):not([type='radio']):not([type='file']):not([type='color']),
  select,
  textarea {
    font: inherit;
    color: var(--c-text);
    background: var(--c-bg);
    border: 1px solid var(--c-border);
    border-radius: calc(var(--radius) * 0.75);
    padding: 0.55em 0.7em;
    min-height: 2.75rem;
    width: 100%;
    max-width: 100%;
  }
  textarea {
    resize: vertical;
  }
  input[readonly],
  textarea[readonly] {
    background: var(--c-surface);
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
    width: 1.25rem;
    height: 1.25rem;
    accent-color: var(--c-primary);
    margin: 0;
    flex: none;
  }
  .option {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    min-height: 2.75rem;
  }

  /* cards, lists, chips, status */
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
  .chip {
    display: inline-block;
    font-size: 0.85em;
    font-weight: 600;
    padding: 0.1em 0.6em;
    border-radius: 999px;
    border: 1px solid var(--c-border);
    background: var(--c-surface);
    color: var(--c-text);
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
  .progress-bar,
  progress {
    width: 100%;
    height: 0.5rem;
    /* --kyb-color-secondary: the secondary accent (upload progress). */
    accent-color: var(--c-secondary);
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
  .summary {
    margin: 0;
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 0.25rem 1rem;
  }
  .summary dt {
    font-weight: 600;
  }
  .summary dd {
    margin: 0 0 0.5rem;
    color: var(--c-text);
  }
  .review-section-head {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 0.5rem;
  }
  .review-section-head h4 {
    margin: 0;
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
    padding-left: 1.25rem;
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
    gap: 0.25rem;
    max-width: 100%;
  }
  .doc-ext {
    color: var(--c-muted);
  }
  .doc-status {
    min-height: 1.5em;
    color: var(--c-muted);
    font-size: 0.9em;
  }
  .doc-status progress {
    width: min(16rem, 100%);
    vertical-align: middle;
  }

  /* Questionnaires */
  /* A long questionnaire: the browser skips style and layout of sections out of view until they
     come near it (they stay in the DOM, the accessibility tree and find-in-page). The placeholder
     height estimates the section from its number of questions; once rendered, its real height is kept. */
  .questionnaires .section {
    content-visibility: auto;
    contain-intrinsic-block-size: auto calc(var(--_q-count, 10) * 6rem + 3rem);
  }
  .questionnaire-summary h5,
  .questionnaire-summary h6 {
    font-size: 1em;
    line-height: 1.25;
    margin: calc(var(--space) * 0.75) 0 calc(var(--space) * 0.5);
  }
  .questionnaire-summary h6 {
    color: var(--c-muted);
  }
  .choices.scroll {
    max-height: 16rem;
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
    flex: 1 1 12rem;
    width: auto;
  }
  .color-control {
    display: inline-flex;
    align-items: center;
    gap: calc(var(--space) * 0.5);
  }
  .selection-count {
    color: var(--c-muted);
    font-size: 0.9em;
    margin: calc(var(--space) * 0.25) 0;
  }

  @media (min-width: 40rem) {
    .summary {
      grid-template-columns: minmax(8rem, 1fr) 2fr;
    }
    .summary dd {
      margin: 0;
    }
  }
`;

/** The styles of the review's summary lists (part of formStyles, see form-styles.ts). */
import { css } from 'lit';

export const reviewStyles = css`
  .summary {
    margin: 0;
  }
  .summary-row {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: calc(var(--size) * 0.25) calc(var(--size) * 1);
    padding: calc(var(--size) * 0.5) 0;
    border-bottom: 1px solid var(--c-border);
  }
  .summary-row:last-child {
    border-bottom: 0;
  }
  .summary dt {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .summary dd {
    margin: 0;
    color: var(--c-text);
    overflow-wrap: anywhere;
    min-width: 0;
  }
  .summary-text {
    white-space: pre-line;
  }
  .summary-values {
    margin: 0;
    padding-inline-start: 1.25em;
  }
  .summary-empty {
    color: var(--c-muted);
  }
  .summary-missing,
  .summary-problem {
    display: inline-flex;
    align-items: center;
    gap: 0.35em;
    color: var(--c-error);
    font-weight: 600;
  }
  .summary-problem {
    display: flex;
    margin-top: calc(var(--size) * 0.25);
  }
  .summary-icon {
    flex: none;
    width: 1em;
    height: 1em;
  }
  .summary-color {
    display: inline-flex;
    align-items: center;
    gap: 0.5em;
  }
  .summary-color .swatch {
    display: inline-block;
    width: 1.5em;
    height: 1.5em;
    border: 1px solid var(--c-border);
    border-radius: calc(var(--radius) / 2);
  }
  .summary-file-detail {
    color: var(--c-muted);
  }
  .summary-edit {
    color: var(--c-primary);
    font-weight: 600;
  }
  .summary-actions {
    text-align: start;
  }
  .summary-problems {
    list-style: none;
    margin: 0 0 var(--space);
    padding: 0;
    display: grid;
    gap: calc(var(--size) * 0.5);
  }
  .summary-problems li {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    justify-content: space-between;
    gap: calc(var(--size) * 0.25) calc(var(--size) * 1);
  }
  .summary-group + .summary-group {
    margin-top: var(--space);
  }
  .summary-group h5 {
    font-size: 1em;
    margin: calc(var(--space) * 0.75) 0 calc(var(--size) * 0.25);
  }
  @media (min-width: 40rem) {
    .summary-row {
      grid-template-columns: minmax(calc(var(--size) * 8), 1fr) 2fr auto;
    }
    .summary-actions {
      text-align: end;
    }
    /* One set of columns for the whole list, so a row without an Edit link lines up with the others. */
    @supports (grid-template-columns: subgrid) {
      .summary {
        display: grid;
        grid-template-columns: minmax(calc(var(--size) * 8), 1fr) 2fr auto;
        column-gap: calc(var(--size) * 1);
      }
      .summary-row {
        grid-column: 1 / -1;
        grid-template-columns: subgrid;
      }
    }
  }
`;

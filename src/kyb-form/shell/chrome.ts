/**
 * The parts of a step around its body: the step's error summary (after Continue found problems), the
 * save status, and the action row (Back, and one primary action: Continue, "Save and return to review"
 * during a round trip from the review, or Submit on the review).
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg, str } from '@lit/localize';
import type { FieldIssue, SaveState } from '../context.ts';
import { saveStatusText } from './texts.ts';

/**
 * The error summary of one step (GOV.UK: "There is a problem", the count, a link per field; a link
 * moves focus to its field). It receives focus when Continue finds problems.
 */
export function renderStepSummary(
  issues: FieldIssue[],
  onIssue: (issue: FieldIssue) => void,
): TemplateResult | typeof nothing {
  if (issues.length === 0) return nothing;
  return html`<div
    class="error-summary"
    part="error-summary"
    role="alert"
    tabindex="-1"
    id="kyb-error-summary"
    aria-labelledby="kyb-error-summary-title"
  >
    <h4 id="kyb-error-summary-title">${msg('There is a problem')}</h4>
    <p>
      ${
        issues.length === 1
          ? msg('Fix this problem before you continue:')
          : msg(str`Problems to fix before you continue: ${issues.length}`)
      }
    </p>
    <ul>
      ${issues.map(
        (issue) =>
          html`<li>
            <a
              href="#${issue.id}"
              part="error-summary-link"
              @click=${(e: Event) => {
                e.preventDefault();
                onIssue(issue);
              }}
              >${issue.label}: ${issue.message}</a
            >
          </li>`,
      )}
    </ul>
  </div>`;
}

export interface SaveStatusOptions {
  state: SaveState;
  sessionEnded: boolean;
  /** A step has an inline form open whose input is not saved yet. */
  editing: boolean;
  /** The user's changes that cannot be saved as they are (never "All changes saved" while one is there). */
  held: number;
  onRetry: () => void;
}

export function renderSaveStatus(o: SaveStatusOptions): TemplateResult {
  const state = o.sessionEnded
    ? 'error'
    : (o.editing || o.held > 0) && o.state !== 'error'
      ? 'pending'
      : o.state;
  return html`<div class="save-status ${state}" part="save-status">
    <span role="status">${saveStatusText(o.state, o.sessionEnded, o.editing, o.held)}</span>
    ${
      // A retry cannot help while the session has ended: a new token sends the changes.
      o.state === 'error' && !o.sessionEnded
        ? html`<button type="button" class="btn btn-secondary" part="button button-retry" @click=${o.onRetry}>
            ${msg('Retry saving')}
          </button>`
        : nothing
    }
  </div>`;
}

export interface NavOptions {
  back: (() => void) | null;
  /** Continue, or null on the last step. */
  next: (() => void) | null;
  /** A round trip from the review: the primary action reads "Save and return to review". */
  returning?: boolean;
  /** Whether Continue is waiting (checking a step whose data or code is still loading). */
  busy: boolean;
  /** Submit on the review step (in the same row as Back), or null. */
  submit: { sending: boolean; retry: boolean; onSubmit: () => void } | null;
}

export function renderNav(o: NavOptions): TemplateResult {
  const submit = o.submit;
  return html`<div class="nav" part="nav">
    ${
      o.back
        ? html`<button
            type="button"
            class="btn btn-secondary"
            part="button button-secondary button-back"
            @click=${o.back}
          >
            ${msg('Back')}
          </button>`
        : nothing
    }
    <span class="spacer"></span>
    ${
      o.next
        ? html`<button
            type="button"
            class="btn btn-primary"
            part="button button-primary button-next${o.returning ? ' button-return' : ''}"
            aria-disabled=${o.busy ? 'true' : 'false'}
            @click=${o.next}
          >
            ${o.returning ? msg('Save and return to review') : msg('Continue')}
          </button>`
        : nothing
    }
    ${
      submit
        ? html`<button
            type="button"
            class="btn btn-primary"
            part="button button-primary button-submit"
            aria-disabled=${submit.sending ? 'true' : 'false'}
            @click=${() => {
              if (!submit.sending) submit.onSubmit();
            }}
          >
            ${
              submit.sending ? msg('Submitting…') : submit.retry ? msg('Try submitting again') : msg('Submit')
            }
          </button>`
        : nothing
    }
  </div>`;
}

/**
 * The parts of a step around its body: the step's error summary (after Continue found problems), the
 * save status, and the action row (Back, and one primary action: Continue, "Save and return to review"
 * during a round trip from the review, or Submit on the review).
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg, str } from '@lit/localize';
import type { FieldIssue, SaveState } from '../context.ts';
import { reviewLoaded } from '../chunks.ts';
import type { SessionWarning } from '../runtime/session.ts';
import { saveStatusText } from './texts.ts';

/**
 * The error summary of one step (GOV.UK: "There is a problem", the count, a link per field; a link
 * moves focus to its field). It receives focus when Continue finds problems, and that focus is its one
 * announcement (its name, the heading, and its description, the count): it is not a live region, so a
 * corrected field, which shortens the list, is not read out again, and the fields' own errors are not
 * alerts either (each is read with its field, through `aria-describedby`).
 */
export function renderStepSummary(
  issues: FieldIssue[],
  onIssue: (issue: FieldIssue) => void,
): TemplateResult | typeof nothing {
  if (issues.length === 0) return nothing;
  return html`<div
    class="error-summary"
    part="error-summary"
    role="group"
    tabindex="-1"
    id="kyb-error-summary"
    aria-labelledby="kyb-error-summary-title"
    aria-describedby="kyb-error-summary-count"
  >
    <h4 id="kyb-error-summary-title">${msg('There is a problem')}</h4>
    <p id="kyb-error-summary-count">
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
  /** What the live region says: only a change of meaning (see `SaveAnnouncer` in saves.ts). */
  announcement: string;
  onRetry: () => void;
}

export function renderSaveStatus(o: SaveStatusOptions): TemplateResult {
  const state = o.sessionEnded
    ? 'error'
    : (o.editing || o.held > 0) && o.state !== 'error'
      ? 'pending'
      : o.state;
  // The visible line follows every edit; the polite live region beside it speaks only when the meaning
  // changes (a failure once, saved again after it, the session's end).
  return html`<p class="visually-hidden" role="status" part="save-announcer">${o.announcement}</p>
    <div class="save-status ${state}" part="save-status">
      <span class="save-status-text">${saveStatusText(o.state, o.sessionEnded, o.editing, o.held)}</span>
      ${
        // A retry cannot help while the session has ended: a new token sends the changes.
        o.state === 'error' && !o.sessionEnded
          ? html`<button
              type="button"
              class="btn btn-secondary"
              part="button button-retry"
              @click=${o.onRetry}
            >
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

export interface SessionWarningOptions {
  /** The warning to show (runtime/session.ts), or null. */
  warning: SessionWarning | null;
  locale: string;
  onExtend: () => void;
}

/**
 * The warning before the session ends (WCAG 2.2.1). Its polite live region is always there (empty until
 * the warning comes), so the warning is read once as it appears; its content (session-warning.ts) is in
 * the review chunk, which loads after the first screen (view.ts asks for it when a warning is due).
 */
export function renderSessionWarning(o: SessionWarningOptions): TemplateResult {
  const parts = o.warning ? (reviewLoaded()?.sessionWarning(o.warning, o.locale, o.onExtend) ?? null) : null;
  return html`<div role="status" class="session-live">${parts?.text ?? nothing}</div>
    ${parts?.button ?? nothing}`;
}

/**
 * The review/submit step: a summary of every step, the error summary (one list of problems whose
 * links switch to the step and focus the field) and the submit button. Pure rendering: the shell owns
 * the submit lifecycle and passes callbacks.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg, str } from '@lit/localize';
import type { FieldIssue, StepId } from '../context.ts';
import { foldWhenLong, renderToggle } from './collapse.ts';
import { editLinkClick } from './summary-list.ts';

export interface ReviewSection {
  step: StepId;
  title: string;
  /** Problems of the step (all of them, shown after a submit attempt). */
  issues: FieldIssue[];
  /** What was entered, or null when the step has no summary. */
  summary: TemplateResult | null;
  /** Whether the step's data is still loading. */
  loading?: boolean;
}

/** A problem the service reported on submit (400 VALIDATION_ERROR `fields`). */
export interface ServerIssue {
  /** The field path as the service sent it. */
  path: string;
  message: string;
  /** A field to focus, when the path maps to one the form shows. */
  target?: FieldIssue | undefined;
}

export interface ReviewOptions {
  sections: ReviewSection[];
  readOnly: boolean;
  submitted: boolean;
  sending: boolean;
  submitAttempted: boolean;
  serverIssues: ServerIssue[];
  /** A submit failure that is not about fields (network, service), already localized. */
  submitError: string | null;
  /** Whether retrying the submit may help. */
  canRetry: boolean;
  onSubmit: () => void;
  /** The shell renders Submit in its own action row (beside Back): the review does not render one. */
  submitInNav?: boolean;
  /** An Edit of the review: the section's button (`edit` null) or a row's link (`edit`: its target id). */
  onEdit: (step: StepId, edit: string | null) => void;
  onIssue: (issue: FieldIssue) => void;
}

/** The visible name of a section's Edit button ("Edit company details"): unique, and its accessible name. */
export function sectionEditText(step: StepId): string {
  switch (step) {
    case 'company':
      return msg('Edit company details');
    case 'beneficiaries':
      return msg('Edit people and owners');
    case 'documents':
      return msg('Edit company documents');
    case 'questionnaires':
      return msg('Edit questionnaire answers');
    case 'review':
      return msg('Edit');
  }
}

/** The error summary: heading and a list of links to the fields. */
export function renderErrorSummary(
  issues: FieldIssue[],
  serverIssues: ServerIssue[],
  onIssue: (issue: FieldIssue) => void,
): TemplateResult | typeof nothing {
  if (issues.length === 0 && serverIssues.length === 0) return nothing;
  const count = issues.length + serverIssues.length;
  const link = (issue: FieldIssue, text: string) =>
    html`<a
      href="#${issue.id}"
      part="error-summary-link"
      @click=${(e: Event) => {
        e.preventDefault();
        onIssue(issue);
      }}
      >${text}</a
    >`;
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
        count === 1
          ? msg('Fix this problem before you submit:')
          : msg(str`Problems to fix before you submit: ${count}`)
      }
    </p>
    <ul>
      ${issues.map((i) => html`<li>${link(i, `${i.label}: ${i.message}`)}</li>`)}
      ${serverIssues.map((s) =>
        s.target
          ? html`<li>${link(s.target, `${s.target.label}: ${s.message}`)}</li>`
          : html`<li>${s.path ? `${s.path}: ` : ''}${s.message}</li>`,
      )}
    </ul>
  </div>`;
}

export function renderReview(o: ReviewOptions): TemplateResult {
  const issues = o.sections.flatMap((s) => s.issues);
  const showSummary = o.submitAttempted && !o.submitted;
  const edit = (e: Event) => editLinkClick(e, (target) => o.onEdit(target.step, target.id));
  return html`<div class="step-body" part="review" @click=${edit}>
    ${showSummary ? renderErrorSummary(issues, o.serverIssues, o.onIssue) : nothing}
    ${
      o.submitted
        ? nothing
        : html`<p class="step-description">${msg('Check your answers, then submit them for review.')}</p>`
    }
    ${o.sections.map(
      (s) =>
        html`<section
          class="card"
          part="review-section"
          aria-labelledby="kyb-review-${s.step}"
          ${foldWhenLong(!o.readOnly && s.issues.length > 0)}
        >
          <div class="review-section-head">
            <h4 id="kyb-review-${s.step}">${s.title}</h4>
            ${renderToggle(s.step, s.title)}
            ${
              o.readOnly
                ? nothing
                : html`<button
                    type="button"
                    class="btn btn-secondary"
                    part="button button-edit"
                    id="kyb-review-edit-${s.step}"
                    @click=${() => o.onEdit(s.step, null)}
                  >
                    ${sectionEditText(s.step)}
                  </button>`
            }
          </div>
          <div class="review-body" id="kyb-review-body-${s.step}">
            ${
              s.loading
                ? html`<div class="skeleton" part="skeleton"></div>`
                : html`${
                    o.readOnly || s.issues.length === 0
                      ? nothing
                      : html`<p class="chip warning">
                          ${
                            s.issues.length === 1
                              ? msg('1 item needs attention')
                              : msg(str`Items that need attention: ${s.issues.length}`)
                          }
                        </p>`
                  }
                  ${s.summary ?? nothing}`
            }
          </div>
        </section>`,
    )}
    ${
      o.submitError
        ? html`<div class="status error" part="submit-error" role="alert">
            <p>${o.submitError}</p>
          </div>`
        : nothing
    }
    ${
      o.readOnly || o.submitInNav
        ? nothing
        : html`<div class="nav">
            <span class="spacer"></span>
            <button
              type="button"
              class="btn btn-primary"
              part="button button-primary button-submit"
              aria-disabled=${o.sending ? 'true' : 'false'}
              @click=${() => {
                if (!o.sending) o.onSubmit();
              }}
            >
              ${o.sending ? msg('Submitting…') : o.canRetry ? msg('Try submitting again') : msg('Submit')}
            </button>
          </div>`
    }
  </div>`;
}

export { renderSummaryList } from './summary-list.ts';
export type { SummaryRow, SummaryValue, EditTarget } from './summary-list.ts';

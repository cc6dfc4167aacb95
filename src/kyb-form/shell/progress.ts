/**
 * The progress navigation: "Step n of m" and the list of steps. A step that cannot open yet is shown
 * disabled (`aria-disabled`, still focusable) and described by the reason. On a narrow form (a container
 * query on the nav) the list folds behind a "Show all steps" button beside "Step 2 of 5 · People and
 * owners". Until the number of steps is known the nav is a placeholder of the same height.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg, str } from '@lit/localize';
import type { StepId } from '../context.ts';

export interface ProgressOptions {
  steps: StepId[];
  current: StepId;
  /** Whether the list of steps is final; until then a placeholder shows. */
  known: boolean;
  title: (step: StepId) => string;
  canOpen: (step: StepId) => boolean;
  /** Why the disabled steps cannot open yet. */
  reason: string;
  /** Whether the list is unfolded on a narrow form. */
  open: boolean;
  onToggle: () => void;
  onGo: (step: StepId) => void;
}

export function renderProgress(o: ProgressOptions): TemplateResult {
  const index = o.steps.indexOf(o.current) + 1;
  // The number of steps is not known yet (a new form's questionnaires are listed once the company is
  // saved): the step says where the person is, without a total that could change.
  if (!o.known)
    return html`<div class="progress" part="progress">
      <div class="progress-head">
        <p class="progress-text" part="progress-text">
          ${msg(str`Step ${index}`)}<span class="progress-current"> · ${o.title(o.current)}</span>
        </p>
      </div>
    </div>`;
  const anyClosed = o.steps.some((s) => !o.canOpen(s));
  return html`<nav class="progress ${o.open ? 'open' : ''}" part="progress" aria-label=${msg('Progress')}>
    <div class="progress-head">
      <p class="progress-text" part="progress-text">
        ${msg(str`Step ${index} of ${o.steps.length}`)}<span class="progress-current">
          · ${o.title(o.current)}</span
        >
      </p>
      <button
        type="button"
        class="progress-toggle"
        part="button progress-toggle"
        aria-expanded=${o.open ? 'true' : 'false'}
        aria-controls="kyb-progress-list"
        @click=${o.onToggle}
      >
        ${msg('All steps')}
      </button>
    </div>
    <div class="progress-list" id="kyb-progress-list">
      <ol>
        ${o.steps.map((step) => {
          const closed = !o.canOpen(step);
          return html`<li>
            <button
              type="button"
              part="progress-step button"
              aria-current=${step === o.current ? 'step' : nothing}
              aria-disabled=${closed ? 'true' : nothing}
              aria-describedby=${closed ? 'kyb-progress-reason' : nothing}
              @click=${() => {
                if (!closed) o.onGo(step);
              }}
            >
              ${o.title(step)}
            </button>
          </li>`;
        })}
      </ol>
      ${
        anyClosed
          ? html`<p class="progress-reason" part="progress-reason" id="kyb-progress-reason">${o.reason}</p>`
          : nothing
      }
    </div>
  </nav>`;
}

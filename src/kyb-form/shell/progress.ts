/**
 * The progress navigation: "Step n of m" and the list of steps. A step that cannot open yet is shown
 * disabled (`aria-disabled`, still focusable) and described by the reason. On a narrow screen (a media
 * query) the list folds behind an "All steps" button beside "Step 2 of 5 · People and owners". Until the
 * number of steps is known the text has no total and the list holds the steps known so far (see
 * renderProgress).
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg, str } from '@lit/localize';
import type { StepId } from '../context.ts';

export interface ProgressOptions {
  steps: StepId[];
  current: StepId;
  /** Whether the list of steps is final; until then the text has no total. */
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
  // Until the number of steps is known (a new form's questionnaires are listed once the company is
  // saved, a returning one's right after the first screen), the text says where the person is without a
  // total that could change, and the list shows the steps known so far: the same boxes as the final
  // progress. The text with the total so far is laid out under it, unseen, so that the line (which may
  // wrap on a narrow form) already has its final size: nothing below moves when the total arrives.
  const total = msg(str`Step ${index} of ${o.steps.length}`);
  const current = html`<span class="progress-current"> · ${o.title(o.current)}</span>`;
  const anyClosed = o.steps.some((s) => !o.canOpen(s));
  return html`<nav class="progress ${o.open ? 'open' : ''}" part="progress" aria-label=${msg('Progress')}>
    <div class="progress-head">
      <div class="progress-where">
        <p class="progress-text" part="progress-text">
          ${o.known ? total : msg(str`Step ${index}`)}${current}
        </p>
        ${o.known ? nothing : html`<p class="progress-text progress-reserve" aria-hidden="true">${total}${current}</p>`}
      </div>
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

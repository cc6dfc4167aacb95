/**
 * One step on screen: the progress, the heading, the step's error summary (after Continue found
 * problems; it goes away as they are fixed), the body, the save status and the action row.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { FieldIssue, SaveState, StepId } from '../context.ts';
import { canOpen, type KybState } from '../form-reducer.ts';
import type { SessionWarning } from '../runtime/session.ts';
import { renderNav, renderSaveStatus, renderSessionWarning, renderStepSummary } from './chrome.ts';
import { renderProgress } from './progress.ts';
import { progressReason, stepTitle } from './texts.ts';

export interface StepViewOptions {
  state: KybState;
  hasForm: boolean;
  body: TemplateResult;
  /** Shown above the body (the information request, on the first screen of a form sent back). */
  notice?: TemplateResult | null;
  issues: FieldIssue[];
  saveState: SaveState;
  editing: boolean;
  /** The user's changes that cannot be saved as they are. */
  held: number;
  /** The save status's live-region text (changes of meaning only). */
  announcement: string;
  /** The warning before the session ends (none once it has ended: the save status says so). */
  sessionWarning: SessionWarning | null;
  locale: string;
  onExtendSession: () => void;
  checking: boolean;
  progressOpen: boolean;
  onToggleProgress: () => void;
  onGo: (step: StepId, focus?: { id: string }) => void;
  onBack: () => void;
  onNext: () => void;
  onSubmit: () => void;
  onRetrySaves: () => void;
}

export function renderStepView(o: StepViewOptions): TemplateResult {
  const s = o.state;
  const step = s.current;
  const review = step === 'review';
  return html`${renderProgress({
      steps: s.steps,
      current: step,
      known: s.stepsKnown,
      title: stepTitle,
      canOpen: (target) => canOpen(s, target),
      reason: progressReason(o.hasForm),
      open: o.progressOpen,
      onToggle: o.onToggleProgress,
      onGo: (target) => o.onGo(target),
    })}
    <section class="step" part="step" aria-labelledby="kyb-step-heading">
      <h3 class="step-heading" part="step-heading" id="kyb-step-heading" tabindex="-1">${stepTitle(step)}</h3>
      ${o.notice ?? nothing}
      ${renderSessionWarning({
        warning: s.sessionEnded ? null : o.sessionWarning,
        locale: o.locale,
        onExtend: o.onExtendSession,
      })}
      ${renderStepSummary(o.issues, (issue) => o.onGo(issue.step, { id: issue.id }))} ${o.body}
      ${renderSaveStatus({
        state: o.saveState,
        sessionEnded: s.sessionEnded,
        editing: o.editing,
        held: o.held,
        announcement: o.announcement,
        onRetry: o.onRetrySaves,
      })}
      ${renderNav({
        back: s.steps.indexOf(step) > 0 ? o.onBack : null,
        next: review ? null : o.onNext,
        returning: s.roundTrip?.step === step,
        busy: o.checking,
        submit: review
          ? {
              sending: s.submit === 'sending' || s.submit === 'verifying',
              retry: s.submit === 'failed',
              onSubmit: o.onSubmit,
            }
          : null,
      })}
    </section>`;
}

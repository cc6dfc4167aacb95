/**
 * What `<kyb-form>` shows under its header, from its runtime: the loading, error and submitted screens,
 * or the current step (its body from its controller, a placeholder while its data or code is on its way)
 * and the review, whose code (the review chunk) loads after the first screen or at once when it opens.
 */
import type { TemplateResult } from 'lit';
import { msg } from '@lit/localize';
import { reviewLoaded } from '../chunks.ts';
import type { ShellContext, StepId } from '../context.ts';
import type { Focus } from '../runtime/rules.ts';
import type { KybRuntime } from '../runtime/runtime.ts';
import { errorInfo, isSubmittedStatus } from '../form-reducer.ts';
import { renderError, renderObjectsError, renderSkeleton, renderSubmitted } from './frame.ts';
import { announcerOf } from './saves.ts';
import { renderStepView } from './step-view.ts';

const noop = () => {};

/** Focuses what a step change or a check asked for, once rendered: the step's heading, its summary, or a field. */
export function moveFocus(root: ShadowRoot, focus: Focus): void {
  let el: HTMLElement | null = null;
  if (focus === 'heading') el = root.querySelector<HTMLElement>('#kyb-step-heading');
  else if (focus === 'summary') el = root.querySelector<HTMLElement>('#kyb-error-summary');
  else {
    const edit = focus.edit;
    if (edit !== undefined)
      el =
        [...root.querySelectorAll<HTMLElement>('[data-edit-id]')].find((a) => a.dataset.editId === edit) ??
        null;
    el ??= root.getElementById(focus.id);
    // A folded review section opens first (a round trip coming back to one of its rows).
    if (el) reviewLoaded()?.unfold(el);
  }
  el?.focus();
}

function renderStepBody(rt: KybRuntime, step: StepId, ctx: ShellContext): TemplateResult {
  if (step === 'company') return rt.company!.render(ctx);
  if (step === 'review') return renderReview(rt, ctx, false);
  const objects = rt.objects;
  const controller = objects?.steps[step];
  if (controller) return controller.render(ctx);
  const error = objects?.error ?? rt.objectsFailed;
  if (error) return renderObjectsError(error, () => (objects ? objects.retry() : rt.retryObjects()));
  // The company is being saved (the form is created), or the step's data or code is on its way.
  return renderSkeleton(
    rt.formId ? msg('Loading…') : msg('Saving the company details; this step opens when they are saved.'),
  );
}

function renderReview(rt: KybRuntime, ctx: ShellContext, readOnly: boolean): TemplateResult {
  const loaded = reviewLoaded();
  if (!loaded) {
    const failed = rt.reviewError;
    if (failed)
      return renderObjectsError(failed, () => {
        rt.reviewError = null;
        rt.host.requestUpdate();
      });
    void rt.loadReview().then(
      () => rt.host.requestUpdate(),
      (err: unknown) => {
        rt.reviewError = errorInfo(err);
        rt.host.requestUpdate();
      },
    );
    return renderSkeleton(msg('Loading…'));
  }
  const { state, note } = rt.snapshot;
  return loaded.renderReviewView(
    {
      state,
      company: rt.company!,
      controller: (step) => rt.controller(step),
      loading: !!rt.formId && !rt.objects?.error && !rt.objectsFailed,
      note,
      readOnly,
      onSubmit: () => rt.submit(),
      onGo: (step, focus) => rt.go(step, focus),
      onEdit: (step, edit) => rt.nav.go(step, edit ? { id: edit } : 'heading', { edit }),
    },
    ctx,
  );
}

export function renderBody(rt: KybRuntime): TemplateResult {
  const snap = rt.snapshot;
  const s = snap.state;
  rt.adoptReviewStyles();
  if (s.phase === 'error' && s.error) return renderError(s.error, () => void rt.reload());
  if (s.phase !== 'ready' || !rt.company) return renderSkeleton(msg('Loading the form…'));
  const ctx = rt.ctx();
  if (isSubmittedStatus(s.formStatus)) return renderSubmitted(renderReview(rt, ctx, true));
  const step = s.current;
  const warning = rt.session.warning;
  // The warning's and the information request's content are in the review chunk (it loads after the first
  // screen, or before it for a form sent back): ask for it if due.
  const infoRequest = s.infoRequested && step === 'company';
  const review = reviewLoaded();
  if ((warning || infoRequest) && !review) void rt.loadReview().then(() => rt.host.requestUpdate(), noop);
  // The step's own summary after Continue found problems (live: it goes away as they are fixed).
  const checked = step !== 'review' && s.checkedSteps.includes(step);
  return renderStepView({
    state: s,
    hasForm: !!snap.formId,
    body: renderStepBody(rt, step, ctx),
    notice: infoRequest && review ? review.renderInfoRequest(rt.host.infoRequestMessage) : null,
    issues: checked ? (rt.controller(step)?.validate(ctx) ?? []) : [],
    saveState: snap.saveState,
    editing: rt.controllers().some((c) => c.editing === true),
    held: rt.controllers().reduce((n, c) => n + (c.held ?? 0), 0),
    announcement: announcerOf(rt).text(snap.saveState, s.sessionEnded),
    sessionWarning: warning,
    locale: snap.locale,
    onExtendSession: () => rt.session.extend(),
    checking: snap.checking,
    progressOpen: snap.progressOpen,
    onToggleProgress: () => rt.toggleProgress(),
    onGo: (target, focus) => rt.go(target, focus),
    onBack: () => rt.back(),
    onNext: () => void rt.next(),
    onSubmit: () => rt.submit(),
    onRetrySaves: () => rt.retry(),
  });
}

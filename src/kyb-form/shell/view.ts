/**
 * What `<kyb-form>` shows under its header: the loading, error and submitted screens, or the current
 * step (its body from its controller, a placeholder while its data or code is on its way) and the
 * review, whose code (the later chunk) loads after the first screen or at once when it opens.
 */
import type { LitElement, TemplateResult } from 'lit';
import { msg } from '@lit/localize';
import type { CompanyStep } from '../company/controller.ts';
import type { ShellContext, SaveState, StepController, StepId } from '../context.ts';
import { errorInfo, isSubmittedStatus, type ErrorInfo } from '../state.ts';
import { renderError, renderObjectsError, renderSkeleton, renderSubmitted } from './frame.ts';
import type { Navigation } from './navigation.ts';
import type { FormObjects, ObjectsHost } from './objects.ts';
import { addStyles } from '../../theme/style-nonce.ts';
import { laterLoaded, loadLater, type Later, type Screens } from './screens.ts';
import { loadObjects } from './steps.ts';
import { renderStepView } from './step-view.ts';
import { whenIdle } from '../../api/load-chunk.ts';
import type { SubmitHost } from './submit.ts';

/** What the view uses of the element: functions over its private members (and the review's load error). */
const noop = () => undefined;

export interface ViewHost extends SubmitHost, ObjectsHost {
  readonly el: LitElement;
  company(): CompanyStep | null;
  objects(): FormObjects | null;
  objectsReady(): Promise<FormObjects | null>;
  /** Why the objects' code could not be downloaded (shown with "Try again": `retryObjects`). */
  objectsFailed(): ErrorInfo | null;
  retryObjects(): void;
  screens(): Screens | null;
  controller(step: StepId): StepController<ShellContext> | undefined;
  note(): 'save-failed' | 'unconfirmed' | null;
  saveState(): SaveState;
  checking(): boolean;
  progressOpen(): boolean;
  toggleProgress(): void;
  nav(): Navigation;
  retrySaves(): void;
  reload(): void;
  /** Why the review's code could not load (shown with "Try again"). */
  laterError: ErrorInfo | null;
}

/**
 * Adds the later styles once their chunk is here (before a step that uses them renders), after the
 * company step's (which come with the first screen).
 */
export function adoptLater(h: ViewHost): void {
  const later = laterLoaded();
  if (later && h.screens()) addStyles(h.el, later.laterStyles);
}

/** The later chunk (review, submit, later styles), its styles added to the element. */
export function later(h: ViewHost): Promise<Later> {
  return loadLater().then((m) => {
    adoptLater(h);
    return m;
  });
}

/**
 * The review, the submit and the later styles, and the objects' code (a new form needs it once the
 * company is saved): a second after the first screen rendered, when the browser is idle (the review is several steps away; another element on the page keeps the link for its
 * own first screen meanwhile). Skipped when the load `generation` is no longer the current one; `cancel`
 * receives what stops it.
 */
export function prefetchLater(h: ViewHost, generation: number, cancel: (stop: () => void) => void): void {
  void h.updateComplete().then(() => {
    if (generation !== h.state().generation) return;
    const timer = setTimeout(() => {
      cancel(
        whenIdle(() => {
          void later(h).catch(noop);
          void loadObjects().catch(noop);
        }),
      );
    }, 1000);
    cancel(() => clearTimeout(timer));
  });
}

/** Focuses what a step change or a check asked for, once rendered: the step's heading, its summary, or a field. */
export function moveFocus(root: ShadowRoot, focus: 'heading' | 'summary' | { id: string }): void {
  let el: HTMLElement | null = null;
  if (focus === 'heading') el = root.querySelector<HTMLElement>('#kyb-step-heading');
  else if (focus === 'summary') el = root.querySelector<HTMLElement>('#kyb-error-summary');
  else el = root.getElementById(focus.id);
  el?.focus();
}

export function submit(h: ViewHost): void {
  void later(h).then(
    (m) => m.submitForm(h),
    (err: unknown) => {
      const info = errorInfo(err);
      h.emitError(info.cause, info);
    },
  );
}

function renderStepBody(h: ViewHost, step: StepId, ctx: ShellContext): TemplateResult {
  if (step === 'company') return h.company()!.render(ctx);
  if (step === 'review') return renderReview(h, ctx, false);
  const objects = h.objects();
  const controller = objects?.steps[step];
  if (controller) return controller.render(ctx);
  const error = objects?.error ?? h.objectsFailed();
  if (error) return renderObjectsError(error, () => (objects ? objects.retry() : h.retryObjects()));
  // The company is being saved (the form is created), or the step's data or code is on its way.
  return renderSkeleton(
    h.formId() ? msg('Loading…') : msg('Saving the company details; this step opens when they are saved.'),
  );
}

function renderReview(h: ViewHost, ctx: ShellContext, readOnly: boolean): TemplateResult {
  const loaded = laterLoaded();
  if (!loaded) {
    const failed = h.laterError;
    if (failed)
      return renderObjectsError(failed, () => {
        h.laterError = null;
        h.requestUpdate();
      });
    void later(h).then(
      () => h.requestUpdate(),
      (err: unknown) => {
        h.laterError = errorInfo(err);
        h.requestUpdate();
      },
    );
    return renderSkeleton(msg('Loading…'));
  }
  return loaded.renderReviewView(
    {
      state: h.state(),
      company: h.company()!,
      controller: h.controller,
      loading: !!h.formId() && !h.objects()?.error && !h.objectsFailed(),
      note: h.note(),
      readOnly,
      onSubmit: () => submit(h),
      onGo: (step, focus) => h.nav().go(step, focus),
    },
    ctx,
  );
}

export function renderBody(h: ViewHost): TemplateResult {
  const s = h.state();
  adoptLater(h);
  if (s.phase === 'error' && s.error) return renderError(s.error, () => h.reload());
  if (s.phase !== 'ready' || !h.company()) return renderSkeleton(msg('Loading the form…'));
  const ctx = h.ctx();
  if (isSubmittedStatus(s.formStatus)) return renderSubmitted(renderReview(h, ctx, true));
  const step = s.current;
  // The step's own summary after Continue found problems (live: it goes away as they are fixed).
  const checked = step !== 'review' && s.checkedSteps.includes(step);
  const nav = h.nav();
  return renderStepView({
    state: s,
    hasForm: !!h.formId(),
    body: renderStepBody(h, step, ctx),
    issues: checked ? (h.controller(step)?.validate(ctx) ?? []) : [],
    saveState: h.saveState(),
    editing: h.controllers().some((c) => c.editing === true),
    held: h.controllers().reduce((n, c) => n + (c.held ?? 0), 0),
    checking: h.checking(),
    progressOpen: h.progressOpen(),
    onToggleProgress: h.toggleProgress,
    onGo: (target, focus) => nav.go(target, focus),
    onBack: () => nav.back(),
    onNext: () => void nav.next(),
    onSubmit: () => submit(h),
    onRetrySaves: h.retrySaves,
  });
}

/**
 * Moving between steps. Continue checks the step first (GOV.UK): with problems it stays, shows them in
 * the step's summary and focuses it. A step whose data or code is still loading is waited for, and so
 * is the number of steps, so Continue never skips a step that appears meanwhile. Back never checks; the
 * progress opens the steps `canOpen` allows. Leaving the company step sends what is pending there.
 */
import type { CompanyStep } from '../company/controller.ts';
import type { ShellContext, StepController, StepId } from '../context.ts';
import { canOpen, type KybAction, type KybState } from '../state.ts';
import type { FormObjects } from './objects.ts';
import { isLazyStep } from './steps.ts';

export interface NavigationHost {
  state(): KybState;
  dispatch(action: KybAction): void;
  setFocus(focus: 'heading' | 'summary' | { id: string }): void;
  company(): CompanyStep | null;
  objects(): FormObjects | null;
  /** Settles with the objects once their code is here (null when there are none). */
  objectsReady(): Promise<FormObjects | null>;
  formId(): string | null;
  controller(step: StepId): StepController<ShellContext> | undefined;
  ctx(): ShellContext;
  /** Continue is waiting (its button shows `aria-disabled`). */
  setChecking(checking: boolean): void;
  requestUpdate(): void;
}

const noop = () => undefined;

export class Navigation {
  readonly #host: NavigationHost;
  #checking = false;

  constructor(host: NavigationHost) {
    this.#host = host;
  }

  #leaving() {
    if (this.#host.state().current === 'company') void this.#host.company()?.save().catch(noop);
  }

  #arrived() {
    const step = this.#host.state().current;
    if (!isLazyStep(step)) return;
    // The objects' code may still be on its way (a form just created): then once it is here.
    const objects = this.#host.objects();
    if (objects) void objects.ensureModule(step).catch(noop);
    else void this.#host.objectsReady().then((o) => o?.ensureModule(step).catch(noop));
  }

  go(step: StepId, focus: 'heading' | { id: string } = 'heading'): void {
    const host = this.#host;
    if (step === host.state().current && focus === 'heading') return;
    if (!canOpen(host.state(), step)) return;
    host.setFocus(focus);
    host.requestUpdate();
    this.#leaving();
    host.dispatch({ type: 'go', step });
    this.#arrived();
  }

  back(): void {
    this.#leaving();
    this.#host.dispatch({ type: 'back' });
    this.#host.setFocus('heading');
    this.#arrived();
  }

  async next(): Promise<void> {
    const host = this.#host;
    if (this.#checking) return;
    const { generation, current } = host.state();
    this.#leaving();
    this.#checking = true;
    host.setChecking(true);
    try {
      const company = host.company();
      // The form is being created: its id opens the next steps (and tells how many there are).
      if (current === 'company' && company && !host.formId() && company.saveState === 'saving')
        await company.save().catch(noop);
      const objects = host.objects() ?? (host.formId() ? await host.objectsReady() : null);
      const controller =
        objects && current !== 'company' && !objects.error
          ? await objects.ensureStep(current)
          : host.controller(current);
      if (!host.state().stepsKnown && objects) await objects.stepsKnown;
      const now = host.state();
      if (generation !== now.generation || current !== now.current) return;
      const ok = !controller || controller.validate(host.ctx()).length === 0;
      host.dispatch({ type: 'next', ok });
      host.setFocus(ok ? 'heading' : 'summary');
      if (ok) this.#arrived();
    } finally {
      this.#checking = false;
      host.setChecking(false);
    }
  }
}

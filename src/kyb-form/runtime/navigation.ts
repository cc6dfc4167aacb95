/**
 * Moving between steps. Continue checks the step first (GOV.UK): with problems it stays, shows them in
 * the step's summary and focuses it. A step whose data or code is still loading is waited for, and so
 * is the number of steps, so Continue never skips a step that appears meanwhile. Back never checks; the
 * progress opens the steps `canOpen` allows. Leaving the company step sends what is pending there.
 */
import { isObjectStep } from '../chunks.ts';
import type { StepId } from '../context.ts';
import { canOpen } from '../form-reducer.ts';
import type { KybRuntime } from './runtime.ts';

const noop = () => undefined;

export class Navigation {
  readonly #rt: KybRuntime;
  #checking = false;

  constructor(runtime: KybRuntime) {
    this.#rt = runtime;
  }

  #leaving() {
    if (this.#rt.state.current === 'company') void this.#rt.company?.save().catch(noop);
  }

  #arrived() {
    const step = this.#rt.state.current;
    if (!isObjectStep(step)) return;
    // The objects' code may still be on its way (a form just created): then once it is here.
    const objects = this.#rt.objects;
    if (objects) void objects.ensureModule(step).catch(noop);
    else void this.#rt.objectsReady.then((o) => o?.ensureModule(step).catch(noop));
  }

  go(step: StepId, focus: 'heading' | { id: string } = 'heading'): void {
    const rt = this.#rt;
    if (step === rt.state.current && focus === 'heading') return;
    if (!canOpen(rt.state, step)) return;
    rt.setFocus(focus);
    rt.host.requestUpdate();
    this.#leaving();
    rt.dispatch({ type: 'go', step });
    this.#arrived();
  }

  back(): void {
    this.#leaving();
    this.#rt.dispatch({ type: 'back' });
    this.#rt.setFocus('heading');
    this.#arrived();
  }

  async next(): Promise<void> {
    const rt = this.#rt;
    if (this.#checking) return;
    const { generation, current } = rt.state;
    this.#leaving();
    this.#checking = true;
    rt.setChecking(true);
    try {
      const company = rt.company;
      // The form is being created: its id opens the next steps (and tells how many there are).
      if (current === 'company' && company && !rt.formId && company.saveState === 'saving')
        await company.save().catch(noop);
      const objects = rt.objects ?? (rt.formId ? await rt.objectsReady : null);
      const controller =
        objects && current !== 'company' && !objects.error
          ? await objects.ensureStep(current)
          : rt.controller(current);
      if (!rt.state.stepsKnown && objects) await objects.stepsKnown;
      const now = rt.state;
      if (generation !== now.generation || current !== now.current) return;
      const ok = !controller || controller.validate(rt.ctx()).length === 0;
      rt.dispatch({ type: 'next', ok });
      rt.setFocus(ok ? 'heading' : 'summary');
      if (ok) this.#arrived();
    } finally {
      this.#checking = false;
      rt.setChecking(false);
    }
  }
}

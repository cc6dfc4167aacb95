/**
 * Moving between steps. Continue checks the step first (GOV.UK): with problems it stays, shows them in
 * the step's summary and focuses it. A step whose data or code is still loading is waited for, and so
 * is the number of steps, so Continue never skips a step that appears meanwhile. Back never checks; the
 * progress opens the steps `canOpen` allows. Leaving the company step sends what is pending there.
 *
 * An Edit of the review starts a round trip (GOV.UK check your answers): the step opens on the field
 * itself (a step that hides it, a beneficiary's closed card, opens it first through the controller's
 * `reveal`), and its primary action is "Save and return to review": it checks the step like Continue,
 * sends what an open inline form holds, and goes straight back to the review, focus on the row or
 * section edited. Leaving the step by the progress or Back ends the round trip (form-reducer.ts).
 */
import { isObjectStep } from '../chunks.ts';
import type { StepId } from '../context.ts';
import type { ShellContext } from '../context.ts';
import { canOpen, type RoundTrip } from '../form-reducer.ts';
import type { Focus } from './rules.ts';
import type { KybRuntime } from './runtime.ts';

const noop = () => undefined;

/** A step that can open what holds a field first (a beneficiary's card): returns the id to focus. */
interface Revealing {
  reveal?: (ctx: ShellContext, id: string) => string | null;
}

/** What takes the focus back in the review at the end of a round trip: the row's Edit link or the section's. */
export const returnFocus = (trip: RoundTrip): Focus =>
  trip.edit === null
    ? { id: `kyb-review-edit-${trip.step}` }
    : { edit: trip.edit, id: `kyb-review-edit-${trip.step}` };

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

  /**
   * Opens a step (the progress, a summary link). `fromReview`: an Edit of the review, which starts a
   * round trip (`edit`: the row's target, focused again on return; null: the section's button).
   */
  go(
    step: StepId,
    focus: 'heading' | { id: string } = 'heading',
    fromReview?: { edit: string | null },
  ): void {
    const rt = this.#rt;
    if (step === rt.state.current && focus === 'heading') return;
    if (!canOpen(rt.state, step)) return;
    let target: Focus = focus;
    if (focus !== 'heading') {
      const c = rt.controller(step) as (Revealing & object) | undefined;
      const real = c?.reveal?.(rt.ctx(), focus.id);
      if (real) target = { id: real };
    }
    rt.setFocus(target);
    rt.host.requestUpdate();
    this.#leaving();
    rt.dispatch({ type: 'go', step, ...(fromReview ? { fromReview } : {}) });
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
      let ok = !controller || controller.validate(rt.ctx()).length === 0;
      const trip = now.roundTrip?.step === current ? now.roundTrip : null;
      // Save and return: what an open inline form holds is saved first (the review shows what is stored).
      if (ok && trip && controller?.editing)
        ok = await controller.flush(rt.ctx()).then(
          () => true,
          () => false,
        );
      if (generation !== rt.state.generation || current !== rt.state.current) return;
      rt.dispatch({ type: 'next', ok });
      rt.setFocus(ok ? (trip ? returnFocus(trip) : 'heading') : 'summary');
      if (ok) this.#arrived();
    } finally {
      this.#checking = false;
      rt.setChecking(false);
    }
  }
}

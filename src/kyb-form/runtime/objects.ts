/**
 * The form's objects and the controllers of the steps after the company step: round trips 2
 * (beneficiaries, documents, questionnaires) and 3 (answers), and the steps' code, which is not waited
 * for: it loads when the browser is idle after the first screen, or at once when the user goes to the
 * step (which shows a placeholder meanwhile). One instance per form and load, made by the runtime;
 * `dispose()` ends it. A chunk of its own (chunks.ts loadObjects): the first screen of a new form does
 * not need it.
 */
import type { TemplateResult } from 'lit';
import { KybClient } from '../../api/kyb-client.ts';
import type { KybCoreClient } from '../../api/kyb-core-client.ts';
import type { Answers, Flow, Questionnaire } from '../../api/kyb.ts';
import type { KybContext, ShellContext, StepController, StepId } from '../context.ts';
import { errorInfo, uniqueById, type ErrorInfo } from '../form-reducer.ts';
import { whenIdle } from '../../api/load-chunk.ts';
import { isObjectStep, loadStep, type ObjectStep, type StepData, type StepFactory } from '../chunks.ts';
import type { KybRuntime } from './runtime.ts';

const noop = () => undefined;

/** A later step's controller as it is made: it may offer the review a summary, and end its work. */
type Step = StepController & {
  summary?: (ctx: KybContext) => TemplateResult;
  /** Opens what holds the field a review Edit points at (navigation.ts); returns the id to focus. */
  reveal?: (ctx: KybContext, id: string) => string | null;
  dispose?: () => void;
};

export class FormObjects {
  /** The controllers created so far, as the shell calls them (with its context). */
  readonly steps: Partial<Record<StepId, StepController<ShellContext>>> = {};
  /** The later steps' client: the core's transport with their calls (people, documents, answers). */
  readonly client: KybClient;
  /** Why the objects (or a step's code) could not load; the step shows it with "Try again". */
  error: ErrorInfo | null = null;
  /** Settles when the objects are loaded (or failed). */
  loaded: Promise<void> = Promise.resolve();
  /** Settles once the number of steps is known (the questionnaires' list answered or failed). */
  stepsKnown: Promise<void> = Promise.resolve();
  readonly #data: Partial<StepData> = {};
  readonly #factories: { [K in ObjectStep]?: StepFactory<K> } = {};
  readonly #abort = new AbortController();
  #cancelIdle: () => void = noop;
  readonly #rt: KybRuntime;
  readonly #formId: string;
  readonly #flow: Flow | null;

  constructor(runtime: KybRuntime, client: KybCoreClient, formId: string, flow: Flow | null) {
    this.#rt = runtime;
    this.client = new KybClient({ http: client.http });
    this.#formId = formId;
    this.#flow = flow;
  }

  get #live(): boolean {
    return !this.#abort.signal.aborted;
  }

  /** Starts loading; `early` is a questionnaires' list already under way. */
  load(early?: Promise<Questionnaire[]>): void {
    this.error = null;
    this.loaded = this.#load(early);
  }

  async #load(early?: Promise<Questionnaire[]>): Promise<void> {
    const client = this.client;
    const formId = this.#formId;
    const flow = this.#flow;
    const signal = this.#abort.signal;
    const rt = this.#rt;
    const wants = (step: StepId) => rt.state.steps.includes(step);
    const listed = (early ?? client.listQuestionnaires(formId, { signal })).then(
      (all) => {
        const list = uniqueById<Questionnaire>(all);
        if (this.#live) rt.dispatch({ type: 'steps-known', flow, questionnaireCount: list.length });
        return list;
      },
      (err: unknown) => {
        // The questionnaires step stays (or appears) and shows the error with "Try again".
        if (this.#live) rt.dispatch({ type: 'questionnaires-failed', flow });
        throw err;
      },
    );
    this.stepsKnown = listed.then(noop, noop);
    try {
      const [beneficiaries, documents, questionnaires] = await Promise.all([
        wants('beneficiaries') ? client.listBeneficiaries(formId, { signal }) : [],
        wants('documents') ? client.listCompanyDocuments(formId, { signal }) : [],
        listed,
      ]);
      if (!this.#live) return;
      this.#data.beneficiaries ??= { beneficiaries: uniqueById(beneficiaries) };
      this.#data.documents ??= { documents: uniqueById(documents) };
      rt.dispatch({ type: 'objects-loaded', flow, questionnaireCount: questionnaires.length });
      if (questionnaires.length > 0 && !this.#data.questionnaires) {
        const list = await Promise.all(
          questionnaires.map((q) => client.getAnswers(formId, q.id, { signal })),
        );
        if (!this.#live) return;
        const answers = new Map<string, Answers | null>();
        questionnaires.forEach((q, i) => answers.set(q.id, list[i] ?? null));
        this.#data.questionnaires = { questionnaires, answers };
      }
      this.#instantiate();
      this.#cancelIdle();
      this.#cancelIdle = whenIdle(() => {
        for (const step of rt.state.steps) if (isObjectStep(step)) void this.ensureModule(step).catch(noop);
      });
    } catch (err) {
      if (!this.#live) return;
      const info = errorInfo(err);
      this.error = info;
      rt.emitError(info.cause, info);
      rt.host.requestUpdate();
    }
  }

  /** Creates the controllers whose data and code have both arrived. */
  #instantiate() {
    const { beneficiaries, documents, questionnaires } = this.#factories;
    const d = this.#data;
    const has = (step: StepId) => this.#rt.state.steps.includes(step) && !this.steps[step];
    if (has('beneficiaries') && beneficiaries && d.beneficiaries)
      this.steps.beneficiaries = this.#shell(beneficiaries(d.beneficiaries));
    if (has('documents') && documents && d.documents)
      this.steps.documents = this.#shell(documents(d.documents));
    if (has('questionnaires') && questionnaires && d.questionnaires)
      this.steps.questionnaires = this.#shell(questionnaires(d.questionnaires));
    this.#rt.host.requestUpdate();
  }

  /**
   * A step's controller as the shell calls it: each call gets the shell's context with the later steps'
   * client (the shell and the company step know only the core client).
   */
  #shell(step: Step): StepController<ShellContext> & {
    summary?: (ctx: ShellContext) => TemplateResult;
    reveal?: (ctx: ShellContext, id: string) => string | null;
    dispose(): void;
  } {
    const ctx = (c: ShellContext): KybContext => ({ ...c, client: this.client });
    const summary = step.summary?.bind(step);
    const reveal = step.reveal?.bind(step);
    return {
      render: (c) => step.render(ctx(c)),
      validate: (c) => step.validate(ctx(c)),
      flush: (c) => step.flush(ctx(c)),
      get dirty() {
        return step.dirty;
      },
      get editing() {
        return step.editing;
      },
      get held() {
        return step.held;
      },
      ...(summary ? { summary: (c: ShellContext) => summary(ctx(c)) } : {}),
      ...(reveal ? { reveal: (c: ShellContext, id: string) => reveal(ctx(c), id) } : {}),
      left: () => step.left?.(),
      dispose: () => step.dispose?.(),
    };
  }

  /** Loads a step's code (once); a failure shows in the step with "Try again". */
  async ensureModule(step: ObjectStep): Promise<void> {
    if (this.#factories[step]) return;
    try {
      const factory = await loadStep(step);
      (this.#factories as Record<ObjectStep, unknown>)[step] = factory;
      if (this.#live) this.#instantiate();
    } catch (err) {
      if (this.#live && this.#rt.state.current === step) {
        this.error = errorInfo(err);
        this.#rt.host.requestUpdate();
      }
      throw err;
    }
  }

  /** A step's controller once its data and code are there (undefined when they could not load). */
  async ensureStep(step: StepId): Promise<StepController<ShellContext> | undefined> {
    if (isObjectStep(step)) await Promise.all([this.loaded, this.ensureModule(step).catch(noop)]);
    return this.steps[step];
  }

  /** Tries the failed load (or the step's code) again. */
  retry(): void {
    const step = this.#rt.state.current;
    this.error = null;
    if (!this.#rt.state.objectsLoaded || (step === 'questionnaires' && !this.#data.questionnaires))
      this.load();
    if (isObjectStep(step)) void this.ensureModule(step).catch(noop);
    this.#rt.host.requestUpdate();
  }

  dispose(): void {
    this.#abort.abort();
    this.#cancelIdle();
    for (const step of Object.values(this.steps)) (step as { dispose?: () => void } | undefined)?.dispose?.();
  }
}

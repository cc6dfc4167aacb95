/**
 * The life of one `<kyb-form>`, as a Lit `ReactiveController` of the element: the client and the token
 * session, the info, flow and form, the company step and the later steps' objects, the reducer state
 * (form-reducer.ts) and the save log (shell/saves.ts). It loads the form (round trip 1, open.ts), starts
 * the objects (objects.ts), moves between steps (navigation.ts), submits (submit.ts, in the review chunk),
 * sends what is pending again (after a failure, back online, a renewed token) and fires the `kyb-*`
 * events. The element reads `snapshot` and the parts below to render, and calls the commands.
 */
import type { LitElement, ReactiveController } from 'lit';
import { updateWhenLocaleChanges } from '@lit/localize';
import type { KybCoreClient } from '../../api/kyb-core-client.ts';
import type { Flow, KybForm, KybInfo, Questionnaire } from '../../api/kyb.ts';
import { activeLocale, applyLocale, resolveLocale } from '../../i18n/index.ts';
import { messages as kybMessages } from '../../i18n/generated/kyb/index.ts';
import type { ThemeStyles } from '../../theme/index.ts';
import { noTheme } from '../../theme/no-theme.ts';
import { addStyles } from '../../theme/style-nonce.ts';
import {
  loadObjects,
  loadSaveEngine,
  loadReview,
  reviewLoaded,
  type ReviewModule,
  type Screens,
} from '../chunks.ts';
import type { CompanyStep } from '../company/controller.ts';
import type { SaveReport, ShellContext, StepController, StepId } from '../context.ts';
import { emit } from '../shell/events.ts';
import { warnUnsent } from '../saving/unsaved.ts';
import { SaveLog } from '../shell/saves.ts';
import { moveFocus } from '../shell/view.ts';
import {
  errorInfo,
  initialState,
  isSubmittedStatus,
  reduce,
  isStepChecked,
  type ErrorInfo,
  type KybAction,
  type KybState,
} from '../form-reducer.ts';
import { Navigation } from './navigation.ts';
import type { FormObjects } from './objects.ts';
import { newClient, openForm, prefetchLater } from './open.ts';
import {
  hasUnsaved,
  settingsEffects,
  type Focus,
  type KybSettings,
  type KybSnapshot,
  settingsChange,
  type SubmitNote,
} from './rules.ts';
import { TokenSession, unaddressableForm } from './session.ts';

const noop = () => undefined;

export class KybRuntime implements ReactiveController {
  readonly host: LitElement & KybSettings;
  /** Moving between steps (go, back, next). */
  readonly nav: Navigation;
  /** The token requests carry, and its renewal. */
  readonly session: TokenSession;
  /** Why the review's code could not load (shown with "Try again"). */
  reviewError: ErrorInfo | null = null;

  private st: KybState = initialState();
  private theme: ThemeStyles = noTheme();
  private note: SubmitNote = null;
  private progressOpen = false;
  private checking = false;
  private coreClient: KybCoreClient | null = null;
  private aborter: AbortController | null = null;
  private info: KybInfo | null = null;
  private flow: Flow | null = null;
  private id: string | null = null;
  private lang = 'en';
  private companyStep: CompanyStep | null = null;
  private screenModule: Screens | null = null;
  /** The form's objects and the later steps' controllers (null while no form exists or their code loads). */
  private formObjects: FormObjects | null = null;
  /** Settles with `formObjects` once their code is here (null: no form, a failed download, a reset). */
  private objectsPromise: Promise<FormObjects | null> = Promise.resolve(null);
  /** Why the objects' code could not be downloaded; the step shows it with "Try again". */
  private objectsError: ErrorInfo | null = null;
  private readonly saves = new SaveLog();
  private focus: Focus | null = null;
  private loadQueued = false;
  private cancelIdle: () => void = noop;
  private connectedOnce = false;
  private readonly timeoutMs: () => number | undefined;

  /** `timeoutMs`: the client's per-attempt timeout (test rigs; undefined keeps the default). */
  constructor(host: LitElement & KybSettings, timeoutMs: () => number | undefined) {
    this.host = host;
    this.timeoutMs = timeoutMs;
    this.session = new TokenSession(
      () => host.tokenProvider,
      () => host.requestUpdate(),
    );
    this.nav = new Navigation(this);
    host.addController(this);
    // What `@localized()` does, without a decorator: the element renders again when the locale changes.
    updateWhenLocaleChanges(host);
  }

  // --- what the element and the views read ---------------------------------------------------------

  get snapshot(): KybSnapshot {
    return {
      state: this.st,
      formId: this.id,
      locale: this.lang,
      theme: this.theme,
      note: this.note,
      saveState: this.saves.state,
      checking: this.checking,
      progressOpen: this.progressOpen,
    };
  }
  get state(): KybState {
    return this.st;
  }
  get formId(): string | null {
    return this.id;
  }
  get client(): KybCoreClient | null {
    return this.coreClient;
  }
  get company(): CompanyStep | null {
    return this.companyStep;
  }
  get screens(): Screens | null {
    return this.screenModule;
  }
  get objects(): FormObjects | null {
    return this.formObjects;
  }
  /** Settles with the objects once their code is here (null when there are none). */
  get objectsReady(): Promise<FormObjects | null> {
    return this.objectsPromise;
  }
  /** Why the objects' code could not be downloaded (shown with "Try again": `retryObjects`). */
  get objectsFailed(): ErrorInfo | null {
    return this.objectsError;
  }
  /** The signal of the current load (aborted by a reload or the element's removal). */
  get signal(): AbortSignal | undefined {
    return this.aborter?.signal;
  }

  // --- commands --------------------------------------------------------------------------------------

  /** Opens a step (the progress, an Edit link, a summary link). */
  go(step: StepId, focus: 'heading' | { id: string } = 'heading'): void {
    this.nav.go(step, focus);
  }
  /** Continue: checks the step, then moves on (or shows its problems). */
  next(): Promise<void> {
    return this.nav.next();
  }
  back(): void {
    this.nav.back();
  }
  /** Submits the form (the review chunk's submit, loaded first if needed). */
  submit(): void {
    void this.loadReview().then(
      (m) => m.submitForm(this),
      (err: unknown) => {
        const info = errorInfo(err);
        this.emitError(info.cause, info);
      },
    );
  }
  /** Sends every pending change again (Retry saving, back online, a renewed token). */
  retry(): void {
    if (this.st.phase !== 'ready' || this.st.sessionEnded || isSubmittedStatus(this.st.formStatus)) return;
    const ctx = this.ctx();
    void this.companyStep?.retry().catch(noop);
    for (const step of Object.values(this.formObjects?.steps ?? {}) as StepController<ShellContext>[])
      if (step?.dirty) void step.flush(ctx).catch(noop);
    if (this.formObjects?.error) this.formObjects.retry();
    else if (this.objectsError) this.retryObjects();
  }
  /** Loads everything again (a token change, the error screen's retry). */
  reload(): Promise<void> {
    return this.load();
  }
  /** The element's properties changed (its `willUpdate`): reload, renew the session, apply the locale. */
  settingsChanged(changed: ReadonlyMap<PropertyKey, unknown>): void {
    const host = this.host;
    const effects = settingsEffects(settingsChange(changed), {
      state: this.st,
      hasClient: !!this.coreClient,
      token: host.token,
      activeToken: this.session.active,
      hasProvider: !!host.tokenProvider,
    });
    for (const effect of effects)
      if (effect === 'renew') this.renewSession(host.token);
      else if (effect === 'reload') this.queueLoad();
      else if (effect === 'locale') void this.applyLocale();
      else
        void this.session.refresh().then((t) => {
          if (t) this.renewSession(t);
        });
  }
  /** Loads once in a microtask, however many properties changed together. */
  queueLoad(): void {
    if (this.loadQueued) return;
    this.loadQueued = true;
    queueMicrotask(() => {
      this.loadQueued = false;
      if (this.host.isConnected) void this.load();
    });
  }
  /** Tries the objects' code again. */
  retryObjects(): void {
    this.startObjects(this.id);
  }
  toggleProgress(): void {
    this.progressOpen = !this.progressOpen;
    this.host.requestUpdate();
  }
  /** A new token after the session ended: adopt it and send the kept changes once. */
  renewSession(token: string): void {
    // The page's new token comes with its own expiry; a provider's token has set its expiry already.
    if (token === this.host.token) this.session.adopt(token, this.host.tokenExpires);
    else this.session.active = token;
    this.dispatch({ type: 'session-renewed' });
    this.retry();
  }
  /** Applies the element's `locale` (or the service's, then the browser's); English if it cannot load. */
  async applyLocale(): Promise<void> {
    this.lang = resolveLocale(this.host.locale, this.info?.locale);
    try {
      await applyLocale(this.lang as Parameters<typeof applyLocale>[0], kybMessages);
    } catch {
      this.lang = activeLocale();
    }
    this.host.requestUpdate();
  }

  // --- for the runtime's parts (navigation, objects, submit, views) ---------------------------------

  dispatch(action: KybAction): void {
    const before = this.st;
    this.st = reduce(before, action);
    if (this.st !== before) this.host.requestUpdate();
    if (before.current !== this.st.current && this.st.phase === 'ready') {
      this.progressOpen = false;
      this.controller(before.current)?.left?.();
      emit(this.host, 'kyb-step-change', {
        step: this.st.current,
        index: this.st.steps.indexOf(this.st.current),
      });
    }
  }
  setFocus(focus: Focus): void {
    this.focus = focus;
  }
  setNote(note: SubmitNote): void {
    if (note === this.note) return;
    this.note = note;
    this.host.requestUpdate();
  }
  setChecking(checking: boolean): void {
    if (checking === this.checking) return;
    this.checking = checking;
    this.host.requestUpdate();
  }
  emitError(kind: string, info: ErrorInfo): void {
    emit(this.host, 'kyb-error', {
      kind,
      status: info.status,
      identifier: info.identifier,
      message: info.message,
    });
    if (info.cause === 'token') this.endSession();
  }
  emitSubmitted(formId: string): void {
    emit(this.host, 'kyb-submitted', { formId });
  }
  /** The review chunk (review, submit, later styles), its styles added to the element. */
  loadReview(): Promise<ReviewModule> {
    return loadReview().then((m) => {
      this.adoptReviewStyles();
      return m;
    });
  }
  /** Adds the later steps' styles once the review chunk is here, after the company step's. */
  adoptReviewStyles(): void {
    const review = reviewLoaded();
    if (review && this.screenModule) addStyles(this.host, review.stepsAndReviewStyles);
  }
  /** Every step's controller, for the submit (waits for data and code still loading). */
  async ensureAll(): Promise<void> {
    const objects = await this.objectsPromise;
    if (!objects) return;
    await objects.loaded;
    await Promise.all(this.st.steps.map((step) => objects.ensureStep(step)));
  }
  /** Reads the form's status back (after a refused write or a lost submit answer). */
  async reloadStatus(): Promise<KybForm | null> {
    if (!this.coreClient || !this.id) return null;
    try {
      const form = await this.coreClient.getForm(this.id, { signal: this.aborter?.signal });
      this.dispatch({ type: 'form-status', status: form.meta.status });
      return form;
    } catch {
      return null;
    }
  }
  controller(step: StepId): StepController<ShellContext> | undefined {
    return step === 'company' ? (this.companyStep ?? undefined) : this.formObjects?.steps[step];
  }
  controllers(): StepController<ShellContext>[] {
    return this.st.steps.flatMap((id) => this.controller(id) ?? []);
  }
  /** What the steps' controllers receive on each call. */
  ctx(): ShellContext {
    return {
      client: this.coreClient!,
      formId: this.id ?? '',
      info: this.info ?? {},
      flow: this.flow,
      readOnly: isSubmittedStatus(this.st.formStatus),
      locale: this.lang,
      stepChecked: isStepChecked(this.st, this.st.current),
      report: (r) => this.onReport(r),
      requestUpdate: () => this.host.requestUpdate(),
    };
  }

  // --- the element's life ----------------------------------------------------------------------------

  hostConnected(): void {
    window.addEventListener('online', this.onOnline);
    window.addEventListener('beforeunload', this.onUnload);
    if (this.connectedOnce) this.queueLoad();
    this.connectedOnce = true;
  }

  hostDisconnected(): void {
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('beforeunload', this.onUnload);
    warnUnsent(this.host, this.id, this.controllers(), 'removed');
    this.teardown();
  }

  /** Focuses what a step change or a check asked for, once rendered. */
  hostUpdated(): void {
    const focus = this.focus;
    if (!focus) return;
    this.focus = null;
    moveFocus(this.host.renderRoot as ShadowRoot, focus);
  }

  private onOnline = () => this.retry();
  private onUnload = () => void warnUnsent(this.host, this.id, this.controllers(), 'unload');

  /** The token was refused and could not be renewed: keep the input, tell the page (once). */
  private endSession() {
    if (this.st.phase === 'ready' && this.st.sessionEnded) return;
    this.dispatch({ type: 'session-ended' });
    emit(this.host, 'kyb-session-expired', { formId: this.id, unsaved: hasUnsaved(this.saves.state) });
    warnUnsent(this.host, this.id, this.controllers(), 'session-ended');
  }

  private teardown() {
    this.aborter?.abort();
    this.aborter = null;
    this.session.stop();
    this.cancelIdle();
    this.companyStep?.dispose();
    this.formObjects?.dispose();
    this.companyStep = null;
    this.formObjects = null;
    this.objectsPromise = Promise.resolve(null);
    this.objectsError = null;
    this.saves.clear();
  }

  private fail(info: ErrorInfo) {
    this.dispatch({ type: 'load-failed', error: info });
    this.emitError(info.cause, info);
    // The error screen is localized too (attribute, else the browser's languages).
    void this.applyLocale();
  }

  private async load(): Promise<void> {
    this.teardown();
    const abort = new AbortController();
    this.aborter = abort;
    const signal = abort.signal;
    this.dispatch({ type: 'load-start' });
    const generation = this.st.generation;
    this.setNote(null);
    this.id = null;
    const host = this.host;
    this.session.adopt(host.token, host.tokenExpires);
    if (!this.session.active && host.tokenProvider) await this.session.refresh();
    if (signal.aborted) return;
    if (!this.session.active) {
      const message = 'No token was given.';
      return this.fail({ cause: 'no-token', status: 0, identifier: null, message, retryable: false });
    }
    const client = newClient(host, this.session, this.timeoutMs());
    this.coreClient = client;
    try {
      const { info, form, screens, theme, custom, early } = await openForm(client, signal);
      if (signal.aborted || generation !== this.st.generation) return;
      this.screenModule = screens;
      addStyles(host, screens.formStyles);
      this.info = info;
      this.flow = info.flow ?? null;
      this.id = form?.id ?? null;
      this.setTheme(theme ? theme.themeStyles(info.theme, host.apiBase) : noTheme());
      const fontUrl = this.theme.fontUrl;
      if (fontUrl && theme)
        void theme.loadThemeFont(fontUrl, host.apiBase).then((vars) => {
          if (vars && generation === this.st.generation)
            this.setTheme({ ...this.theme, vars: { ...this.theme.vars, ...vars } });
        });
      const submittedBefore = !!form?.meta.submissionTime;
      // A form sent back for more information opens on a notice held in the review chunk: fetched beside
      // the translations, so the notice is on the first screen (without it if the chunk cannot load).
      const notice =
        form?.meta.status === 'PENDING' && submittedBefore ? this.loadReview().catch(noop) : null;
      await this.applyLocale();
      await notice;
      if (signal.aborted) return;
      this.companyStep = new screens.CompanyStep({
        client,
        flow: this.flow,
        form,
        custom,
        onCreated: (created) => this.onCreated(created, generation),
      });
      this.dispatch({
        type: 'info-loaded',
        flow: this.flow,
        formStatus: form?.meta.status ?? null,
        submittedBefore,
      });
      emit(host, 'kyb-ready', { formId: this.id, locale: this.lang, steps: [...this.st.steps] });
      if (form) this.startObjects(form.id, early);
      // The review, the submit, the objects' and the save engine's code, once the first screen is painted.
      this.cancelIdle = prefetchLater(
        this.host,
        () => generation === this.st.generation,
        () => {
          void this.loadReview().catch(noop);
          void loadObjects().catch(noop);
          void loadSaveEngine().catch(noop);
        },
      );
    } catch (err) {
      if (signal.aborted || generation !== this.st.generation) return;
      const info = unaddressableForm(err) ?? errorInfo(err);
      if (info.cause === 'token' && host.tokenProvider) info.retryable = true;
      this.fail(info);
    }
  }

  private setTheme(theme: ThemeStyles) {
    this.theme = theme;
    this.host.requestUpdate();
  }

  private onCreated(form: KybForm, generation: number) {
    if (generation !== this.st.generation || !this.aborter) return;
    this.id = form.id;
    this.dispatch({ type: 'form-status', status: form.meta.status });
    this.startObjects(form.id);
  }

  /** Loads the objects' code (a small chunk), then the objects; a later call or a reset supersedes it. */
  private startObjects(formId: string | null, early?: Promise<Questionnaire[]>) {
    const client = this.coreClient;
    if (!client || !formId) return;
    this.formObjects?.dispose();
    this.formObjects = null;
    this.objectsError = null;
    this.host.requestUpdate();
    const ready: Promise<FormObjects | null> = loadObjects().then(
      (m) => {
        if (this.objectsPromise !== ready) return null;
        const objects = new m.FormObjects(this, client, formId, this.flow);
        this.formObjects = objects;
        objects.load(early);
        this.host.requestUpdate();
        return objects;
      },
      (err: unknown) => {
        if (this.objectsPromise !== ready) return null;
        const info = errorInfo(err);
        this.objectsError = info;
        this.emitError(info.cause, info);
        this.host.requestUpdate();
        return null;
      },
    );
    this.objectsPromise = ready;
  }

  /** Where "saved" is decided: each step's report goes into the save log, which says what to announce. */
  private onReport(report: SaveReport) {
    const { saved, error, refused } = this.saves.record(report);
    if (saved) emit(this.host, 'kyb-saved', { kind: report.kind, id: report.id });
    if (error) this.emitError('save', error);
    if (refused) void this.reloadStatus();
    this.host.requestUpdate();
  }
}

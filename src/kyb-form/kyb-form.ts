/**
 * `<kyb-form>`: the business verification (KYB) form, embedded in a partner's page. A thin shell over
 * its state (state.ts) and its steps' controllers; the parts live in shell/ (token session, events, view,
 * progress, action row, texts, lazily loaded steps, submit).
 */
import { html, LitElement, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { localized } from '@lit/localize';
import { KybFormClient } from '../api/kyb-form-client.ts';
import type { Flow, KybForm, KybInfo, Questionnaire } from '../api/kyb.ts';
import { activeLocale, applyLocale, resolveLocale } from '../i18n/index.ts';
import { localeDir } from '../i18n/dir.ts';
import { messages as kybMessages } from '../i18n/generated/kyb/index.ts';
import type { ThemeStyles } from '../theme/index.ts';
import { cssProps } from '../theme/css-props.ts';
import { noTheme } from '../theme/no-theme.ts';
import { addStyles, withStyleNonce } from '../theme/style-nonce.ts';
import type { CompanyStep } from './company/controller.ts';
import type { SaveReport, ShellContext, StepController, StepId } from './context.ts';
import { emit } from './shell/events.ts';
import { renderHeader, renderSupport } from './shell/frame.ts';
import type { FormObjects } from './shell/objects.ts';
import { openForm, type Screens } from './shell/screens.ts';
import { SaveLog } from './shell/saves.ts';
import { warnUnsent } from './saving/unsaved.ts';
import { TokenSession, unaddressableForm } from './shell/session.ts';
import { Navigation } from './shell/navigation.ts';
import { loadObjects } from './shell/steps.ts';
import type { TokenProvider } from './shell/types.ts';
import { moveFocus, prefetchLater, renderBody, type ViewHost } from './shell/view.ts';
import {
  errorInfo,
  initialState,
  isSubmittedStatus,
  reduce,
  showsAllErrors,
  type ErrorInfo,
  type KybAction,
  type KybState,
} from './state.ts';
import { styles } from './styles.ts';

export type * from './shell/types.ts';

const noop = () => undefined;

/**
 * The business verification form: company details, people (beneficiaries), documents and
 * questionnaires, reviewed and submitted in one flow. Saves as you go; themed by the service.
 *
 * @tagname kyb-form
 * @attr token - The KYB bearer token (`tokenString`). Changing it reloads the form; after `kyb-session-expired` the new token is adopted instead and the kept changes are sent with it. Also a property.
 * @attr api-base - Base URL of the service (default: same origin). Property `apiBase`.
 * @attr allow-insecure-http - Test rigs only: allow a plain `http:` `api-base` that is not loopback (refused otherwise). Property `allowInsecureHttp`.
 * @attr idempotency-keys - Send an `Idempotency-Key` with every create (form, beneficiary, document), so a write repeated after an unclear failure is saved once. For a service that honours the header (the sandbox does); it makes cross-origin writes preflighted. Property `idempotencyKeys`.
 * @attr locale - Forces a locale (`en`, `de`, ...); otherwise the service's, then the browser's.
 * @prop tokenProvider - `() => Promise<string | {token, expiresAt}>`: a fresh token before expiry and on `TOKEN_NOT_VALID`.
 *
 * @fires kyb-ready - `{formId, locale, steps}` once the form is interactive (`steps` lists the questionnaires step as possible until the list of questionnaires is known: for a new form, once the company is saved).
 * @fires kyb-saved - `{kind, id?}` after a save succeeded.
 * @fires kyb-error - `{kind, status, identifier, message}` when loading, saving or submitting fails.
 * @fires kyb-submitted - `{formId}` after the form was submitted.
 * @fires kyb-step-change - `{step, index}` when the visible step changes.
 * @fires kyb-unsaved-changes - `{formId, count, reason}` when input that was not stored is about to be lost: `reason` is `removed` (the element left the page: listen on the element itself), `unload` (from `beforeunload`: the page may ask the user to stay) or `session-ended`.
 * @fires kyb-session-expired - `{formId, unsaved}` when the token was refused and `tokenProvider` (if any) gave no new one. The form keeps the user's input; set a new `token` (or a `tokenProvider`) to send it.
 *
 * @csspart root - The themed wrapper.
 * @csspart header - Logo, company name and title.
 * @csspart logo - The service's logo (`<img>`).
 * @csspart company-name - The service's company name.
 * @csspart title - The form's title.
 * @csspart progress - Progress navigation ("Step 2 of 5" and the step list).
 * @csspart progress-text - The "Step n of m" text.
 * @csspart progress-step - A button of the step list (`aria-disabled` when the step cannot open yet).
 * @csspart progress-toggle - On a narrow form: the button that shows or hides the step list.
 * @csspart progress-reason - Why the disabled steps of the list cannot open yet.
 * @csspart step - The current step's container.
 * @csspart step-heading - The current step's heading (receives focus on step change).
 * @csspart step-description - Descriptions of steps.
 * @csspart company - The company step body.
 * @csspart review - The review step body.
 * @csspart review-section - A section of the review summary.
 * @csspart summary - A label/value summary list (`dl`) of the review.
 * @csspart summary-row - A row of a summary list: `summary-key`, `summary-value`, `summary-actions` are its cells.
 * @csspart summary-edit - A row's Edit link (goes to the field and focuses it).
 * @csspart summary-missing - "Missing" on a required item that is empty (optional ones: `summary-empty`).
 * @csspart summary-problem - A problem shown in the review summary (`summary-problems`: a list of them).
 * @csspart summary-swatch - The colour swatch of a colour answer.
 * @csspart summary-values - A list value; `summary-group` is one beneficiary's block.
 * @csspart field - A field wrapper. @csspart field-label - A label. @csspart field-description - A hint.
 * @csspart field-error - A field's error message.
 * @csspart input - Every input, select and textarea (also `select`, `textarea`).
 * @csspart button - Every button; `button-primary`, `button-secondary`, `button-back`, `button-next`,
 *   `button-submit`, `button-retry`, `button-edit` name them further.
 * @csspart nav - The action row: Back and Continue, or Back and Submit on the review.
 * @csspart save-status - Saved / saving / failed state (`role="status"`).
 * @csspart error-summary - The list of problems shown when Continue or Submit finds some.
 * @csspart error-summary-link - A link of the error summary.
 * @csspart submit-error - Why the last submit failed.
 * @csspart skeleton - Loading placeholders (`aria-busy`), also the progress until the number of steps is known.
 * @csspart submitted - The submitted screen.
 * @csspart error - The error screen (token invalid, network, service).
 * @csspart support - The support e-mail line.
 * @csspart button-primary - The main action of a step (Continue, Submit).
 * @csspart button-secondary - Secondary actions.
 * @csspart button-back - The Back button.
 * @csspart button-next - The Continue button.
 * @csspart button-submit - The Submit button.
 * @csspart button-retry - Retry buttons (loading, saving).
 * @csspart button-edit - Edit links of the review step.
 * @csspart notice - Informational notes (e.g. read-only, information requested).
 * @csspart description - Descriptions from the service.
 * @csspart select - Select controls.
 * @csspart textarea - Multi-line text controls.
 * @csspart file-input - File inputs.
 * @csspart actions - A row of actions (beneficiary card, form).
 * @csspart add-button - The "Add a beneficiary" button.
 * @csspart edit-button - A beneficiary's Edit button.
 * @csspart remove-button - Remove buttons (beneficiary, list item, file).
 * @csspart save-button - Save buttons of inline forms.
 * @csspart cancel-button - Cancel buttons of inline forms.
 * @csspart danger-button - Destructive confirmations.
 * @csspart confirm - The inline remove confirmation.
 * @csspart beneficiaries - The beneficiaries step.
 * @csspart beneficiary-list - The list of beneficiaries.
 * @csspart beneficiary - One beneficiary card.
 * @csspart beneficiary-name - A beneficiary's name heading.
 * @csspart beneficiary-details - A beneficiary's details list.
 * @csspart beneficiary-documents - A beneficiary's documents.
 * @csspart beneficiary-form - The add / edit beneficiary form.
 * @csspart threshold - The ownership threshold explanation.
 * @csspart documents - The company documents step.
 * @csspart documents-none - Shown when no documents are asked for.
 * @csspart document-group - The documents of one document type.
 * @csspart document-requirements - The list of required documents.
 * @csspart document-slot - One upload slot (file input and status).
 * @csspart document-list - Uploaded documents.
 * @csspart document - One uploaded document.
 * @csspart document-name - A document's file name.
 * @csspart document-link - A document's View link.
 * @csspart document-rename - The rename form of a document.
 * @csspart rename-button - A document's Rename button.
 * @csspart view-button - A document's View button.
 * @csspart upload-progress - The upload progress bar.
 * @csspart upload-status - The upload status text (live region).
 * @csspart upload - An upload control (drop zone, hint and file cards) of a document or FILE question.
 * @csspart upload-dropzone - The drop zone, a labelled file input (`.is-dragover` while files are dragged over it).
 * @csspart upload-input - The file input covering the drop zone.
 * @csspart upload-hint - The accepted types and size limit, stated before choosing.
 * @csspart upload-file - One file card.
 * @csspart upload-thumbnail - A file card's thumbnail box (an image, or the document icon).
 * @csspart upload-icon - The document icon.
 * @csspart upload-file-name - A file's name.
 * @csspart upload-file-size - A file's size.
 * @csspart upload-file-state - A file's state (progress, Uploaded, Not uploaded).
 * @csspart upload-remove - Remove buttons of files.
 * @csspart upload-replace - Replace buttons of files.
 * @csspart retry-button - Retry of a failed upload or load.
 * @csspart questionnaires - The questionnaires step.
 * @csspart questionnaire - One questionnaire.
 * @csspart questionnaire-title - A questionnaire's title.
 * @csspart questionnaire-description - A questionnaire's description.
 * @csspart section - One questionnaire section.
 * @csspart section-title - A section's title.
 * @csspart section-description - A section's description.
 * @csspart question - One question (also carries `field`).
 * @csspart choices - A group of radio buttons or checkboxes.
 * @csspart choice - One radio button or checkbox with its label.
 * @csspart country-multi - The multi-country picker.
 * @csspart filter - The filter box of the country picker.
 * @csspart selection-count - How many countries are selected.
 * @csspart list-items - The items of a list question.
 * @csspart list-item - One item of a list question.
 * @csspart file-list - Chosen files of a file question.
 * @csspart file-item - One chosen file.
 * @csspart file - A file answer.
 * @csspart file-link - The View link of a saved file answer.
 * @csspart color - A colour control.
 * @csspart color-value - The hex value beside a colour control.
 *
 * @cssproperty [--kyb-color-primary=#1d4ed8] - Primary buttons, links, current step.
 * @cssproperty [--kyb-color-on-primary=#ffffff] - Text on primary.
 * @cssproperty [--kyb-color-primary-hover=#1e3a8a] - Primary when hovered.
 * @cssproperty [--kyb-color-secondary=#0f766e] - Secondary accents.
 * @cssproperty [--kyb-color-background=#ffffff] - Background.
 * @cssproperty [--kyb-color-surface=#f1f5f9] - Cards, read-only inputs, skeletons.
 * @cssproperty [--kyb-color-text=#0f172a] - Text.
 * @cssproperty [--kyb-color-text-muted=#475569] - Hints and secondary text.
 * @cssproperty [--kyb-color-border=#64748b] - Borders of inputs and cards.
 * @cssproperty [--kyb-color-success=#15803d] - Success text/border.
 * @cssproperty [--kyb-color-success-background=#f0fdf4] - Success background.
 * @cssproperty [--kyb-color-error=#b91c1c] - Error text/border.
 * @cssproperty [--kyb-color-error-background=#fef2f2] - Error background.
 * @cssproperty [--kyb-color-warning=#92400e] - Warning text/border.
 * @cssproperty [--kyb-color-warning-background=#fffbeb] - Warning background.
 * @cssproperty [--kyb-color-info=#1d4ed8] - Info text/border.
 * @cssproperty [--kyb-color-info-background=#eff6ff] - Info background.
 * @cssproperty [--kyb-color-disabled=#e2e8f0] - Disabled buttons' background.
 * @cssproperty [--kyb-color-disabled-text=#475569] - Disabled buttons' text.
 * @cssproperty [--kyb-color-disabled-icon=#64748b] - Disabled icons.
 * @cssproperty [--kyb-font-family=system-ui, sans-serif] - Font.
 * @cssproperty [--kyb-font-size=16px] - Base font size; every size inside derives from it (page font sizes do not reach inside).
 * @cssproperty [--kyb-radius=0.5 × base] - Corner radius.
 * @cssproperty [--kyb-space=1 × base] - Base spacing.
 * @cssproperty [--kyb-focus-ring=0 0 0 3px bg, 0 0 0 5px primary] - Focus ring (box-shadow).
 * @cssproperty [--kyb-max-width=48 × base] - Maximum width of the form.
 */
@localized()
export class KybFormElement extends LitElement {
  static override styles = styles;
  /** Test rigs only (undocumented): the API client's per-attempt timeout; undefined keeps the default. */
  static clientTimeoutMs: number | undefined;

  /** The fallback `<style>` elements (no constructable stylesheets) carry the `nonce` attribute's value. */
  protected override createRenderRoot() {
    return withStyleNonce(this, () => super.createRenderRoot());
  }

  /** The KYB bearer token (`tokenString`). */
  @property() token = '';
  /** Base URL of the service; '' is the page's origin. */
  @property({ attribute: 'api-base' }) apiBase = '';
  /** Test rigs only: allow a plain `http:` `apiBase` to a host that is not loopback. Set before `token`. */
  @property({ type: Boolean, attribute: 'allow-insecure-http' }) allowInsecureHttp = false;
  /** Send `Idempotency-Key` on creates (the sandbox honours it; enable for a service that does). */
  @property({ type: Boolean, attribute: 'idempotency-keys' }) idempotencyKeys = false;
  /** Forced locale; null follows the service, then the browser. */
  @property() locale: string | null = null;
  /** Returns a fresh token (optionally with its expiry) when the current one expires. */
  @property({ attribute: false }) tokenProvider: TokenProvider | null = null;

  @state() private _s: KybState = initialState();
  @state() private _theme: ThemeStyles = noTheme();
  @state() private _submitNote: 'save-failed' | 'unconfirmed' | null = null;
  @state() private _progressOpen = false;
  @state() private _checking = false;

  #client: KybFormClient | null = null;
  readonly #session = new TokenSession(() => this.tokenProvider);
  #abort: AbortController | null = null;
  #info: KybInfo | null = null;
  #flow: Flow | null = null;
  #formId: string | null = null;
  #locale = 'en';
  #company: CompanyStep | null = null;
  #screens: Screens | null = null;
  /** The form's objects and the later steps' controllers (null while no form exists or their code loads). */
  #objects: FormObjects | null = null;
  /** Settles with `#objects` once their code is here (null: no form, a failed download, a reset). */
  #objectsReady: Promise<FormObjects | null> = Promise.resolve(null);
  /** Why the objects' code could not be downloaded; the step shows it with "Try again". */
  #objectsFailed: ErrorInfo | null = null;
  readonly #saves = new SaveLog();
  #focus: 'heading' | 'summary' | { id: string } | null = null;
  #loadQueued = false;
  #cancelIdle: () => void = noop;
  #connectedOnce = false;

  /** The current step (read-only). */
  get step(): StepId {
    return this._s.current;
  }
  /** The form's id, or null while no form exists. */
  get formId(): string | null {
    return this.#formId;
  }
  /** What the shell's parts (view, submit, objects) use of the element: functions over its private members. */
  readonly #host: ViewHost = {
    el: this,
    state: () => this._s,
    client: () => this.#client,
    formId: () => this.#formId,
    updateComplete: () => this.updateComplete,
    setNote: (note) => (this._submitNote = note),
    setFocus: (focus) => (this.#focus = focus),
    dispatch: (action) => this.#dispatch(action),
    emitError: (kind, info) => this.#emitError(kind, info),
    emitSubmitted: (formId) => emit(this, 'kyb-submitted', { formId }),
    reloadStatus: () => this.#reloadStatus(),
    ensureAll: () => this.#ensureAll(),
    controllers: () => this.#controllers(),
    ctx: () => this.#ctx(),
    signal: () => this.#abort?.signal,
    requestUpdate: () => this.requestUpdate(),
    company: () => this.#company,
    objects: () => this.#objects,
    objectsReady: () => this.#objectsReady,
    objectsFailed: () => this.#objectsFailed,
    retryObjects: () => this.#startObjects(this.#formId),
    screens: () => this.#screens,
    controller: (step) => this.#controller(step),
    note: () => this._submitNote,
    saveState: () => this.#saves.state,
    checking: () => this._checking,
    progressOpen: () => this._progressOpen,
    toggleProgress: () => (this._progressOpen = !this._progressOpen),
    nav: () => this.#nav,
    retrySaves: () => this.#retrySaves(),
    reload: () => void this.reload(),
    laterError: null,
  };
  readonly #nav = new Navigation({ ...this.#host, setChecking: (checking) => (this._checking = checking) });

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('online', this.#onOnline);
    window.addEventListener('beforeunload', this.#onUnload);
    if (this.#connectedOnce) this.#queueLoad();
    this.#connectedOnce = true;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('online', this.#onOnline);
    window.removeEventListener('beforeunload', this.#onUnload);
    warnUnsent(this, this.#formId, this.#controllers(), 'removed');
    this.#teardown();
  }

  #onOnline = () => this.#retrySaves();
  #onUnload = () => void warnUnsent(this, this.#formId, this.#controllers(), 'unload');

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('token') || changed.has('apiBase')) {
      const tokenOnly = changed.has('token') && !changed.has('apiBase') && !!this.#client;
      if (tokenOnly && this._s.sessionEnded && this.token) {
        // The page answered kyb-session-expired: keep the form and its input, send what was kept.
        this.#renewSession(this.token);
      } else if (!(tokenOnly && this.token === this.#session.active)) {
        // A token set by the page that equals the refreshed one needs no reload.
        this.#queueLoad();
      }
    }
    if (changed.has('tokenProvider') && this.tokenProvider) {
      if (this._s.error?.cause === 'no-token') this.#queueLoad();
      else if (this._s.sessionEnded)
        void this.#session.refresh().then((t) => {
          if (t) this.#renewSession(t);
        });
    }
    if (
      changed.has('locale') &&
      changed.get('locale') !== undefined &&
      (this._s.phase === 'ready' || this._s.phase === 'error')
    ) {
      void this.#applyLocale();
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const focus = this.#focus;
    if (!focus) return;
    this.#focus = null;
    moveFocus(this.renderRoot as ShadowRoot, focus);
  }

  #dispatch(action: KybAction) {
    const before = this._s;
    this._s = reduce(before, action);
    if (before.current !== this._s.current && this._s.phase === 'ready') {
      this._progressOpen = false;
      emit(this, 'kyb-step-change', { step: this._s.current, index: this._s.steps.indexOf(this._s.current) });
    }
  }

  #emitError(kind: string, info: ErrorInfo) {
    emit(this, 'kyb-error', {
      kind,
      status: info.status,
      identifier: info.identifier,
      message: info.message,
    });
    if (info.cause === 'token') this.#endSession();
  }

  /** The token was refused and could not be renewed: keep the input, tell the page (once). */
  #endSession() {
    if (this._s.phase === 'ready' && this._s.sessionEnded) return;
    this.#dispatch({ type: 'session-ended' });
    const unsaved = this.#saves.state !== 'saved' && this.#saves.state !== 'idle';
    emit(this, 'kyb-session-expired', { formId: this.#formId, unsaved });
    warnUnsent(this, this.#formId, this.#controllers(), 'session-ended');
  }

  /** A new token after the session ended: adopt it and send the kept changes once. */
  #renewSession(token: string) {
    this.#session.active = token;
    this.#dispatch({ type: 'session-renewed' });
    this.#retrySaves();
  }

  #queueLoad() {
    if (this.#loadQueued) return;
    this.#loadQueued = true;
    queueMicrotask(() => {
      this.#loadQueued = false;
      if (this.isConnected) void this.#load();
    });
  }

  #teardown() {
    this.#abort?.abort();
    this.#abort = null;
    this.#session.stop();
    this.#cancelIdle();
    this.#company?.dispose();
    this.#objects?.dispose();
    this.#company = null;
    this.#objects = null;
    this.#objectsReady = Promise.resolve(null);
    this.#objectsFailed = null;
    this.#saves.clear();
  }

  /** Reloads everything (after a token change, or from the retry button). */
  reload(): Promise<void> {
    return this.#load();
  }

  #fail(info: ErrorInfo) {
    this.#dispatch({ type: 'load-failed', error: info });
    this.#emitError(info.cause, info);
    // The error screen is localized too (attribute, else the browser's languages).
    void this.#applyLocale();
  }

  async #load(): Promise<void> {
    this.#teardown();
    const abort = new AbortController();
    this.#abort = abort;
    const signal = abort.signal;
    this.#dispatch({ type: 'load-start' });
    const generation = this._s.generation;
    this._submitNote = null;
    this.#formId = null;
    this.#session.active = this.token;
    if (!this.#session.active && this.tokenProvider) await this.#session.refresh();
    if (signal.aborted) return;
    if (!this.#session.active) {
      const message = 'No token was given.';
      return this.#fail({ cause: 'no-token', status: 0, identifier: null, message, retryable: false });
    }
    const client = new KybFormClient({
      baseUrl: this.apiBase || '',
      allowInsecureHttp: this.allowInsecureHttp,
      idempotencyKeys: this.idempotencyKeys,
      ...(KybFormElement.clientTimeoutMs ? { timeoutMs: KybFormElement.clientTimeoutMs } : {}),
      token: () => this.#session.active,
      refreshToken: () => this.#session.refresh(),
    });
    this.#client = client;
    try {
      const { info, form, screens, theme, early } = await openForm(client, signal);
      if (signal.aborted || generation !== this._s.generation) return;
      this.#screens = screens;
      addStyles(this, screens.formStyles);
      this.#info = info;
      this.#flow = info.flow ?? null;
      this.#formId = form?.id ?? null;
      this._theme = theme ? theme.themeStyles(info.theme, this.apiBase) : noTheme();
      const fontUrl = this._theme.fontUrl;
      if (fontUrl && theme)
        void theme.loadThemeFont(fontUrl, this.apiBase).then((vars) => {
          if (vars && generation === this._s.generation)
            this._theme = { ...this._theme, vars: { ...this._theme.vars, ...vars } };
        });
      await this.#applyLocale();
      if (signal.aborted) return;
      this.#company = new screens.CompanyStep({
        client,
        flow: this.#flow,
        form,
        onCreated: (created) => this.#onCreated(created, generation),
      });
      this.#dispatch({ type: 'info-loaded', flow: this.#flow, formStatus: form?.meta.status ?? null });
      emit(this, 'kyb-ready', { formId: this.#formId, locale: this.#locale, steps: [...this._s.steps] });
      if (form) this.#startObjects(form.id, early);
      prefetchLater(this.#host, generation, (cancel) => (this.#cancelIdle = cancel));
    } catch (err) {
      if (signal.aborted || generation !== this._s.generation) return;
      const info = unaddressableForm(err) ?? errorInfo(err);
      if (info.cause === 'token' && this.tokenProvider) info.retryable = true;
      this.#fail(info);
    }
  }

  async #applyLocale() {
    this.#locale = resolveLocale(this.locale, this.#info?.locale);
    try {
      await applyLocale(this.#locale as Parameters<typeof applyLocale>[0], kybMessages);
    } catch {
      // The locale module could not load: English stays active.
      this.#locale = activeLocale();
    }
    this.requestUpdate();
  }

  #onCreated(form: KybForm, generation: number) {
    if (generation !== this._s.generation || !this.#abort) return;
    this.#formId = form.id;
    this.#dispatch({ type: 'form-status', status: form.meta.status });
    this.#startObjects(form.id);
  }

  /** Loads the objects' code (a small chunk), then the objects; a later call or a reset supersedes it. */
  #startObjects(formId: string | null, early?: Promise<Questionnaire[]>) {
    const client = this.#client;
    if (!client || !formId) return;
    this.#objects?.dispose();
    this.#objects = null;
    this.#objectsFailed = null;
    this.requestUpdate();
    const ready: Promise<FormObjects | null> = loadObjects().then(
      (m) => {
        if (this.#objectsReady !== ready) return null;
        const objects = new m.FormObjects(this.#host, client, formId, this.#flow);
        this.#objects = objects;
        objects.load(early);
        this.requestUpdate();
        return objects;
      },
      (err: unknown) => {
        if (this.#objectsReady !== ready) return null;
        const info = errorInfo(err);
        this.#objectsFailed = info;
        this.#emitError(info.cause, info);
        this.requestUpdate();
        return null;
      },
    );
    this.#objectsReady = ready;
  }

  /** Every step's controller, for the submit (waits for data and code still loading). */
  async #ensureAll(): Promise<void> {
    const objects = await this.#objectsReady;
    if (!objects) return;
    await objects.loaded;
    await Promise.all(this._s.steps.map((step) => objects.ensureStep(step)));
  }

  /** Reads the form's status back (after a refused write or a lost submit answer). */
  async #reloadStatus(): Promise<KybForm | null> {
    if (!this.#client || !this.#formId) return null;
    try {
      const form = await this.#client.getForm(this.#formId, { signal: this.#abort?.signal });
      this.#dispatch({ type: 'form-status', status: form.meta.status });
      return form;
    } catch {
      return null;
    }
  }

  #onReport(report: SaveReport) {
    const { saved, error, refused } = this.#saves.record(report);
    if (saved) emit(this, 'kyb-saved', { kind: report.kind, id: report.id });
    if (error) this.#emitError('save', error);
    if (refused) void this.#reloadStatus();
    this.requestUpdate();
  }

  #retrySaves() {
    if (this._s.phase !== 'ready' || this._s.sessionEnded || isSubmittedStatus(this._s.formStatus)) return;
    const ctx = this.#ctx();
    void this.#company?.retry().catch(noop);
    for (const step of Object.values(this.#objects?.steps ?? {}) as StepController<ShellContext>[])
      if (step?.dirty) void step.flush(ctx).catch(noop);
    if (this.#objects?.error) this.#objects.retry();
    else if (this.#objectsFailed) this.#startObjects(this.#formId);
  }

  #ctx(): ShellContext {
    const all = showsAllErrors(this._s, this._s.current);
    return {
      client: this.#client!,
      formId: this.#formId ?? '',
      info: this.#info ?? {},
      flow: this.#flow,
      readOnly: isSubmittedStatus(this._s.formStatus),
      locale: this.#locale,
      submitAttempted: all,
      showAllErrors: all,
      report: (r) => this.#onReport(r),
      requestUpdate: () => this.requestUpdate(),
    };
  }

  #controller(step: StepId): StepController<ShellContext> | undefined {
    return step === 'company' ? (this.#company ?? undefined) : this.#objects?.steps[step];
  }

  #controllers(): StepController<ShellContext>[] {
    return this._s.steps.flatMap((id) => this.#controller(id) ?? []);
  }

  override render(): TemplateResult {
    return html`<div
      class="root"
      part="root"
      lang=${this.#locale}
      dir=${localeDir(this.#locale)}
      ${cssProps(this._theme.vars)}
    >
      ${renderHeader(this._theme)} ${renderBody(this.#host)} ${renderSupport(this._theme.supportEmail)}
    </div>`;
  }
}

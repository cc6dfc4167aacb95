/**
 * `<kyb-form>`: the business verification (KYB) form, embedded in a partner's page.
 */
import {
  adoptStyles,
  html,
  LitElement,
  nothing,
  type CSSResult,
  type PropertyValues,
  type TemplateResult,
} from 'lit';
import { property, state } from 'lit/decorators.js';
import { localized, msg, str } from '@lit/localize';
import { ApiError } from '../api/http.ts';
import { KybClient } from '../api/kyb-client.ts';
import { chunkLoader } from '../api/load-chunk.ts';
import type { Answers, Beneficiary, Flow, KybDocument, KybForm, KybInfo, Questionnaire } from '../api/kyb.ts';
import { activeLocale, applyLocale, resolveLocale } from '../i18n/index.ts';
import { messages as kybMessages } from '../i18n/generated/kyb/index.ts';
import type { ThemeStyles } from '../theme/index.ts';
import { cssProps } from '../theme/css-props.ts';
import { withStyleNonce } from '../theme/style-nonce.ts';
import type { CompanyStep } from './company/controller.ts';
import type { FieldIssue, KybContext, SaveReport, SaveState, StepController, StepId } from './context.ts';
import type { ReviewSection, ServerIssue } from './review/review.ts';
import {
  canSubmit,
  errorInfo,
  initialState,
  isSubmittedStatus,
  reduce,
  uniqueById,
  type ErrorInfo,
  type KybAction,
  type KybState,
} from './state.ts';
import { styles } from './styles.ts';

/** What `tokenProvider` may return: a token, or a token with its expiry (ms since epoch, Date or ISO string). */
export type TokenResult = string | { token: string; expiresAt?: number | string | Date | null };
export type TokenProvider = () => Promise<TokenResult>;

export interface KybReadyDetail {
  formId: string | null;
  locale: string;
  steps: StepId[];
}
export interface KybSavedDetail {
  kind: SaveReport['kind'];
  id?: string | undefined;
}
export interface KybErrorDetail {
  /** Error cause: `no-token`, `token`, `submitted`, `network`, `service`, or `save` for a failed save. */
  kind: string;
  status: number;
  identifier: string | null;
  message: string;
}
export interface KybSubmittedDetail {
  formId: string;
}
export interface KybStepChangeDetail {
  step: StepId;
  index: number;
}

/** A chunk of the form, loaded once per page (see chunkLoader). */
const lazy = <T>(load: () => Promise<T>) => chunkLoader(load, 'Part of the form could not be downloaded.');

/**
 * The company step and the review: what the first screen needs besides this shell. They download in
 * parallel with the form's info (no extra round trip), so the first request does not wait for them.
 */
const loadScreens = lazy(() =>
  Promise.all([
    import('./company/controller.ts'),
    import('./review/review.ts'),
    import('../theme/index.ts'),
    import('./form-styles.ts'),
  ]).then(([company, review, theme, styles]) => ({
    ...company,
    ...review,
    themeStyles: theme.themeStyles,
    loadThemeFont: theme.loadThemeFont,
    formStyles: styles.formStyles,
  })),
);
type Screens = Awaited<ReturnType<typeof loadScreens>>;

/**
 * Steps implemented by other modules: each is a chunk of its own (with its translations), fetched while
 * the step's data loads, so the first screen (the company step) needs none of them.
 */
interface StepFactories {
  beneficiaries: (init: { beneficiaries: Beneficiary[] }) => StepController;
  documents: (init: { documents: KybDocument[] }) => StepController;
  questionnaires: (init: {
    questionnaires: Questionnaire[];
    answers: Map<string, Answers | null>;
  }) => StepController;
}
type LazyStep = keyof StepFactories;
/**
 * A step module and then its translations. A step whose translations cannot load is shown in English
 * rather than not at all (they are tried again when the locale changes).
 */
const withMessages = <M extends { loadMessages: () => Promise<void> }>(m: M) =>
  m.loadMessages().then(
    () => m,
    () => m,
  );
/** Each step's module, loaded once per page (a failed load is tried again next time). */
const STEP_MODULES: { [K in LazyStep]: () => Promise<StepFactories[K]> } = {
  beneficiaries: lazy(() =>
    import('./beneficiaries/controller.ts')
      .then(withMessages)
      .then((m) => (init) => new m.BeneficiariesStep(init)),
  ),
  documents: lazy(() =>
    import('./documents/controller.ts').then(withMessages).then((m) => (init) => new m.DocumentsStep(init)),
  ),
  questionnaires: lazy(() =>
    import('./questionnaire/controller.ts')
      .then(withMessages)
      .then((m) => (init) => new m.QuestionnairesStep(init)),
  ),
};
const loadStep = <K extends LazyStep>(step: K): Promise<StepFactories[K]> => STEP_MODULES[step]();

/** A step controller may offer a read-only summary for the review step. */
type WithSummary = StepController & { summary?: (ctx: KybContext) => TemplateResult };

const MAX_TIMEOUT = 2 ** 31 - 1;
/** Until the service's theme is read (with the screens' code): the defaults of the styles. */
const NO_THEME: ThemeStyles = {
  vars: {},
  fontUrl: null,
  logo: null,
  companyName: null,
  supportEmail: null,
  ignored: [],
};

/**
 * The business verification form: company details, people (beneficiaries), documents and
 * questionnaires, reviewed and submitted in one flow. Saves as you go; themed by the service.
 *
 * @tagname kyb-form
 * @attr token - The KYB bearer token (`tokenString`). Changing it reloads the form. Also a property.
 * @attr api-base - Base URL of the service (default: same origin). Property `apiBase`.
 * @attr allow-insecure-http - Test rigs only: allow a plain `http:` `api-base` that is not loopback (refused otherwise). Property `allowInsecureHttp`.
 * @attr idempotency-keys - Send an `Idempotency-Key` with every create (form, beneficiary, document), so a write repeated after an unclear failure is saved once. For a service that honours the header (the sandbox does); it makes cross-origin writes preflighted. Property `idempotencyKeys`.
 * @attr locale - Forces a locale (`en`, `de`, ...); otherwise the service's, then the browser's.
 * @prop tokenProvider - `() => Promise<string | {token, expiresAt}>`: a fresh token before expiry and on `TOKEN_NOT_VALID`.
 *
 * @fires kyb-ready - `{formId, locale, steps}` once the form is interactive.
 * @fires kyb-saved - `{kind, id?}` after a save succeeded.
 * @fires kyb-error - `{kind, status, identifier, message}` when loading, saving or submitting fails.
 * @fires kyb-submitted - `{formId}` after the form was submitted.
 * @fires kyb-step-change - `{step, index}` when the visible step changes.
 *
 * @csspart root - The themed wrapper.
 * @csspart header - Logo, company name and title.
 * @csspart logo - The service's logo (`<img>`).
 * @csspart company-name - The service's company name.
 * @csspart title - The form's title.
 * @csspart progress - Progress navigation ("Step 2 of 5" and the step list).
 * @csspart progress-text - The "Step n of m" text.
 * @csspart progress-step - A button of the step list.
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
 * @csspart nav - The Back/Continue row.
 * @csspart save-status - Saved / saving / failed state (`role="status"`).
 * @csspart error-summary - The list of problems shown on a submit attempt.
 * @csspart error-summary-link - A link of the error summary.
 * @csspart submit-error - Why the last submit failed.
 * @csspart skeleton - Loading placeholders (`aria-busy`).
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
  @state() private _theme: ThemeStyles = NO_THEME;
  @state() private _objectsError: ErrorInfo | null = null;
  @state() private _submitNote: 'save-failed' | 'unconfirmed' | null = null;

  #client: KybClient | null = null;
  #activeToken = '';
  #refreshing: Promise<string | null> | null = null;
  #refreshTimer: ReturnType<typeof setTimeout> | undefined;
  #abort: AbortController | null = null;
  #info: KybInfo | null = null;
  #flow: Flow | null = null;
  #formId: string | null = null;
  #locale = 'en';
  #company: CompanyStep | null = null;
  #screens: Screens | null = null;
  #steps: Partial<Record<StepId, StepController>> = {};
  #saves = new Map<string, SaveReport>();
  #objectsPromise: Promise<void> | null = null;
  #submitting = false;
  #focus: 'heading' | 'summary' | { id: string } | null = null;
  #loadQueued = false;
  #connectedOnce = false;

  /** The current step (read-only). */
  get step(): StepId {
    return this._s.current;
  }
  /** The form's id, or null while no form exists. */
  get formId(): string | null {
    return this.#formId;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('online', this.#onOnline);
    if (this.#connectedOnce) this.#queueLoad();
    this.#connectedOnce = true;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('online', this.#onOnline);
    this.#teardown();
  }

  #onOnline = () => this.#retrySaves();

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('token') || changed.has('apiBase')) {
      // A token set by the page that equals the refreshed one needs no reload.
      const same =
        changed.has('token') && !changed.has('apiBase') && this.token === this.#activeToken && !!this.#client;
      if (!same) this.#queueLoad();
    }
    if (changed.has('tokenProvider') && this.tokenProvider && this._s.error?.cause === 'no-token')
      this.#queueLoad();
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
    const root = this.renderRoot as ShadowRoot;
    let el: HTMLElement | null = null;
    if (focus === 'heading') el = root.querySelector<HTMLElement>('#kyb-step-heading');
    else if (focus === 'summary') el = root.querySelector<HTMLElement>('#kyb-error-summary');
    else el = root.getElementById(focus.id);
    el?.focus();
  }

  /* ------------------------------------------------------------------ state */

  #dispatch(action: KybAction) {
    const before = this._s;
    this._s = reduce(before, action);
    if (before.current !== this._s.current && this._s.phase === 'ready') {
      this.dispatchEvent(
        new CustomEvent('kyb-step-change', {
          bubbles: true,
          composed: true,
          detail: { step: this._s.current, index: this._s.steps.indexOf(this._s.current) },
        }),
      );
    }
  }

  #emit<K extends 'kyb-ready' | 'kyb-saved' | 'kyb-error' | 'kyb-submitted'>(
    name: K,
    detail: GlobalEventHandlersEventMap[K] extends CustomEvent<infer D> ? D : never,
  ) {
    this.dispatchEvent(new CustomEvent(name, { bubbles: true, composed: true, detail }));
  }

  #emitError(kind: string, info: ErrorInfo) {
    this.#emit('kyb-error', {
      kind,
      status: info.status,
      identifier: info.identifier,
      message: info.message,
    });
  }

  /* ------------------------------------------------------------------ tokens */

  async #refresh(): Promise<string | null> {
    const provider = this.tokenProvider;
    if (!provider) return null;
    this.#refreshing ??= (async () => {
      try {
        const result = await provider();
        const token = typeof result === 'string' ? result : result?.token;
        if (typeof token !== 'string' || token === '') return null;
        this.#activeToken = token;
        this.#scheduleRefresh(typeof result === 'string' ? null : (result.expiresAt ?? null));
        return token;
      } catch {
        return null;
      } finally {
        this.#refreshing = null;
      }
    })();
    return this.#refreshing;
  }

  #scheduleRefresh(expiresAt: number | string | Date | null) {
    clearTimeout(this.#refreshTimer);
    if (expiresAt === null || !this.tokenProvider) return;
    const at =
      expiresAt instanceof Date
        ? expiresAt.getTime()
        : typeof expiresAt === 'string'
          ? Date.parse(expiresAt)
          : expiresAt;
    if (!Number.isFinite(at)) return;
    const wait = Math.min(MAX_TIMEOUT, Math.max(0, at - 60_000 - Date.now()));
    this.#refreshTimer = setTimeout(() => void this.#refresh(), wait);
  }

  /* ------------------------------------------------------------------ loading */

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
    clearTimeout(this.#refreshTimer);
    this.#company?.dispose();
    for (const step of Object.values(this.#steps))
      (step as { dispose?: () => void } | undefined)?.dispose?.();
    this.#company = null;
    this.#steps = {};
    this.#saves.clear();
    this.#objectsPromise = null;
  }

  /** Reloads everything (after a token change, or from the retry button). */
  reload(): Promise<void> {
    return this.#load();
  }

  async #load(): Promise<void> {
    this.#teardown();
    const abort = new AbortController();
    this.#abort = abort;
    const signal = abort.signal;
    this.#dispatch({ type: 'load-start' });
    const generation = this._s.generation;
    this._objectsError = null;
    this._submitNote = null;
    this.#formId = null;
    this.#activeToken = this.token;
    if (!this.#activeToken && this.tokenProvider) await this.#refresh();
    if (signal.aborted) return;
    if (!this.#activeToken) {
      const info: ErrorInfo = {
        cause: 'no-token',
        status: 0,
        identifier: null,
        message: 'No token was given.',
        retryable: false,
      };
      this.#dispatch({ type: 'load-failed', error: info });
      this.#emitError(info.cause, info);
      void this.#applyLocale();
      return;
    }
    const client = new KybClient({
      baseUrl: this.apiBase || '',
      allowInsecureHttp: this.allowInsecureHttp,
      idempotencyKeys: this.idempotencyKeys,
      token: () => this.#activeToken,
      refreshToken: () => this.#refresh(),
    });
    this.#client = client;
    try {
      const [info, forms, screens] = await Promise.all([
        client.info({ signal }),
        client.listForms({ signal }),
        loadScreens(),
      ]);
      if (signal.aborted || generation !== this._s.generation) return;
      this.#screens = screens;
      this.#adoptFormStyles(screens.formStyles);
      this.#info = info;
      this.#flow = info.flow ?? null;
      const form = forms[0] ?? null;
      this.#formId = form?.id ?? null;
      this._theme = screens.themeStyles(info.theme, this.apiBase);
      const fontUrl = this._theme.fontUrl;
      if (fontUrl)
        void screens.loadThemeFont(fontUrl, this.apiBase).then((vars) => {
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
      this.#emit('kyb-ready', { formId: this.#formId, locale: this.#locale, steps: [...this._s.steps] });
      if (form) this.#objectsPromise = this.#loadObjects(form.id, generation, signal);
    } catch (err) {
      if (signal.aborted || generation !== this._s.generation) return;
      const info = errorInfo(err);
      if (info.cause === 'token' && this.tokenProvider) info.retryable = true;
      this.#dispatch({ type: 'load-failed', error: info });
      this.#emitError(info.cause, info);
      // The error screen is localized too (attribute, else the browser's languages).
      void this.#applyLocale();
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

  #formStyled = false;
  /** Adds the steps' styles (form-styles.ts, loaded with them) after the shell's own. */
  #adoptFormStyles(formStyles: CSSResult) {
    if (this.#formStyled) return;
    this.#formStyled = true;
    withStyleNonce(this, () =>
      adoptStyles(this.renderRoot as ShadowRoot, [
        ...(this.constructor as typeof KybFormElement).elementStyles,
        formStyles,
      ]),
    );
  }

  #onCreated(form: KybForm, generation: number) {
    if (generation !== this._s.generation || !this.#abort) return;
    this.#formId = form.id;
    this.#dispatch({ type: 'form-status', status: form.meta.status });
    this.#objectsPromise = this.#loadObjects(form.id, generation, this.#abort.signal);
  }

  /** Round trips 2 (beneficiaries, documents, questionnaires) and 3 (answers). */
  async #loadObjects(formId: string, generation: number, signal: AbortSignal): Promise<void> {
    const client = this.#client;
    if (!client) return;
    this._objectsError = null;
    const flow = this.#flow;
    const wants = (step: StepId) => this._s.steps.includes(step) || step === 'questionnaires';
    const none = Promise.resolve(null);
    let listFailed = false;
    try {
      // The steps' code loads in parallel with their data (no extra round trip).
      const [
        allBeneficiaries,
        allDocuments,
        allQuestionnaires,
        beneficiariesStep,
        documentsStep,
        questionnairesStep,
      ] = await Promise.all([
        wants('beneficiaries') ? client.listBeneficiaries(formId, { signal }) : Promise.resolve([]),
        wants('documents') ? client.listCompanyDocuments(formId, { signal }) : Promise.resolve([]),
        client.listQuestionnaires(formId, { signal }).catch((err: unknown) => {
          listFailed = true;
          throw err;
        }),
        wants('beneficiaries') ? loadStep('beneficiaries') : none,
        wants('documents') ? loadStep('documents') : none,
        loadStep('questionnaires'),
      ]);
      const beneficiaries = uniqueById<Beneficiary>(allBeneficiaries);
      const documents = uniqueById<KybDocument>(allDocuments);
      const questionnaires = uniqueById<Questionnaire>(allQuestionnaires);
      if (signal.aborted || generation !== this._s.generation) return;
      if (this._s.steps.includes('beneficiaries') && beneficiariesStep && !this.#steps.beneficiaries)
        this.#steps.beneficiaries = beneficiariesStep({ beneficiaries });
      if (this._s.steps.includes('documents') && documentsStep && !this.#steps.documents)
        this.#steps.documents = documentsStep({ documents });
      this.#dispatch({ type: 'objects-loaded', flow, questionnaireCount: questionnaires.length });
      if (questionnaires.length > 0) {
        const answers = new Map<string, Answers | null>();
        const list = await Promise.all(
          questionnaires.map((q) => client.getAnswers(formId, q.id, { signal })),
        );
        if (signal.aborted || generation !== this._s.generation) return;
        questionnaires.forEach((q, i) => answers.set(q.id, list[i] ?? null));
        if (!this.#steps.questionnaires)
          this.#steps.questionnaires = questionnairesStep({ questionnaires, answers });
      }
      this.requestUpdate();
    } catch (err) {
      if (signal.aborted || generation !== this._s.generation) return;
      const info = errorInfo(err);
      this._objectsError = info;
      // The questionnaires step stays (or appears) and shows the error with "Try again".
      if (listFailed) this.#dispatch({ type: 'questionnaires-failed', flow });
      this.#emitError(info.cause, info);
    }
  }

  #retryObjects() {
    if (!this.#formId || !this.#abort) return;
    this.#objectsPromise = this.#loadObjects(this.#formId, this._s.generation, this.#abort.signal);
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

  /* ------------------------------------------------------------------ saving */

  #onReport(report: SaveReport) {
    // The company has one save state whether or not the form exists yet.
    const key = report.kind === 'company' ? 'company' : `${report.kind}:${report.key ?? report.id ?? ''}`;
    const before = this.#saves.get(key);
    this.#saves.set(key, report);
    if (report.state === 'saved' && before?.state !== 'saved')
      this.#emit('kyb-saved', { kind: report.kind, id: report.id });
    if (report.state === 'error' && report.error) {
      if (before?.state !== 'error') this.#emitError('save', errorInfo(report.error));
      if (report.error.status === 403 && report.error.identifier === 'PERMISSIONS_ERROR')
        void this.#reloadStatus();
    }
    this.requestUpdate();
  }

  get #saveState(): SaveState {
    const states = [...this.#saves.values()].map((r) => r.state);
    for (const s of ['error', 'saving', 'pending', 'saved'] as const) if (states.includes(s)) return s;
    return 'idle';
  }

  #retrySaves() {
    if (this._s.phase !== 'ready' || isSubmittedStatus(this._s.formStatus)) return;
    const ctx = this.#ctx();
    void this.#company?.retry().catch(() => undefined);
    for (const step of Object.values(this.#steps))
      if (step?.dirty) void step.flush(ctx).catch(() => undefined);
    if (this._objectsError) this.#retryObjects();
  }

  /* ------------------------------------------------------------------ steps and submit */

  #ctx(): KybContext {
    return {
      client: this.#client!,
      formId: this.#formId ?? '',
      info: this.#info ?? {},
      flow: this.#flow,
      readOnly: isSubmittedStatus(this._s.formStatus),
      locale: this.#locale,
      submitAttempted: this._s.submitAttempted,
      report: (r) => this.#onReport(r),
      requestUpdate: () => this.requestUpdate(),
    };
  }

  #go(step: StepId, focus: 'heading' | { id: string } = 'heading') {
    if (step === this._s.current && focus === 'heading') return;
    this.#focus = focus;
    this.requestUpdate();
    // Leaving a step sends what is pending there.
    if (this._s.current === 'company') void this.#company?.save().catch(() => undefined);
    this.#dispatch({ type: 'go', step });
  }

  #move(kind: 'next' | 'back') {
    if (this._s.current === 'company') void this.#company?.save().catch(() => undefined);
    this.#dispatch({ type: kind });
    this.#focus = 'heading';
  }

  #controllers(): [StepId, StepController][] {
    const out: [StepId, StepController][] = [];
    if (this.#company) out.push(['company', this.#company]);
    for (const id of this._s.steps) {
      const c = this.#steps[id];
      if (c) out.push([id, c]);
    }
    return out;
  }

  #allIssues(ctx: KybContext): FieldIssue[] {
    return this.#controllers().flatMap(([, c]) => c.validate(ctx));
  }

  #serverIssues(fields: Record<string, string[]>): ServerIssue[] {
    const defs = this.#company?.defs ?? [];
    const screens = this.#screens;
    return Object.entries(fields).flatMap(([path, messages]) =>
      messages.map((message) => {
        const last = path.split('.').pop() ?? path;
        const def = defs.find((d) => d.key === last);
        const target: FieldIssue | undefined =
          def && screens
            ? {
                id: screens.fieldId(def),
                label: def.kind === 'standard' ? screens.companyLabel(def.key) : def.title,
                message,
                step: 'company',
              }
            : undefined;
        return { path, message, target };
      }),
    );
  }

  async #submit() {
    if (this.#submitting || !canSubmit(this._s) || !this.#client) return;
    this.#submitting = true;
    this._submitNote = null;
    try {
      if (this.#objectsPromise) await this.#objectsPromise;
      const ctx = this.#ctx();
      const issues = this.#allIssues(ctx);
      if (issues.length > 0 || !this.#formId) {
        this.#dispatch({ type: 'submit-blocked' });
        this.#focus = 'summary';
        return;
      }
      this.#dispatch({ type: 'submit-start' });
      await this.updateComplete;
      const sendCtx = this.#ctx();
      try {
        await Promise.all(this.#controllers().map(([, c]) => c.flush(sendCtx)));
      } catch (err) {
        const info = errorInfo(err);
        this._submitNote = 'save-failed';
        this.#dispatch({ type: 'submit-failed', error: info });
        this.#emitError(info.cause, info);
        return;
      }
      const formId = this.#formId;
      try {
        await this.#client.submit(formId, { signal: this.#abort?.signal });
        this.#dispatch({ type: 'submit-ok' });
        this.#focus = 'heading';
        this.#emit('kyb-submitted', { formId });
      } catch (err) {
        const info = errorInfo(err);
        if (err instanceof ApiError && (err.kind === 'network' || err.kind === 'timeout')) {
          // The answer was lost: the form's status tells whether the submit went through.
          this.#dispatch({ type: 'submit-verify' });
          const form = await this.#reloadStatus();
          if (form && isSubmittedStatus(form.meta.status)) {
            this.#dispatch({ type: 'submit-ok' });
            this.#focus = 'heading';
            this.#emit('kyb-submitted', { formId });
            return;
          }
          if (!form) this._submitNote = 'unconfirmed';
          this.#dispatch({ type: 'submit-failed', error: info });
          this.#emitError(info.cause, info);
          return;
        }
        if (err instanceof ApiError && err.status === 403 && err.identifier === 'PERMISSIONS_ERROR') {
          const form = await this.#reloadStatus();
          if (form && isSubmittedStatus(form.meta.status)) {
            this.#focus = 'heading';
            return;
          }
        }
        const serverIssues = err instanceof ApiError && err.status === 400 ? err.fields : {};
        this.#dispatch({ type: 'submit-failed', error: info, serverIssues });
        if (Object.keys(serverIssues).length > 0) this.#focus = 'summary';
        this.#emitError(info.cause, info);
      }
    } finally {
      this.#submitting = false;
    }
  }

  /* ------------------------------------------------------------------ rendering */

  #stepTitle(step: StepId): string {
    switch (step) {
      case 'company':
        return msg('Company details');
      case 'beneficiaries':
        return msg('People and owners');
      case 'documents':
        return msg('Company documents');
      case 'questionnaires':
        return msg('Questionnaires');
      case 'review':
        return msg('Review and submit');
    }
  }

  #errorText(info: ErrorInfo): { title: string; text: string } {
    switch (info.cause) {
      case 'no-token':
        return {
          title: msg('The form cannot open'),
          text: msg('No access token was given. Open the form again from the link or page you were sent.'),
        };
      case 'token':
        return {
          title: msg('Your session has expired'),
          text: msg(
            'The link to this form is no longer valid or has expired. Reload the page or ask for a new link.',
          ),
        };
      case 'submitted':
        return {
          title: msg('This form was already submitted'),
          text: msg('It can no longer be changed. You will be contacted if more information is needed.'),
        };
      case 'network':
        return {
          title: msg('The service could not be reached'),
          text: msg('Check your internet connection and try again.'),
        };
      case 'service':
        return {
          title: msg('Something went wrong'),
          text: msg(str`The service answered with an error: ${info.message}`),
        };
    }
  }

  #renderSkeleton(label: string): TemplateResult {
    return html`<div part="skeleton" role="status" aria-busy="true" class="skeleton-block">
      <span class="visually-hidden">${label}</span>
      <span class="skeleton short"></span>
      <span class="skeleton tall"></span>
      <span class="skeleton short"></span>
      <span class="skeleton tall"></span>
      <span class="skeleton tall"></span>
    </div>`;
  }

  /** A logo that fails to load is hidden rather than shown as a broken image with alt text. */
  readonly #hideBrokenLogo = (e: Event) => {
    (e.currentTarget as HTMLImageElement).hidden = true;
  };

  #renderHeader(): TemplateResult {
    const t = this._theme;
    return html`<div class="header" part="header">
      ${
        t.logo
          ? html`<img
              class="logo"
              part="logo"
              src=${t.logo}
              alt=${t.companyName ? msg(str`${t.companyName} logo`) : msg('Logo')}
              @error=${this.#hideBrokenLogo}
            />`
          : nothing
      }
      <div>
        ${t.companyName ? html`<div class="company-name" part="company-name">${t.companyName}</div>` : nothing}
        <h2 class="title" part="title">${msg('Business verification')}</h2>
      </div>
    </div>`;
  }

  #renderProgress(): TemplateResult {
    const { steps, current } = this._s;
    const index = steps.indexOf(current) + 1;
    return html`<nav class="progress" part="progress" aria-label=${msg('Progress')}>
      <p class="progress-text" part="progress-text">${msg(str`Step ${index} of ${steps.length}`)}</p>
      <ol>
        ${steps.map(
          (step) =>
            html`<li>
              <button
                type="button"
                part="progress-step button"
                aria-current=${step === current ? 'step' : nothing}
                @click=${() => this.#go(step)}
              >
                ${this.#stepTitle(step)}
              </button>
            </li>`,
        )}
      </ol>
    </nav>`;
  }

  #renderSaveStatus(): TemplateResult {
    const state = this.#saveState;
    const text =
      state === 'error'
        ? msg('Your last changes could not be saved. They are kept here and will be sent again.')
        : state === 'saving'
          ? msg('Saving…')
          : state === 'pending'
            ? msg('Unsaved changes')
            : state === 'saved'
              ? msg('All changes saved')
              : '';
    return html`<div class="save-status ${state}" part="save-status">
      <span role="status">${text}</span>
      ${
        state === 'error'
          ? html`<button
              type="button"
              class="btn btn-secondary"
              part="button button-retry"
              @click=${() => this.#retrySaves()}
            >
              ${msg('Retry saving')}
            </button>`
          : nothing
      }
    </div>`;
  }

  #renderStepBody(step: StepId, ctx: KybContext): TemplateResult {
    if (step === 'company') return this.#company!.render(ctx);
    if (step === 'review') return this.#renderReview(ctx, false);
    if (!this.#formId) {
      return html`<div class="status info" part="notice">
        <p>${msg('Enter the company name and country first; then this step opens.')}</p>
        <button type="button" class="btn btn-secondary" part="button" @click=${() => this.#go('company')}>
          ${msg('Go to company details')}
        </button>
      </div>`;
    }
    const controller = this.#steps[step];
    if (controller) return controller.render(ctx);
    if (this._objectsError) return this.#renderObjectsError(this._objectsError);
    return this.#renderSkeleton(msg('Loading…'));
  }

  #renderObjectsError(info: ErrorInfo): TemplateResult {
    const { title, text } = this.#errorText(info);
    return html`<div class="status error" part="error" role="alert">
      <p><strong>${title}</strong></p>
      <p>${text}</p>
      <button
        type="button"
        class="btn btn-secondary"
        part="button button-retry"
        @click=${() => this.#retryObjects()}
      >
        ${msg('Try again')}
      </button>
    </div>`;
  }

  #reviewSections(ctx: KybContext): ReviewSection[] {
    return this._s.steps
      .filter((s) => s !== 'review')
      .map((step) => {
        if (step === 'company') {
          const c = this.#company!;
          return {
            step,
            title: this.#stepTitle(step),
            issues: c.validate(ctx),
            summary: this.#screens!.renderSummaryList(c.summary(ctx)),
          };
        }
        const c = this.#steps[step] as WithSummary | undefined;
        return {
          step,
          title: this.#stepTitle(step),
          issues: c ? c.validate(ctx) : [],
          summary: c?.summary ? c.summary(ctx) : null,
          loading: !c && !!this.#formId && !this._objectsError,
        };
      });
  }

  #renderReview(ctx: KybContext, readOnly: boolean): TemplateResult {
    const s = this._s;
    const note =
      this._submitNote === 'save-failed'
        ? msg(
            'Some changes could not be saved, so the form was not submitted. Check your connection and try again.',
          )
        : this._submitNote === 'unconfirmed'
          ? msg('We could not confirm whether the form was submitted. Check your connection and try again.')
          : null;
    let submitError: string | null = note;
    if (!submitError && s.submitError && Object.keys(s.serverIssues).length === 0) {
      submitError =
        s.submitError.cause === 'network'
          ? msg(
              'The service could not be reached, so the form was not submitted. Check your connection and try again.',
            )
          : s.submitError.cause === 'token'
            ? msg('Your session has expired. Reload the page to continue.')
            : msg(str`The form could not be submitted: ${s.submitError.message}`);
    }
    return this.#screens!.renderReview({
      sections: this.#reviewSections(ctx),
      readOnly,
      submitted: s.submit === 'submitted',
      sending: s.submit === 'sending' || s.submit === 'verifying',
      submitAttempted: s.submitAttempted,
      serverIssues: this.#serverIssues(s.serverIssues),
      submitError,
      canRetry: s.submit === 'failed',
      onSubmit: () => void this.#submit(),
      onEdit: (step) => this.#go(step),
      onIssue: (issue) => this.#go(issue.step, { id: issue.id }),
    });
  }

  #renderSubmitted(ctx: KybContext): TemplateResult {
    return html`<section class="submitted" part="submitted" aria-labelledby="kyb-step-heading">
      <h3 class="step-heading" part="step-heading" id="kyb-step-heading" tabindex="-1">
        ${msg('Thank you, your information was submitted')}
      </h3>
      <div class="status success" role="status">
        <p>${msg('It is now being reviewed. You will be contacted if anything else is needed.')}</p>
      </div>
      ${this.#renderReview(ctx, true)}
    </section>`;
  }

  #renderError(info: ErrorInfo): TemplateResult {
    const { title, text } = this.#errorText(info);
    return html`<div class="error-screen" part="error" role="alert">
      <h3>${title}</h3>
      <p>${text}</p>
      ${
        info.retryable
          ? html`<button
              type="button"
              class="btn btn-primary"
              part="button button-primary button-retry"
              @click=${() => void this.reload()}
            >
              ${msg('Try again')}
            </button>`
          : nothing
      }
    </div>`;
  }

  #renderSupport(): TemplateResult | typeof nothing {
    const email = this._theme.supportEmail;
    if (!email) return nothing;
    return html`<p class="support" part="support">
      ${msg('Need help?')} <a href="mailto:${email}">${email}</a>
    </p>`;
  }

  #renderBody(): TemplateResult {
    const s = this._s;
    if (s.phase === 'error' && s.error) return this.#renderError(s.error);
    if (s.phase !== 'ready' || !this.#company) return this.#renderSkeleton(msg('Loading the form…'));
    const ctx = this.#ctx();
    if (isSubmittedStatus(s.formStatus)) return this.#renderSubmitted(ctx);
    const step = s.current;
    const index = s.steps.indexOf(step);
    const last = index === s.steps.length - 1;
    return html`${this.#renderProgress()}
      <section class="step" part="step" aria-labelledby="kyb-step-heading">
        <h3 class="step-heading" part="step-heading" id="kyb-step-heading" tabindex="-1">
          ${this.#stepTitle(step)}
        </h3>
        ${this.#renderStepBody(step, ctx)} ${this.#renderSaveStatus()}
        <div class="nav" part="nav">
          ${
            index > 0
              ? html`<button
                  type="button"
                  class="btn btn-secondary"
                  part="button button-secondary button-back"
                  @click=${() => this.#move('back')}
                >
                  ${msg('Back')}
                </button>`
              : nothing
          }
          <span class="spacer"></span>
          ${
            last
              ? nothing
              : html`<button
                  type="button"
                  class="btn btn-primary"
                  part="button button-primary button-next"
                  @click=${() => this.#move('next')}
                >
                  ${msg('Continue')}
                </button>`
          }
        </div>
      </section>`;
  }

  override render(): TemplateResult {
    return html`<div class="root" part="root" ${cssProps(this._theme.vars)}>
      ${this.#renderHeader()} ${this.#renderBody()} ${this.#renderSupport()}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'kyb-form': KybFormElement;
  }
  interface GlobalEventHandlersEventMap {
    'kyb-ready': CustomEvent<KybReadyDetail>;
    'kyb-saved': CustomEvent<KybSavedDetail>;
    'kyb-error': CustomEvent<KybErrorDetail>;
    'kyb-submitted': CustomEvent<KybSubmittedDetail>;
    'kyb-step-change': CustomEvent<KybStepChangeDetail>;
  }
}

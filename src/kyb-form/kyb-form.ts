import { html, LitElement, type PropertyValues, type TemplateResult } from 'lit';
import { localeDir } from '../i18n/dir.ts';
import { useTexts, type Texts } from '../i18n/index.ts';
import { cssProps } from '../theme/css-props.ts';
import { withStyleNonce } from '../theme/style-nonce.ts';
import type { StepId } from './context.ts';
import { KybRuntime } from './runtime/runtime.ts';
import { renderHeader, renderSupport } from './shell/frame.ts';
import type { TokenExpiry, TokenProvider } from './shell/types.ts';
import { renderBody } from './shell/view.ts';
import { styles } from './styles.ts';

export type * from './shell/types.ts';

/**
 * The business verification form: company details, people (beneficiaries), documents and
 * questionnaires, reviewed and submitted in one flow. Saves as you go; themed by the service.
 *
 * @tagname kyb-form
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
 * @csspart field - A field wrapper; its `field-label` (the label) and `field-description` (the hint).
 * @csspart field-error - A field's error message.
 * @csspart input - Every input, select and textarea (which also carry `select`, `textarea`).
 * @csspart button - Every button; also `button-primary` (a step's main action), `button-secondary`, `button-back`,
 *   `button-next` (Continue), `button-return` ("Save and return to review", with `button-next`), `button-submit`,
 *   `button-retry`, `button-edit` (the review's Edit buttons), `button-extend` ("Get more time").
 * @csspart review-toggle - Folds a long review section (narrow screens).
 * @csspart nav - The action row: Back and Continue, or Back and Submit on the review.
 * @csspart session-warning - The warning before the session ends (its time, what is lost, "Get more time" with `tokenProvider`).
 * @csspart save-status - Saved / saving / failed state; `save-announcer`: its polite live region (changes of meaning).
 * @csspart error-summary - The list of problems shown when Continue or Submit finds some.
 * @csspart error-summary-link - A link of the error summary.
 * @csspart submit-error - Why the last submit failed.
 * @csspart skeleton - Loading placeholders (`aria-busy`).
 * @csspart submitted - The submitted screen.
 * @csspart error - The error screen (token invalid, network, service).
 * @csspart support - The support e-mail line.
 * @csspart info-request - "More information was requested" on the first screen; `info-request-message` is the partner's message in it.
 * @csspart role-hint - The one-line explanation of a beneficiary role or of the form-filler box.
 * @csspart notice - Informational notes (e.g. read-only, information requested).
 * @csspart description - Descriptions from the service.
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
 * @csspart country-multi - The multi-country picker (a combobox with chips, one Tab stop).
 * @csspart country-multi-box - The box around the chips and the text box (`.is-open`, `.is-invalid`).
 * @csspart country-multi-chips - The list of chosen countries.
 * @csspart country-multi-chip - One chosen country.
 * @csspart country-multi-chip-remove - A chip's remove button (not a Tab stop: Left arrow from the text box).
 * @csspart country-multi-input - The combobox's text box (also carries `input`).
 * @csspart country-multi-listbox - The list of countries (opens below the box).
 * @csspart country-multi-option - One country in the list.
 * @csspart country-multi-option-active - The highlighted country (keyboard).
 * @csspart country-multi-option-selected - A chosen country in the list.
 * @csspart country-multi-code - The country code beside a name in the list.
 * @csspart country-multi-empty - "No country matches" under the box.
 * @csspart country-multi-status - The visually hidden polite announcements.
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
 * @cssproperty [--kyb-font-size=medium] - Base font size; every size inside derives from it. Default: the user's own default font size (16px unless changed in the browser); page font sizes do not reach inside.
 * @cssproperty [--kyb-scroll-margin-top=0px] - Room kept above a control that takes the focus when it scrolls into view: set it to the height of the page's sticky header.
 * @cssproperty [--kyb-radius=0.5 × base] - Corner radius.
 * @cssproperty [--kyb-space=1 × base] - Base spacing.
 * @cssproperty [--kyb-focus-ring=0 0 0 3px bg, 0 0 0 5px primary] - Focus ring (box-shadow).
 * @cssproperty [--kyb-max-width=48 × base] - Maximum width of the form.
 */
export class KybFormElement extends LitElement {
  static override styles = styles;
  static override properties = {
    token: {},
    apiBase: { attribute: 'api-base' },
    allowInsecureHttp: { type: Boolean, attribute: 'allow-insecure-http' },
    idempotencyKeys: { type: Boolean, attribute: 'idempotency-keys' },
    locale: {},
    infoRequestMessage: { attribute: 'info-request-message' },
    tokenProvider: { attribute: false },
    tokenExpires: { attribute: 'token-expires' },
    texts: { attribute: false },
    textsId: { attribute: 'texts-id' },
  };
  /** Test rigs only (undocumented): the API client's per-attempt timeout; undefined keeps the default. */
  static clientTimeoutMs: number | undefined;

  /** The fallback `<style>` elements (no constructable stylesheets) carry the `nonce` attribute's value. */
  protected override createRenderRoot() {
    return withStyleNonce(this, () => super.createRenderRoot());
  }

  /** The KYB bearer token (`tokenString`); a new one reloads the form, or after `kyb-session-expired` sends the kept changes. */
  token = '';
  /** Base URL of the service (attribute `api-base`); '' (the default) is the page's origin. */
  apiBase = '';
  /** Test rigs only: allow a plain `http:` `api-base` that is not loopback (refused otherwise). Set before `token`. */
  allowInsecureHttp = false;
  /** Send an `Idempotency-Key` with every create (form, beneficiary, document), so a write repeated after an unclear failure is saved once. For a service that honours it (the sandbox does); it makes cross-origin writes preflighted. */
  idempotencyKeys = false;
  /** Forces a locale (`en`, `de`, ...); null follows the service, then the browser. */
  locale: string | null = null;
  /** What the reviewer asked for, shown (as text) on the first screen of a form sent back for more information. */
  infoRequestMessage: string | null = null;
  /** The partner's wording: locale → message id → text (docs/texts.md); applies to the page's elements. */
  texts: Texts | null = null;
  /** `texts` from a `<script type="application/json" data-verify-texts>` with this id (CDN pages). */
  textsId: string | null = null;
  /** `() => Promise<string | {token, expiresAt}>` (or `createKybToken`'s answer): a fresh token before expiry and on `TOKEN_NOT_VALID`. */
  tokenProvider: TokenProvider | null = null;
  /** The token's `expiration` (ISO date-time, or ms since the epoch): without `tokenProvider`, a warning 5 minutes before it. */
  tokenExpires: TokenExpiry = null;

  /** A thin element: the form's life (client, session, state, steps, saves) is its runtime; views read it. */
  private readonly runtime = new KybRuntime(this, () => KybFormElement.clientTimeoutMs);

  /** The current step (read-only). */
  get step(): StepId {
    return this.runtime.state.current;
  }
  /** The form's id, or null while no form exists. */
  get formId(): string | null {
    return this.runtime.formId;
  }

  /** Reloads everything (after a token change, or from the retry button). */
  reload(): Promise<void> {
    return this.runtime.reload();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('texts') || changed.has('textsId')) void useTexts(this, this.texts, this.textsId);
    this.runtime.settingsChanged(changed);
  }

  override render(): TemplateResult {
    const { locale, theme } = this.runtime.snapshot;
    return html`<div class="root" part="root" lang=${locale} dir=${localeDir(locale)} ${cssProps(theme.vars)}>
      ${renderHeader(theme)} ${renderBody(this.runtime)} ${renderSupport(theme.supportEmail)}
    </div>`;
  }
}

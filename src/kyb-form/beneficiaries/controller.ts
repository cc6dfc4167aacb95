/**
 * The beneficiaries step of `<kyb-form>`: the list of beneficiaries (persons and companies) with
 * add, edit and remove in an inline form, the flow's fields, ownership rules and, per beneficiary,
 * its documents (./documents.ts: upload, view, rename, replace).
 *
 * Parts: `beneficiaries`, `beneficiary` (a card), `beneficiary-name`, `beneficiary-form`, `confirm`,
 * plus those of the documents block (./documents.ts).
 * Ids start with `ben-`.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg, str } from '@lit/localize';
import { ApiError } from '../../api/http.ts';
import { BeneficiaryCreate, BeneficiaryPatch, type Beneficiary } from '../../api/kyb.ts';
import type { FieldIssue, KybContext, StepController } from '../context.ts';
import { FeedbackTracker, FocusMover } from '../field.ts';
import { errorMessage } from '../documents/errors.ts';
import { BeneficiaryDocuments } from './documents.ts';
import { NewBeneficiary } from './reconcile.ts';
import { EAGER_DOCUMENT_LOADS } from '../saving/limit.ts';
import { formatPct, listMessages, renderDetails, thresholdText } from './view.ts';
import { renderBeneficiarySummary } from './summary.ts';
import { Removal, renderCardActions, renderOwners } from './card-actions.ts';
import { ADD_BUTTON_ID, ownersOf, stepIssues, treeOrder } from './issues.ts';
import { fieldId, fieldOrder, FORM, renderForm } from './form.ts';
import {
  beneficiaryConfig,
  beneficiaryName,
  createBody,
  draftFromBeneficiary,
  emptyDraft,
  patchBody,
  serverFieldErrors,
  offeredTypes,
  validateDraft,
  type BeneficiaryConfig,
  type BeneficiaryDraft,
  type DraftErrors,
  type DraftField,
} from './model.ts';
import { addMessages } from '../../i18n/index.ts';
import { messages as documentsMessages } from '../../i18n/generated/kyb-documents/index.ts';
import { messages as beneficiariesMessages } from '../../i18n/generated/kyb-beneficiaries/index.ts';

export { ADD_BUTTON_ID };

/** Loads this step's translations for the active locale (people have documents too: both groups). */
export const loadMessages = (): Promise<void> => addMessages(documentsMessages, beneficiariesMessages);

export class BeneficiariesStep implements StepController {
  #list: Beneficiary[];
  readonly #documents = new BeneficiaryDocuments({
    keyOf: (id) => this.#key(id),
    find: (id) => this.#list.find((b) => b.id === id),
  });
  readonly #keys = new Map<string, number>();
  #started = false;

  #draft: BeneficiaryDraft | null = null;
  #draftStart = '';
  #feedback = new FeedbackTracker(() => this.#ctx?.requestUpdate());
  #ctx: KybContext | null = null;
  #saveAttempted = false;
  #saving = false;
  #saveError: string | null = null;
  #serverErrors: DraftErrors = {};
  #inflight: Promise<unknown> | null = null;
  /** The writes of the new person whose form is open (null: editing one, or none). */
  #newWrite: NewBeneficiary | null = null;

  readonly #removal = new Removal();

  readonly #focus = new FocusMover();

  constructor(init: { beneficiaries: Beneficiary[] }) {
    this.#list = [...init.beneficiaries];
    for (const b of this.#list) this.#documents.set(b.id);
  }

  /** The saved beneficiaries. */
  get beneficiaries(): readonly Beneficiary[] {
    return this.#list;
  }

  get dirty(): boolean {
    if (this.#saving || this.#removal.removing) return true;
    if (this.#draft && this.#draftChanged) return true;
    return this.#documents.dirty;
  }

  /** Whether the add / edit form is open with input not saved yet (only its Save button saves it). */
  get editing(): boolean {
    return this.#draftChanged;
  }

  get #draftChanged(): boolean {
    return !!this.#draft && JSON.stringify(this.#draft) !== this.#draftStart;
  }

  #key(id: string): string {
    let n = this.#keys.get(id);
    if (n === undefined) {
      n = this.#keys.size + 1;
      this.#keys.set(id, n);
    }
    return `ben-b${n}`;
  }

  /* ------------------------------------------------------------ the form */

  #open(ctx: KybContext, draft: BeneficiaryDraft, e: Event) {
    this.#focus.remember(e);
    this.#start(ctx, draft);
    const cfg = beneficiaryConfig(ctx.flow);
    this.#focus.later(
      draft.id === null && offeredTypes(cfg).length > 1
        ? fieldId('infoType', draft)
        : fieldId(draft.infoType === 'INDIVIDUAL' ? 'name' : 'companyName'),
    );
  }

  #start(ctx: KybContext, draft: BeneficiaryDraft) {
    this.#settleNew(ctx);
    this.#draft = draft;
    this.#draftStart = JSON.stringify(draft);
    this.#feedback.reset();
    this.#saveAttempted = false;
    this.#saveError = null;
    this.#serverErrors = {};
    this.#removal.confirming = null;
    ctx.requestUpdate();
  }

  /**
   * An Edit of the review on one of a beneficiary's rows (`ben-bN-field-<field>`): opens its card's form
   * and returns the field's id, for the shell to focus once rendered. Another form holding changes stays
   * open (nothing typed is dropped): the card's name is focused instead. Any other id: null.
   */
  reveal(ctx: KybContext, id: string): string | null {
    const m = /^(ben-b\d+)-field-(.+)$/.exec(id);
    const b = m ? this.#list.find((x) => this.#key(x.id) === m[1]) : undefined;
    if (!m || !b) return null;
    const cfg = beneficiaryConfig(ctx.flow);
    if (ctx.readOnly || cfg.readOnly) return `${m[1]}-name`;
    if (this.#draft?.id !== b.id) {
      if (this.#draftChanged) return `${m[1]}-name`;
      this.#start(ctx, draftFromBeneficiary(b, ctx.locale));
    }
    return fieldId(m[2] as DraftField, this.#draft, cfg);
  }

  #cancel(ctx: KybContext, e: Event) {
    this.#focus.remember(e);
    this.#settleNew(ctx);
    const id = this.#draft?.id ?? null;
    const parent = this.#draft?.parent ?? null;
    this.#draft = null;
    this.#saveError = null;
    ctx.requestUpdate();
    this.#focus.later(
      id ? `${this.#key(id)}-edit` : parent ? `${this.#key(parent)}-add-owner` : ADD_BUTTON_ID,
    );
  }

  #update(ctx: KybContext, patch: Partial<BeneficiaryDraft>, id?: string, valueKey?: DraftField) {
    if (!this.#draft) return;
    this.#draft = { ...this.#draft, ...patch };
    if (valueKey) delete this.#serverErrors[valueKey];
    for (const k of Object.keys(patch)) {
      if (k === 'values') continue;
      const f: DraftField | null = k === 'positions' ? null : k;
      if (f) delete this.#serverErrors[f];
      if (k === 'positions')
        for (const p of ['position0', 'position1', 'position2'] as const) delete this.#serverErrors[p];
    }
    if (id) this.#feedback.changed(id);
    ctx.requestUpdate();
  }

  #errors(ctx: KybContext, cfg: BeneficiaryConfig): DraftErrors {
    if (!this.#draft) return {};
    return validateDraft(this.#draft, cfg, this.#list, ctx.locale);
  }

  /**
   * A new person's form closes unsaved after an attempt whose answer was lost: the record it may have
   * stored is looked for and shown (the user can remove it), never left hidden on the service.
   */
  #settleNew(ctx: KybContext) {
    const write = this.#newWrite;
    this.#newWrite = null;
    if (!write?.unresolved) return;
    void write
      .resolve(ctx)
      .then((found) => {
        if (!found || this.#list.some((b) => b.id === found.id)) return;
        this.#list = [...this.#list, found];
        this.#documents.created(found.id);
        ctx.requestUpdate();
      })
      .catch(() => undefined);
  }

  /** Saves the open draft. Resolves false when it is invalid; rejects with the ApiError of a failed call. */
  async #save(ctx: KybContext): Promise<boolean> {
    const draft = this.#draft;
    if (!draft || this.#saving) return false;
    const cfg = beneficiaryConfig(ctx.flow);
    this.#saveAttempted = true;
    const errors = this.#errors(ctx, cfg);
    const first = fieldOrder(draft, cfg).find((f) => errors[f]);
    if (first) {
      ctx.requestUpdate();
      this.#focus.later(fieldId(first, draft, cfg));
      return false;
    }
    this.#saving = true;
    this.#saveError = null;
    const saveKey = draft.id ?? 'new';
    ctx.report({ kind: 'beneficiary', state: 'saving', id: draft.id ?? undefined, key: saveKey });
    ctx.requestUpdate();
    try {
      let saved: Beneficiary;
      if (draft.id === null) {
        const body = BeneficiaryCreate.parse(createBody(draft, cfg));
        const write = (this.#newWrite ??= new NewBeneficiary(new Set(this.#list.map((b) => b.id))));
        // An earlier attempt whose answer was lost may have stored the person: that record gets the
        // correction (never a second, hidden one beside it).
        const earlier = await write.resolve(ctx);
        saved = earlier
          ? await ctx.client.updateBeneficiary(
              ctx.formId,
              earlier.id,
              BeneficiaryPatch.parse(patchBody(draft, cfg)),
            )
          : await write.create(ctx, body);
        this.#newWrite = null;
        this.#list = [...this.#list, saved];
        this.#documents.created(saved.id);
      } else {
        const id = draft.id;
        saved = await ctx.client.updateBeneficiary(
          ctx.formId,
          id,
          BeneficiaryPatch.parse(patchBody(draft, cfg)),
        );
        this.#list = this.#list.map((b) => (b.id === id ? saved : b));
      }
      // Only close what was saved: a draft changed meanwhile stays open.
      if (this.#draft === draft) this.#draft = null;
      ctx.report({ kind: 'beneficiary', state: 'saved', id: saved.id, key: saveKey });
      this.#focus.later(`${this.#key(saved.id)}-name`);
      return true;
    } catch (err) {
      this.#saveError = errorMessage(err);
      this.#serverErrors = err instanceof ApiError ? serverFieldErrors(err.fields) : {};
      ctx.report({
        kind: 'beneficiary',
        state: 'error',
        id: draft.id ?? undefined,
        key: saveKey,
        error: err instanceof ApiError ? err : undefined,
      });
      this.#focus.later(`${FORM}-save-error`);
      throw err;
    } finally {
      this.#saving = false;
      ctx.requestUpdate();
    }
  }

  async #remove(ctx: KybContext, b: Beneficiary) {
    if (!(await this.#removal.remove(ctx, b.id))) return;
    // Its owners stay, now at the top level (as the service keeps them).
    this.#list = this.#list
      .filter((x) => x.id !== b.id)
      .map((x) => (x.parent === b.id ? { ...x, parent: null } : x));
    this.#documents.removed(b.id);
    this.#focus.later(ADD_BUTTON_ID);
    ctx.requestUpdate();
  }

  /** The first beneficiaries' documents load now (bounded), the others when the user asks. */
  #loadDocuments(ctx: KybContext) {
    treeOrder(this.#list).forEach((b, i) =>
      i < EAGER_DOCUMENT_LOADS ? void this.#documents.load(ctx, b.id, true) : this.#documents.defer(b.id),
    );
  }

  /* ------------------------------------------------------------ render */

  /** The beneficiaries owned by `parent` (top level: null); an owner whose parent is gone shows at the top. */
  #ownersOf(parent: string | null): Beneficiary[] {
    return ownersOf(this.#list, parent);
  }

  /** A COMPANY beneficiary's own owners (`ownershipFullStructure`), with the form to add one. */
  #renderOwners(ctx: KybContext, cfg: BeneficiaryConfig, b: Beneficiary, editable: boolean) {
    if (!cfg.fullStructure || b.infoType !== 'COMPANY') return nothing;
    const adding = this.#draft !== null && this.#draft.id === null && this.#draft.parent === b.id;
    return renderOwners({
      key: this.#key(b.id),
      name: beneficiaryName(b),
      cards: this.#ownersOf(b.id).map((o) => this.#renderCard(ctx, cfg, o, editable)),
      form: adding ? this.#renderForm(ctx, cfg) : null,
      editable,
      locked: this.#draft !== null,
      onAdd: (e) => this.#open(ctx, emptyDraft(offeredTypes(cfg)[0], b.id), e),
    });
  }

  render(ctx: KybContext): TemplateResult {
    this.#ctx = ctx;
    if (!this.#started) {
      this.#started = true;
      this.#loadDocuments(ctx);
    }
    const cfg = beneficiaryConfig(ctx.flow);
    const editable = !ctx.readOnly && !cfg.readOnly;
    const problems = ctx.stepChecked
      ? listMessages(this.#list, cfg, ctx.locale, (id) => this.#documents.loaded(id)).filter(
          (p) => p.kind !== 'document',
        )
      : [];
    const adding = this.#draft !== null && this.#draft.id === null && this.#draft.parent === null;
    return html`<div class="beneficiaries" part="beneficiaries">
      ${cfg.description ? html`<p class="step-description" part="description"><bdi>${cfg.description}</bdi></p>` : nothing}
      ${
        cfg.threshold !== null
          ? html`<p class="ben-threshold" part="threshold" id="ben-threshold">
              ${thresholdText(ctx.locale, cfg)}
            </p>`
          : nothing
      }
      ${
        problems.length
          ? html`<div class="field-error" part="field-error" id="ben-list-err" role="alert">
              ${problems.map((p) => html`<p>${p.message}</p>`)}
            </div>`
          : nothing
      }
      ${
        this.#list.length
          ? html`<ul class="ben-list list" part="beneficiary-list" aria-label=${msg('Beneficiaries')}>
              ${this.#ownersOf(null).map((b) => this.#renderCard(ctx, cfg, b, editable))}
            </ul>`
          : html`<p class="ben-empty">${msg('No beneficiaries added yet.')}</p>`
      }
      ${
        adding
          ? this.#renderForm(ctx, cfg)
          : editable
            ? html`<button
                type="button"
                class="btn btn-primary"
                part="button add-button"
                id=${ADD_BUTTON_ID}
                aria-describedby=${problems.length ? 'ben-list-err' : nothing}
                @click=${(e: Event) => this.#open(ctx, emptyDraft(offeredTypes(cfg)[0]), e)}
              >
                ${msg('Add a beneficiary')}
              </button>`
            : nothing
      }
    </div>`;
  }

  #renderCard(ctx: KybContext, cfg: BeneficiaryConfig, b: Beneficiary, editable: boolean): TemplateResult {
    const key = this.#key(b.id);
    const name = beneficiaryName(b);
    const editing = this.#draft?.id === b.id;
    const confirming = this.#removal.confirming === b.id;
    const details = renderDetails(b, ctx.locale);
    const moveFocus = (e: Event, to: string, change: () => void) => {
      this.#focus.remember(e);
      change();
      ctx.requestUpdate();
      this.#focus.later(to);
    };
    const actions =
      editable && !editing
        ? renderCardActions({
            key,
            name,
            confirming,
            removing: this.#removal.removing === b.id,
            removeError: this.#removal.error?.id === b.id ? this.#removal.error.message : null,
            locked: this.#draft !== null,
            onEdit: (e) => this.#open(ctx, draftFromBeneficiary(b, ctx.locale), e),
            onAskRemove: (e) => moveFocus(e, `${key}-keep`, () => this.#removal.ask(b.id)),
            onConfirmRemove: (e) => {
              this.#focus.remember(e);
              void this.#remove(ctx, b);
            },
            onKeep: (e) => moveFocus(e, `${key}-remove`, () => this.#removal.ask(null)),
          })
        : nothing;
    return html`<li class="ben-card card" part="beneficiary" id=${key}>
      <h4 class="ben-name" part="beneficiary-name" id="${key}-name" tabindex="-1">${name}</h4>
      ${editing ? this.#renderForm(ctx, cfg) : html`${details} ${actions}`}
      ${this.#documents.render(ctx, cfg, b)} ${this.#renderOwners(ctx, cfg, b, editable)}
    </li>`;
  }

  #renderForm(ctx: KybContext, cfg: BeneficiaryConfig): TemplateResult {
    const d = this.#draft;
    if (!d) return html``;
    const errors = this.#errors(ctx, cfg);
    const submit = ctx.stepChecked || this.#saveAttempted;
    const parent = d.parent ? this.#list.find((b) => b.id === d.parent) : undefined;
    const ownerOf = parent ? beneficiaryName(parent) : null;
    const t = cfg.threshold !== null ? formatPct(cfg.threshold, ctx.locale) : null;
    return renderForm({
      draft: d,
      cfg,
      locale: ctx.locale,
      error: (f) =>
        (this.#feedback.shows(fieldId(f, d, cfg), submit) ? (errors[f] ?? null) : null) ??
        this.#serverErrors[f] ??
        null,
      ownerOf,
      saving: this.#saving,
      saveError: this.#saveError,
      update: (patch, id) => this.#update(ctx, patch, id),
      // The values at call time, not at render time: several fields may change before the next render
      // (autofill, scripted input).
      setValue: (key, text, id) =>
        this.#update(ctx, { values: { ...(this.#draft ?? d).values, [key]: text } }, id, key),
      left: (id) => this.#left(ctx, id),
      rerender: () => ctx.requestUpdate(),
      save: (e) => {
        this.#focus.remember(e);
        this.#inflight = this.#save(ctx).catch(() => false);
      },
      cancel: (e) => this.#cancel(ctx, e),
      ownershipHint:
        t !== null && !parent
          ? msg(str`A number from 0 to 100; decimals are allowed. Owners of ${t}% or more must be listed.`)
          : msg('A number from 0 to 100; decimals are allowed.'),
    });
  }

  #left(ctx: KybContext, id: string) {
    this.#feedback.left(id);
    ctx.requestUpdate();
  }

  /**
   * The review summary: each beneficiary with its fields and documents (see summary.ts). Loads the
   * documents when the step was never shown (the review can be the first screen).
   */
  summary(ctx: KybContext): TemplateResult {
    if (!this.#started) {
      this.#started = true;
      this.#loadDocuments(ctx);
    }
    const cfg = beneficiaryConfig(ctx.flow);
    return renderBeneficiarySummary({
      list: treeOrder(this.#list),
      all: this.#list,
      cfg,
      locale: ctx.locale,
      editable: !ctx.readOnly && !cfg.readOnly,
      key: (id) => this.#key(id),
      docs: (id) => {
        const load = this.#documents.status(id);
        return {
          status: load.status,
          message: load.status === 'error' ? load.message : undefined,
          docs: this.#documents.set(id).docs,
        };
      },
      listIssues: ctx.readOnly ? [] : this.validate(ctx).filter((i) => !i.id.endsWith('-upload')),
    });
  }

  validate(ctx: KybContext): FieldIssue[] {
    if (ctx.readOnly) return [];
    const cfg = beneficiaryConfig(ctx.flow);
    const draft = this.#draftChanged ? this.#draft : null;
    return stepIssues({
      list: this.#list,
      cfg,
      locale: ctx.locale,
      draft,
      errors: draft ? this.#errors(ctx, cfg) : {},
      formOpen: this.#draft !== null,
      key: (id) => this.#key(id),
      documentsLoaded: (id) => this.#documents.loaded(id),
    });
  }

  async flush(ctx: KybContext): Promise<void> {
    if (this.#inflight) await this.#inflight;
    if (this.#draft && this.#draftChanged && !ctx.readOnly) await this.#save(ctx);
    await this.#documents.flush(ctx);
  }
}

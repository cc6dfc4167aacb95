/**
 * The beneficiaries step of `<kyb-form>`: the list of beneficiaries (persons and companies) with
 * add, edit and remove in an inline form, the flow's fields, ownership rules and, per beneficiary,
 * its documents (upload, view, rename).
 *
 * Parts: `beneficiaries`, `beneficiary` (a card), `beneficiary-name`, `beneficiary-form`,
 * `beneficiary-documents`, `document-requirements`, `confirm`, plus those of `DocumentSet`.
 * Ids start with `ben-`.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg, str } from '@lit/localize';
import { ApiError } from '../../api/http.ts';
import { BeneficiaryCreate, BeneficiaryPatch, type Beneficiary } from '../../api/kyb.ts';
import type { FieldIssue, KybContext, StepController } from '../context.ts';
import { uniqueById } from '../state.ts';
import { describedBy, FeedbackTracker, renderField, FocusMover } from '../field.ts';
import { errorMessage } from '../documents/errors.ts';
import { docTypeLabel } from '../documents/state.ts';
import { DocumentSet } from '../documents/uploader.ts';
import { renderSummaryList } from '../review/review.ts';
import {
  BENEFICIARY_TYPES,
  beneficiaryConfig,
  beneficiaryName,
  countryName,
  countryOptions,
  createBody,
  draftFromBeneficiary,
  emptyDraft,
  listProblems,
  patchBody,
  serverFieldErrors,
  typeLabel,
  typeShortLabel,
  validateDraft,
  type BeneficiaryConfig,
  type BeneficiaryDraft,
  type BeneficiaryTypeName,
  type DraftErrors,
  type DraftField,
  type InfoType,
} from './state.ts';
import { addMessages } from '../../i18n/index.ts';
import { messages as documentsMessages } from '../../i18n/generated/kyb-documents/index.ts';
import { messages as beneficiariesMessages } from '../../i18n/generated/kyb-beneficiaries/index.ts';

type DocLoad = { status: 'loading' } | { status: 'loaded' } | { status: 'error'; message: string };

const FORM = 'ben-f';
export const ADD_BUTTON_ID = 'ben-add';

/** DOM id of each draft field's control. */
const fieldId = (f: DraftField): string => {
  switch (f) {
    case 'types':
      return `${FORM}-type-${BENEFICIARY_TYPES[0]}`;
    case 'infoType':
      return `${FORM}-kind-individual`;
    default:
      return `${FORM}-${f}`;
  }
};

const FIELD_ORDER: DraftField[] = [
  'infoType',
  'name',
  'surname',
  'companyName',
  'dateOfBirth',
  'nationality',
  'email',
  'country',
  'registrationNumber',
  'types',
  'position0',
  'position1',
  'position2',
  'ownership',
  'formFiller',
];

const formatPct = (n: number, locale: string) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(n);

/** Loads this step's translations for the active locale (people have documents too: both groups). */
export const loadMessages = (): Promise<void> => addMessages(documentsMessages, beneficiariesMessages);

export class BeneficiariesStep implements StepController {
  #list: Beneficiary[];
  readonly #docs = new Map<string, DocumentSet>();
  readonly #docLoad = new Map<string, DocLoad>();
  readonly #keys = new Map<string, number>();
  #started = false;

  #draft: BeneficiaryDraft | null = null;
  #draftStart = '';
  #feedback = new FeedbackTracker();
  #saveAttempted = false;
  #saving = false;
  #saveError: string | null = null;
  #serverErrors: DraftErrors = {};
  #inflight: Promise<unknown> | null = null;

  #confirmRemove: string | null = null;
  #removing: string | null = null;
  #removeError: { id: string; message: string } | null = null;

  readonly #focus = new FocusMover();

  constructor(init: { beneficiaries: Beneficiary[] }) {
    this.#list = [...init.beneficiaries];
    for (const b of this.#list) this.#docSet(b.id);
  }

  /** The saved beneficiaries. */
  get beneficiaries(): readonly Beneficiary[] {
    return this.#list;
  }

  get dirty(): boolean {
    if (this.#saving || this.#removing) return true;
    if (this.#draft && this.#draftChanged) return true;
    for (const set of this.#docs.values()) if (set.dirty) return true;
    return false;
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

  #docSet(beneficiaryId: string): DocumentSet {
    let set = this.#docs.get(beneficiaryId);
    if (!set) {
      set = new DocumentSet(`${this.#key(beneficiaryId)}-doc`, [], (ctx) => ({
        upload: (doc, onProgress) =>
          ctx.client.uploadBeneficiaryDocument(ctx.formId, beneficiaryId, doc, {
            onUploadProgress: onProgress,
          }),
        retrieve: (id) => ctx.client.getBeneficiaryDocument(ctx.formId, beneficiaryId, id),
        rename: (id, filename) =>
          ctx.client.renameBeneficiaryDocument(ctx.formId, beneficiaryId, id, filename),
      }));
      this.#docs.set(beneficiaryId, set);
    }
    return set;
  }

  /* ------------------------------------------------------------ documents loading */

  #loadDocs(ctx: KybContext, beneficiaryId: string, fromRender = false): Promise<void> {
    this.#docLoad.set(beneficiaryId, { status: 'loading' });
    if (!fromRender) ctx.requestUpdate();
    return ctx.client.listBeneficiaryDocuments(ctx.formId, beneficiaryId).then(
      (list) => {
        const docs = uniqueById(list);
        const set = this.#docSet(beneficiaryId);
        const known = new Set(docs.map((d) => d.id));
        set.docs = [...docs, ...set.docs.filter((d) => !known.has(d.id))];
        this.#docLoad.set(beneficiaryId, { status: 'loaded' });
        ctx.requestUpdate();
      },
      (err: unknown) => {
        this.#docLoad.set(beneficiaryId, { status: 'error', message: errorMessage(err) });
        ctx.requestUpdate();
      },
    );
  }

  /* ------------------------------------------------------------ the form */

  #open(ctx: KybContext, draft: BeneficiaryDraft, e: Event) {
    this.#focus.remember(e);
    this.#draft = draft;
    this.#draftStart = JSON.stringify(draft);
    this.#feedback.reset();
    this.#saveAttempted = false;
    this.#saveError = null;
    this.#serverErrors = {};
    this.#confirmRemove = null;
    ctx.requestUpdate();
    this.#focus.later(
      draft.id === null
        ? `${FORM}-kind-individual`
        : fieldId(draft.infoType === 'INDIVIDUAL' ? 'name' : 'companyName'),
    );
  }

  #cancel(ctx: KybContext, e: Event) {
    this.#focus.remember(e);
    const id = this.#draft?.id ?? null;
    this.#draft = null;
    this.#saveError = null;
    ctx.requestUpdate();
    this.#focus.later(id ? `${this.#key(id)}-edit` : ADD_BUTTON_ID);
  }

  #update(ctx: KybContext, patch: Partial<BeneficiaryDraft>, id?: string) {
    if (!this.#draft) return;
    this.#draft = { ...this.#draft, ...patch };
    for (const k of Object.keys(patch)) {
      const f = (k === 'types' ? 'types' : k === 'positions' ? null : k) as DraftField | null;
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

  /** Saves the open draft. Resolves false when it is invalid; rejects with the ApiError of a failed call. */
  async #save(ctx: KybContext): Promise<boolean> {
    const draft = this.#draft;
    if (!draft || this.#saving) return false;
    const cfg = beneficiaryConfig(ctx.flow);
    this.#saveAttempted = true;
    const errors = this.#errors(ctx, cfg);
    const first = FIELD_ORDER.find((f) => errors[f]);
    if (first) {
      ctx.requestUpdate();
      this.#focus.later(fieldId(first));
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
        saved = await ctx.client.createBeneficiary(
          ctx.formId,
          BeneficiaryCreate.parse(createBody(draft, cfg)),
        );
        this.#list = [...this.#list, saved];
        this.#docSet(saved.id);
        this.#docLoad.set(saved.id, { status: 'loaded' });
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
    this.#removing = b.id;
    this.#removeError = null;
    ctx.report({ kind: 'beneficiary', state: 'saving', id: b.id });
    ctx.requestUpdate();
    try {
      await ctx.client.deleteBeneficiary(ctx.formId, b.id);
      this.#list = this.#list.filter((x) => x.id !== b.id);
      this.#docs.delete(b.id);
      this.#docLoad.delete(b.id);
      this.#confirmRemove = null;
      ctx.report({ kind: 'beneficiary', state: 'saved', id: b.id });
      this.#focus.later(ADD_BUTTON_ID);
    } catch (err) {
      this.#removeError = { id: b.id, message: errorMessage(err) };
      ctx.report({
        kind: 'beneficiary',
        state: 'error',
        id: b.id,
        error: err instanceof ApiError ? err : undefined,
      });
    } finally {
      this.#removing = null;
      ctx.requestUpdate();
    }
  }

  /* ------------------------------------------------------------ render */

  render(ctx: KybContext): TemplateResult {
    if (!this.#started) {
      this.#started = true;
      for (const b of this.#list) void this.#loadDocs(ctx, b.id, true);
    }
    const cfg = beneficiaryConfig(ctx.flow);
    const editable = !ctx.readOnly && !cfg.readOnly;
    const problems = ctx.submitAttempted
      ? this.#listMessages(ctx, cfg).filter((p) => p.kind !== 'document')
      : [];
    const adding = this.#draft !== null && this.#draft.id === null;
    return html`<div class="beneficiaries" part="beneficiaries">
      ${cfg.description ? html`<p class="step-description" part="description">${cfg.description}</p>` : nothing}
      ${
        cfg.threshold !== null
          ? html`<p class="ben-threshold" part="threshold" id="ben-threshold">
              ${this.#thresholdText(ctx, cfg)}
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
              ${this.#list.map((b) => this.#renderCard(ctx, cfg, b, editable))}
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
                @click=${(e: Event) => this.#open(ctx, emptyDraft(), e)}
              >
                ${msg('Add a beneficiary')}
              </button>`
            : nothing
      }
    </div>`;
  }

  #thresholdText(ctx: KybContext, cfg: BeneficiaryConfig): string {
    const t = formatPct(cfg.threshold ?? 0, ctx.locale);
    return cfg.atLeastOne
      ? msg(
          str`List every shareholder and ultimate beneficial owner (UBO) who owns ${t}% or more of the company. At least one UBO or one owner of ${t}% or more is needed.`,
        )
      : msg(
          str`List every shareholder and ultimate beneficial owner (UBO) who owns ${t}% or more of the company.`,
        );
  }

  #listMessages(ctx: KybContext, cfg: BeneficiaryConfig) {
    const problems = listProblems(this.#list, cfg, (id) =>
      this.#docLoad.get(id)?.status === 'loaded' ? this.#docSet(id).docs : null,
    );
    return problems.map((p) => {
      switch (p.kind) {
        case 'required':
          return { ...p, message: msg('Add at least one beneficiary.') };
        case 'threshold': {
          const t = formatPct(p.threshold, ctx.locale);
          return {
            ...p,
            message: msg(
              str`Add at least one ultimate beneficial owner (UBO) or a beneficiary who owns ${t}% or more of the company.`,
            ),
          };
        }
        case 'total': {
          const t = formatPct(p.total, ctx.locale);
          return { ...p, message: msg(str`The total ownership is ${t}%; it cannot exceed 100%.`) };
        }
        case 'document': {
          const d = docTypeLabel(p.docType);
          return { ...p, message: msg(str`Upload this document: ${d}.`) };
        }
      }
    });
  }

  #renderCard(ctx: KybContext, cfg: BeneficiaryConfig, b: Beneficiary, editable: boolean): TemplateResult {
    const key = this.#key(b.id);
    const name = beneficiaryName(b);
    const editing = this.#draft?.id === b.id;
    const confirming = this.#confirmRemove === b.id;
    const hiddenName = html`<span class="visually-hidden"> ${name}</span>`;
    const types = b.beneficiaryTypes.map(typeShortLabel).join(', ');
    const pct =
      typeof b.ownershipPercentage === 'number' ? formatPct(b.ownershipPercentage, ctx.locale) : null;
    const details = html`<dl class="ben-details" part="beneficiary-details">
      <div>
        <dt>${msg('Kind')}</dt>
        <dd>${b.infoType === 'COMPANY' ? msg('Company') : msg('Person')}</dd>
      </div>
      <div>
        <dt>${msg('Roles')}</dt>
        <dd>${types || '—'}</dd>
      </div>
      ${
        pct !== null
          ? html`<div>
              <dt>${msg('Ownership')}</dt>
              <dd>${msg(str`${pct}%`)}</dd>
            </div>`
          : nothing
      }
      ${
        b.positions?.length
          ? html`<div>
              <dt>${msg('Positions')}</dt>
              <dd>${b.positions.join(', ')}</dd>
            </div>`
          : nothing
      }
      ${
        b.infoType === 'INDIVIDUAL' && b.info.nationality
          ? html`<div>
              <dt>${msg('Nationality')}</dt>
              <dd>${countryName(b.info.nationality, ctx.locale)}</dd>
            </div>`
          : nothing
      }
      ${
        b.infoType === 'COMPANY' && b.info.country
          ? html`<div>
              <dt>${msg('Country')}</dt>
              <dd>${countryName(b.info.country, ctx.locale)}</dd>
            </div>`
          : nothing
      }
      ${
        b.formFiller
          ? html`<div>
              <dt>${msg('Form filler')}</dt>
              <dd>${msg('Yes')}</dd>
            </div>`
          : nothing
      }
    </dl>`;
    const actions =
      editable && !editing
        ? confirming
          ? html`<div class="ben-confirm" part="confirm" role="group" aria-labelledby="${key}-confirm-text">
              <p id="${key}-confirm-text">${msg(str`Remove ${name}? Their documents are removed too.`)}</p>
              <button
                type="button"
                class="btn btn-danger"
                part="button danger-button"
                id="${key}-confirm-remove"
                ?disabled=${this.#removing === b.id}
                @click=${(e: Event) => {
                  this.#focus.remember(e);
                  void this.#remove(ctx, b);
                }}
              >
                ${this.#removing === b.id ? msg('Removing…') : msg('Yes, remove')}${hiddenName}
              </button>
              <button
                type="button"
                class="btn btn-secondary"
                part="button"
                id="${key}-keep"
                ?disabled=${this.#removing === b.id}
                @click=${(e: Event) => {
                  this.#focus.remember(e);
                  this.#confirmRemove = null;
                  this.#removeError = null;
                  ctx.requestUpdate();
                  this.#focus.later(`${key}-remove`);
                }}
              >
                ${msg('Keep')}${hiddenName}
              </button>
              ${
                this.#removeError?.id === b.id
                  ? html`<p class="field-error" part="field-error" role="alert">
                      ${this.#removeError.message}
                    </p>`
                  : nothing
              }
            </div>`
          : html`<div class="ben-actions" part="actions">
              <button
                type="button"
                class="btn btn-secondary"
                part="button edit-button"
                id="${key}-edit"
                ?disabled=${this.#draft !== null}
                @click=${(e: Event) => this.#open(ctx, draftFromBeneficiary(b, ctx.locale), e)}
              >
                ${msg('Edit')}${hiddenName}
              </button>
              <button
                type="button"
                class="btn btn-secondary"
                part="button remove-button"
                id="${key}-remove"
                ?disabled=${this.#draft !== null}
                @click=${(e: Event) => {
                  this.#focus.remember(e);
                  this.#confirmRemove = b.id;
                  this.#removeError = null;
                  ctx.requestUpdate();
                  this.#focus.later(`${key}-keep`);
                }}
              >
                ${msg('Remove')}${hiddenName}
              </button>
            </div>`
        : nothing;
    return html`<li class="ben-card card" part="beneficiary" id=${key}>
      <h4 class="ben-name" part="beneficiary-name" id="${key}-name" tabindex="-1">${name}</h4>
      ${editing ? this.#renderForm(ctx, cfg) : html`${details} ${actions}`} ${this.#renderDocs(ctx, cfg, b)}
    </li>`;
  }

  #renderDocs(ctx: KybContext, cfg: BeneficiaryConfig, b: Beneficiary): TemplateResult | typeof nothing {
    const key = this.#key(b.id);
    const set = this.#docSet(b.id);
    const load = this.#docLoad.get(b.id) ?? { status: 'loading' };
    if (cfg.documents.length === 0 && set.docs.length === 0) return nothing;
    const name = beneficiaryName(b);
    const slotId = `${key}-upload`;
    const missing = cfg.documents.filter((r) => r.required && !set.docs.some((d) => d.type === r.docType));
    const types = [...cfg.documents].sort(
      (a, c) => Number(missing.includes(c)) - Number(missing.includes(a)),
    );
    const showMissing = ctx.submitAttempted && load.status === 'loaded' && missing.length > 0;
    const withDescriptions = ctx.flow !== null && cfg.documents.length > 0;
    return html`<div
      class="ben-docs"
      part="beneficiary-documents"
      role="group"
      aria-labelledby="${key}-docs-heading"
    >
      <h5 class="ben-docs-heading" id="${key}-docs-heading">${msg(str`Documents of ${name}`)}</h5>
      ${
        withDescriptions
          ? html`<ul class="doc-requirements" part="document-requirements">
              ${cfg.documents.map((r) => {
                const done = set.docs.some((d) => d.type === r.docType);
                return html`<li>
                  <strong>${docTypeLabel(r.docType)}</strong>
                  ${r.required ? html`(${msg('required')})` : html`(${msg('optional')})`}
                  ${r.description ? html`<span class="field-description">${r.description}</span>` : nothing}
                  <span class="doc-state">${done ? msg('Uploaded') : msg('Not uploaded yet')}</span>
                </li>`;
              })}
            </ul>`
          : nothing
      }
      <div aria-live="polite" class="ben-docs-status">
        ${load.status === 'loading' ? html`<span>${msg('Loading documents…')}</span>` : nothing}
      </div>
      ${
        load.status === 'error'
          ? html`<p class="field-error" part="field-error" role="alert">${load.message}</p>
              <button
                type="button"
                class="btn btn-secondary"
                part="button retry-button"
                @click=${() => void this.#loadDocs(ctx, b.id)}
              >
                ${msg('Load the documents again')}
              </button>`
          : nothing
      }
      ${set.renderList(ctx, { label: msg(str`Documents of ${name}`) })}
      ${
        load.status === 'loaded' && cfg.documents.length > 0
          ? set.renderSlot(ctx, {
              id: slotId,
              label: msg(str`Upload a document for ${name}`),
              required: missing.length > 0,
              types: types.map((t) => t.docType),
              defaultType: missing[0]?.docType,
              error: showMissing
                ? msg(str`Still missing: ${missing.map((m) => docTypeLabel(m.docType)).join(', ')}.`)
                : null,
            })
          : nothing
      }
    </div>`;
  }

  #renderForm(ctx: KybContext, cfg: BeneficiaryConfig): TemplateResult {
    const d = this.#draft;
    if (!d) return html``;
    const errors = this.#errors(ctx, cfg);
    const submit = ctx.submitAttempted || this.#saveAttempted;
    const err = (f: DraftField) =>
      (this.#feedback.shows(fieldId(f), submit) ? (errors[f] ?? null) : null) ??
      this.#serverErrors[f] ??
      null;
    const isNew = d.id === null;
    const title = isNew ? msg('Add a beneficiary') : msg('Edit the beneficiary');
    const text = (
      f: 'name' | 'surname' | 'companyName' | 'email' | 'registrationNumber',
      label: string,
      required: boolean,
      o: { type?: string; autocomplete?: string; maxlength?: number } = {},
    ) => {
      const id = fieldId(f);
      const e = err(f);
      return renderField({
        id,
        label,
        required,
        error: e,
        control: html`<input
          id=${id}
          part="input"
          type=${o.type ?? 'text'}
          autocomplete=${o.autocomplete ?? 'off'}
          maxlength=${o.maxlength ?? nothing}
          .value=${d[f]}
          aria-describedby=${describedBy(id, false, !!e)}
          aria-invalid=${e ? 'true' : 'false'}
          aria-required=${required ? 'true' : 'false'}
          @input=${(ev: Event) => this.#update(ctx, { [f]: (ev.target as HTMLInputElement).value }, id)}
          @focusout=${() => this.#left(ctx, id)}
        />`,
      });
    };
    const country = (f: 'nationality' | 'country', label: string, required: boolean) => {
      const id = fieldId(f);
      const e = err(f);
      const value = d[f];
      return renderField({
        id,
        label,
        required,
        error: e,
        control: html`<select
          id=${id}
          part="select"
          aria-describedby=${describedBy(id, false, !!e)}
          aria-invalid=${e ? 'true' : 'false'}
          aria-required=${required ? 'true' : 'false'}
          @change=${(ev: Event) => {
            this.#update(ctx, { [f]: (ev.target as HTMLSelectElement).value }, id);
            this.#left(ctx, id);
          }}
          @focusout=${() => this.#left(ctx, id)}
        >
          <option value="" ?selected=${value === ''}>${msg('Choose a country')}</option>
          ${countryOptions(ctx.locale).map(
            (c) => html`<option value=${c.code} ?selected=${c.code === value}>${c.name}</option>`,
          )}
        </select>`,
      });
    };
    const req = (f: Parameters<BeneficiaryConfig['required']['has']>[0]) => cfg.required.has(f);
    const kind = isNew
      ? renderField({
          id: `${FORM}-kind`,
          label: msg('This beneficiary is'),
          group: true,
          required: true,
          control: html`${(['INDIVIDUAL', 'COMPANY'] as InfoType[]).map((k) => {
            const id = k === 'INDIVIDUAL' ? `${FORM}-kind-individual` : `${FORM}-kind-company`;
            return html`<div class="option">
              <input
                type="radio"
                id=${id}
                name="${FORM}-kind"
                .checked=${d.infoType === k}
                @change=${() => this.#update(ctx, { infoType: k })}
              />
              <label for=${id}>${k === 'INDIVIDUAL' ? msg('A person') : msg('A company')}</label>
            </div>`;
          })}`,
        })
      : nothing;
    const typesId = `${FORM}-types`;
    const typesErr = err('types');
    const onTypes = (t: BeneficiaryTypeName, checked: boolean) => {
      const types = checked ? [...d.types, t] : d.types.filter((x) => x !== t);
      this.#update(ctx, { types: BENEFICIARY_TYPES.filter((x) => types.includes(x)) }, fieldId('types'));
    };
    const types = renderField({
      id: typesId,
      label: msg('Roles'),
      group: true,
      required: true,
      description: msg('Choose every role that applies.'),
      error: typesErr,
      control: html`${BENEFICIARY_TYPES.map((t) => {
        const id = `${FORM}-type-${t}`;
        return html`<div class="option">
          <input
            type="checkbox"
            id=${id}
            .checked=${d.types.includes(t)}
            aria-describedby=${describedBy(typesId, true, !!typesErr)}
            @change=${(ev: Event) => onTypes(t, (ev.target as HTMLInputElement).checked)}
            @focusout=${() => this.#left(ctx, fieldId('types'))}
          />
          <label for=${id}>${typeLabel(t)}</label>
        </div>`;
      })}`,
    });
    const positionsErr = err('position0') ?? err('position1') ?? err('position2');
    const positions = cfg.shown.has('positions')
      ? renderField({
          id: `${FORM}-positions`,
          label: msg('Positions'),
          group: true,
          required: req('positions'),
          description: msg('Up to 3 positions, for example Director. At most 50 characters each.'),
          control: html`${([0, 1, 2] as const).map((i) => {
            const f = `position${i}` as DraftField;
            const id = fieldId(f);
            const e = err(f);
            const n = i + 1;
            return renderField({
              id,
              label: msg(str`Position ${n}`),
              error: e,
              control: html`<input
                id=${id}
                part="input"
                type="text"
                maxlength="60"
                .value=${d.positions[i]}
                aria-describedby=${describedBy(id, false, !!e)}
                aria-invalid=${e ? 'true' : 'false'}
                @input=${(ev: Event) => {
                  const p: [string, string, string] = [...d.positions];
                  p[i] = (ev.target as HTMLInputElement).value;
                  this.#update(ctx, { positions: p }, id);
                }}
                @focusout=${() => this.#left(ctx, id)}
              />`,
            });
          })}`,
        })
      : nothing;
    void positionsErr;
    const ownId = fieldId('ownership');
    const ownErr = err('ownership');
    const ownDesc =
      cfg.threshold !== null
        ? msg(
            str`A number from 0 to 100; decimals are allowed. Owners of ${formatPct(cfg.threshold, ctx.locale)}% or more must be listed.`,
          )
        : msg('A number from 0 to 100; decimals are allowed.');
    const ownership = cfg.shown.has('ownershipPercentage')
      ? renderField({
          id: ownId,
          label: msg('Ownership (%)'),
          required: req('ownershipPercentage'),
          description: ownDesc,
          error: ownErr,
          control: html`<input
            id=${ownId}
            part="input"
            type="text"
            inputmode="decimal"
            autocomplete="off"
            .value=${d.ownership}
            aria-describedby=${describedBy(ownId, true, !!ownErr)}
            aria-invalid=${ownErr ? 'true' : 'false'}
            aria-required=${req('ownershipPercentage') ? 'true' : 'false'}
            @input=${(ev: Event) => this.#update(ctx, { ownership: (ev.target as HTMLInputElement).value }, ownId)}
            @focusout=${() => this.#left(ctx, ownId)}
          />`,
        })
      : nothing;
    const dobId = fieldId('dateOfBirth');
    const dobErr = err('dateOfBirth');
    const info =
      d.infoType === 'INDIVIDUAL'
        ? html`${text('name', msg('First name'), true, { autocomplete: 'off', maxlength: 100 })}
          ${text('surname', msg('Last name'), true, { autocomplete: 'off', maxlength: 100 })}
          ${
            cfg.shown.has('dateOfBirth')
              ? renderField({
                  id: dobId,
                  label: msg('Date of birth'),
                  required: req('dateOfBirth'),
                  error: dobErr,
                  control: html`<input
                    id=${dobId}
                    part="input"
                    type="date"
                    max=${new Date().toISOString().slice(0, 10)}
                    .value=${d.dateOfBirth}
                    aria-describedby=${describedBy(dobId, false, !!dobErr)}
                    aria-invalid=${dobErr ? 'true' : 'false'}
                    aria-required=${req('dateOfBirth') ? 'true' : 'false'}
                    @input=${(ev: Event) =>
                      this.#update(ctx, { dateOfBirth: (ev.target as HTMLInputElement).value }, dobId)}
                    @change=${(ev: Event) =>
                      this.#update(ctx, { dateOfBirth: (ev.target as HTMLInputElement).value }, dobId)}
                    @focusout=${() => this.#left(ctx, dobId)}
                  />`,
                })
              : nothing
          }
          ${cfg.shown.has('nationality') ? country('nationality', msg('Nationality'), req('nationality')) : nothing}
          ${
            cfg.shown.has('email')
              ? text('email', msg('Email address'), req('email'), {
                  type: 'email',
                  autocomplete: 'off',
                  maxlength: 254,
                })
              : nothing
          }`
        : html`${text('companyName', msg('Company name'), true, { maxlength: 200 })}
          ${cfg.shown.has('country') ? country('country', msg('Country of registration'), req('country')) : nothing}
          ${
            cfg.shown.has('registrationNumber')
              ? text('registrationNumber', msg('Registration number'), req('registrationNumber'), {
                  maxlength: 100,
                })
              : nothing
          }`;
    const fillerId = `${FORM}-formFiller`;
    return html`<div class="ben-form" part="beneficiary-form" role="group" aria-labelledby="${FORM}-title">
      ${
        isNew
          ? html`<h4 id="${FORM}-title" class="ben-form-title">${title}</h4>`
          : html`<h5 id="${FORM}-title" class="ben-form-title">${title}</h5>`
      }
      ${kind} ${info} ${types} ${positions} ${ownership}
      <div class="field option" part="field">
        <input
          type="checkbox"
          id=${fillerId}
          .checked=${d.formFiller}
          @change=${(ev: Event) => this.#update(ctx, { formFiller: (ev.target as HTMLInputElement).checked })}
        />
        <label for=${fillerId}>${msg('This beneficiary is the person filling in this form')}</label>
      </div>
      ${
        this.#saveError
          ? html`<p class="field-error" part="field-error" id="${FORM}-save-error" role="alert" tabindex="-1">
              ${msg('Not saved.')} ${this.#saveError}
            </p>`
          : nothing
      }
      <div class="ben-form-actions" part="actions">
        <button
          type="button"
          class="btn btn-primary"
          part="button save-button"
          id="${FORM}-save"
          ?disabled=${this.#saving}
          @click=${(e: Event) => {
            this.#focus.remember(e);
            this.#inflight = this.#save(ctx).catch(() => false);
          }}
        >
          ${
            this.#saving
              ? msg('Saving…')
              : this.#saveError
                ? msg('Try saving again')
                : isNew
                  ? msg('Save the beneficiary')
                  : msg('Save the changes')
          }
        </button>
        <button
          type="button"
          class="btn btn-secondary"
          part="button cancel-button"
          id="${FORM}-cancel"
          ?disabled=${this.#saving}
          @click=${(e: Event) => this.#cancel(ctx, e)}
        >
          ${msg('Cancel')}
        </button>
      </div>
    </div>`;
  }

  #left(ctx: KybContext, id: string) {
    this.#feedback.left(id);
    ctx.requestUpdate();
  }

  /** A read-only summary for the review step: one row per beneficiary. */
  summary(ctx: KybContext): TemplateResult {
    if (this.#list.length === 0) return html`<p class="hint">${msg('No beneficiaries added yet.')}</p>`;
    return renderSummaryList(
      this.#list.map((b) => {
        const parts = [b.infoType === 'COMPANY' ? msg('Company') : msg('Person')];
        if (b.beneficiaryTypes.length) parts.push(b.beneficiaryTypes.map(typeShortLabel).join(', '));
        if (typeof b.ownershipPercentage === 'number') {
          const pct = formatPct(b.ownershipPercentage, ctx.locale);
          parts.push(msg(str`${pct}%`));
        }
        if (this.#docLoad.get(b.id)?.status === 'loaded') {
          const n = this.#docSet(b.id).docs.length;
          parts.push(msg(str`Documents: ${n}`));
        }
        return { label: beneficiaryName(b), value: parts.join(' · ') };
      }),
    );
  }

  /* ------------------------------------------------------------ validate and flush */

  validate(ctx: KybContext): FieldIssue[] {
    if (ctx.readOnly) return [];
    const cfg = beneficiaryConfig(ctx.flow);
    const issues: FieldIssue[] = [];
    const draft = this.#draft;
    if (draft && this.#draftChanged) {
      const errors = this.#errors(ctx, cfg);
      for (const f of FIELD_ORDER) {
        const m = errors[f];
        if (m) issues.push({ id: fieldId(f), label: this.#fieldLabel(f), message: m, step: 'beneficiaries' });
      }
    }
    const firstCard = this.#list[0] ? `${this.#key(this.#list[0].id)}-name` : 'kyb-step-heading';
    const addTarget =
      draft && draft.id === null ? fieldId('infoType') : cfg.readOnly ? firstCard : ADD_BUTTON_ID;
    for (const p of this.#listMessages(ctx, cfg)) {
      if (p.kind === 'required' || p.kind === 'threshold') {
        issues.push({
          id: addTarget,
          label: msg('Beneficiaries'),
          message: p.message,
          step: 'beneficiaries',
        });
      } else if (p.kind === 'total') {
        const last = [...this.#list].reverse().find((b) => typeof b.ownershipPercentage === 'number');
        const id = last && !cfg.readOnly && this.#draft === null ? `${this.#key(last.id)}-edit` : firstCard;
        issues.push({ id, label: msg('Ownership (%)'), message: p.message, step: 'beneficiaries' });
      } else {
        const b = this.#list.find((x) => x.id === p.beneficiaryId);
        if (!b) continue;
        const name = beneficiaryName(b);
        issues.push({
          id: `${this.#key(b.id)}-upload`,
          label: msg(str`Upload a document for ${name}`),
          message: p.message,
          step: 'beneficiaries',
        });
      }
    }
    return issues;
  }

  #fieldLabel(f: DraftField): string {
    switch (f) {
      case 'infoType':
        return msg('This beneficiary is');
      case 'name':
        return msg('First name');
      case 'surname':
        return msg('Last name');
      case 'companyName':
        return msg('Company name');
      case 'dateOfBirth':
        return msg('Date of birth');
      case 'nationality':
        return msg('Nationality');
      case 'email':
        return msg('Email address');
      case 'country':
        return msg('Country of registration');
      case 'registrationNumber':
        return msg('Registration number');
      case 'types':
        return msg('Roles');
      case 'position0':
        return msg(str`Position ${1}`);
      case 'position1':
        return msg(str`Position ${2}`);
      case 'position2':
        return msg(str`Position ${3}`);
      case 'ownership':
        return msg('Ownership (%)');
      case 'formFiller':
        return msg('This beneficiary is the person filling in this form');
    }
  }

  async flush(ctx: KybContext): Promise<void> {
    if (this.#inflight) await this.#inflight;
    if (this.#draft && this.#draftChanged && !ctx.readOnly) await this.#save(ctx);
    for (const set of this.#docs.values()) await set.flush(ctx);
  }
}

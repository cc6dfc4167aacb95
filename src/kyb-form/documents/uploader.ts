/**
 * The reusable document piece of `<kyb-form>`, used by the beneficiaries step (per beneficiary) and
 * by the company documents step: upload slots (type and size checked before any request, progress
 * in a `<progress>` with a live percentage, retry after a failure) and the list of uploaded
 * documents (view in a new tab, rename keeping the extension).
 *
 * Parts: `document-slot`, `document-list`, `document`, `document-name`, `upload-status`,
 * `upload-progress`. Classes (styled by the shell): `.field*`, `.visually-hidden`, `.button`,
 * `.button-secondary`, `.button-link`, `.status`, `.doc-*`.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg, str } from '@lit/localize';
import { ApiError, newIdempotencyKey } from '../../api/http.ts';
import type { DocumentUpload, KybDocument } from '../../api/kyb.ts';

/**
 * Whether a failed write may have been saved all the same: the answer was lost (connection, timeout), the
 * service failed after receiving it (5xx), or the answer could not be read.
 */
export const unclear = (err: unknown): boolean =>
  err instanceof ApiError &&
  (err.kind === 'network' || err.kind === 'timeout' || err.kind === 'invalid-response' || err.status >= 500);

/** An upload before its type is mapped to a published document type. */
export type DocumentDraft = Omit<DocumentUpload, 'type'> & { type: string };
import type { KybContext } from '../context.ts';
import { describedBy, renderField, FocusMover } from '../field.ts';
import { DOCUMENT_ACCEPT, fileProblem, readAsBase64, uploadFilename } from '../files.ts';
import { errorMessage } from './errors.ts';
import { docTypeLabel, renameProblem, renamedFilename, safeDocumentUrl, splitFilename } from './state.ts';

/** The calls a document set needs; `retrieve` and `rename` exist for beneficiary documents only. */
export interface DocumentApi {
  /**
   * `doc.type` is the slot's type (a flow `docType`); the API maps it to a published type. `key` is the
   * idempotency key of this upload (the same for every retry of the same file).
   */
  upload(doc: DocumentDraft, onProgress: (fraction: number) => void, key: string): Promise<KybDocument>;
  /** The documents as the service has them now (to find out whether an unclear upload was saved). */
  list?: (() => Promise<KybDocument[]>) | undefined;
  retrieve?: ((id: string) => Promise<KybDocument>) | undefined;
  rename?: ((id: string, filename: string) => Promise<KybDocument>) | undefined;
}

/** One upload control. */
export interface SlotView {
  /** DOM id of the file input (unique in the shadow root). */
  id: string;
  label: string;
  description?: string | null | undefined;
  required: boolean;
  /** The document types the upload may have; a select shows when there are several. */
  types: readonly string[];
  /** Preferred type for the select (for example the first missing required one). */
  defaultType?: string | undefined;
  /** A validation error to show (already filtered by the feedback rule). */
  error?: string | null | undefined;
}

type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; filename: string; fraction: number }
  | { phase: 'done'; filename: string }
  | { phase: 'invalid'; message: string }
  | { phase: 'failed'; message: string; file: File; type: string; error: unknown };

interface ItemState {
  renaming: boolean;
  value: string;
  dirty: boolean;
  left: boolean;
  saving: boolean;
  error: string | null;
  viewing: boolean;
  viewUrl: string | null;
  viewError: string | null;
}

const newItemState = (): ItemState => ({
  renaming: false,
  value: '',
  dirty: false,
  left: false,
  saving: false,
  error: null,
  viewing: false,
  viewUrl: null,
  viewError: null,
});

const pageUrl = () => (typeof location === 'undefined' ? 'https://invalid.invalid/' : location.href);

/** Documents of one owner (a beneficiary, or the company) with their upload and rename state. */
export class DocumentSet {
  docs: KybDocument[];
  readonly #prefix: string;
  readonly #api: (ctx: KybContext) => DocumentApi;
  readonly #uploads = new Map<string, UploadState>();
  readonly #types = new Map<string, string>();
  readonly #items = new Map<string, ItemState>();
  readonly #keys = new Map<string, number>();
  readonly #inflight = new Set<Promise<void>>();
  readonly #focus = new FocusMover();

  /** `prefix` makes every DOM id unique (`doc-…` or `ben-…`). */
  /** One idempotency key per chosen file: a retry of the same file is the same write. */
  readonly #uploadKeys = new WeakMap<File, string>();

  constructor(prefix: string, docs: readonly KybDocument[], api: (ctx: KybContext) => DocumentApi) {
    this.#prefix = prefix;
    this.docs = [...docs];
    this.#api = api;
  }

  /** Uploads or renames in progress, or a failed upload waiting for a retry. */
  get dirty(): boolean {
    if (this.#inflight.size > 0) return true;
    for (const s of this.#uploads.values()) if (s.phase === 'failed') return true;
    for (const s of this.#items.values()) if (s.renaming && s.dirty) return true;
    return false;
  }

  get busy(): boolean {
    return this.#inflight.size > 0;
  }

  docsOfType(type: string): KybDocument[] {
    return this.docs.filter((d) => d.type === type);
  }

  /** Waits for running uploads and renames; retries failed uploads once. */
  async flush(ctx: KybContext): Promise<void> {
    for (const [id, s] of this.#uploads) {
      if (s.phase === 'failed') this.#track(this.#upload(ctx, id, s.file, s.type));
    }
    while (this.#inflight.size > 0) await Promise.allSettled([...this.#inflight]);
    for (const s of this.#uploads.values()) {
      if (s.phase !== 'failed') continue;
      throw s.error instanceof ApiError
        ? s.error
        : new ApiError({ kind: 'invalid-response', message: s.message, method: 'POST' });
    }
  }

  #key(docId: string): string {
    let n = this.#keys.get(docId);
    if (n === undefined) {
      n = this.#keys.size + 1;
      this.#keys.set(docId, n);
    }
    return `${this.#prefix}-d${n}`;
  }

  #item(docId: string): ItemState {
    let s = this.#items.get(docId);
    if (!s) {
      s = newItemState();
      this.#items.set(docId, s);
    }
    return s;
  }

  #track(p: Promise<void>) {
    this.#inflight.add(p);
    void p.finally(() => this.#inflight.delete(p));
  }

  /* ------------------------------------------------------------ upload */

  async #upload(ctx: KybContext, slotId: string, file: File, type: string): Promise<void> {
    const problem = fileProblem(file, ctx.locale);
    if (problem) {
      this.#uploads.set(slotId, { phase: 'invalid', message: problem });
      ctx.requestUpdate();
      return;
    }
    const filename = uploadFilename(file);
    const state: UploadState = { phase: 'uploading', filename, fraction: 0 };
    this.#uploads.set(slotId, state);
    ctx.report({ kind: 'document', state: 'saving', key: `upload:${slotId}` });
    ctx.requestUpdate();
    let key = this.#uploadKeys.get(file);
    if (!key) this.#uploadKeys.set(file, (key = newIdempotencyKey()));
    const api = this.#api(ctx);
    try {
      const b64 = await readAsBase64(file);
      let last = -1;
      const onProgress = (f: number) => {
        const pct = Math.floor(f * 100);
        if (pct === last) return;
        last = pct;
        state.fraction = f;
        ctx.requestUpdate();
      };
      let doc: KybDocument;
      try {
        doc = await api.upload({ type, filename, file: b64 }, onProgress, key);
      } catch (err) {
        // An unclear failure (the answer was lost, the service may have saved it): look before offering
        // to send the file again, so a saved file is shown, not sent twice.
        const saved = unclear(err) ? await this.#findSaved(api, filename) : null;
        if (!saved) throw err;
        doc = saved;
      }
      this.docs = [...this.docs, { ...doc, type: doc.type ?? type }];
      this.#uploads.set(slotId, { phase: 'done', filename: doc.filename || filename });
      ctx.report({ kind: 'document', state: 'saved', id: doc.id, key: `upload:${slotId}` });
    } catch (err) {
      this.#uploads.set(slotId, { phase: 'failed', message: errorMessage(err), file, type, error: err });
      ctx.report({
        kind: 'document',
        state: 'error',
        key: `upload:${slotId}`,
        error: err instanceof ApiError ? err : undefined,
      });
    }
    ctx.requestUpdate();
  }

  /** A document named `filename` that the service has and this list does not show yet, or null. */
  async #findSaved(api: DocumentApi, filename: string): Promise<KybDocument | null> {
    if (!api.list) return null;
    const fresh = await api.list().catch(() => null);
    if (!fresh) return null;
    const known = new Set(this.docs.map((d) => d.id));
    return fresh.find((d) => !known.has(d.id) && d.filename === filename) ?? null;
  }

  /** Starts an upload of `file` into the slot `slotId` (checks it first; nothing is sent when it is refused). */
  upload(ctx: KybContext, slotId: string, file: File, type: string): Promise<void> {
    const p = this.#upload(ctx, slotId, file, type);
    this.#track(p);
    return p;
  }

  #onFile(ctx: KybContext, slot: SlotView, e: Event) {
    this.#focus.remember(e);
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return;
    const type = this.#typeOf(slot);
    input.value = '';
    void this.upload(ctx, slot.id, file, type);
  }

  #typeOf(slot: SlotView): string {
    const chosen = this.#types.get(slot.id);
    if (chosen && slot.types.includes(chosen)) return chosen;
    return slot.defaultType && slot.types.includes(slot.defaultType)
      ? slot.defaultType
      : (slot.types[0] ?? 'OTHER');
  }

  /** Whether the slot is uploading now. */
  uploading(slotId: string): boolean {
    return this.#uploads.get(slotId)?.phase === 'uploading';
  }

  /** One upload control: optional type select, file input, progress and errors with retry. */
  renderSlot(ctx: KybContext, slot: SlotView): TemplateResult {
    const state = this.#uploads.get(slot.id) ?? { phase: 'idle' };
    const readOnly = ctx.readOnly;
    const busy = state.phase === 'uploading';
    const error =
      state.phase === 'invalid' || state.phase === 'failed' ? state.message : (slot.error ?? null);
    const typeId = `${slot.id}-type`;
    const select =
      slot.types.length > 1 && !readOnly
        ? renderField({
            id: typeId,
            label: msg('Document type'),
            control: html`<select
              id=${typeId}
              part="select"
              .value=${this.#typeOf(slot)}
              ?disabled=${busy}
              @change=${(e: Event) => {
                this.#types.set(slot.id, (e.target as HTMLSelectElement).value);
                ctx.requestUpdate();
              }}
            >
              ${slot.types.map(
                (t) =>
                  html`<option value=${t} ?selected=${t === this.#typeOf(slot)}>${docTypeLabel(t)}</option>`,
              )}
            </select>`,
          })
        : nothing;
    const pct = state.phase === 'uploading' ? Math.round(state.fraction * 100) : 0;
    const status =
      state.phase === 'uploading'
        ? html`<label for="${slot.id}-progress">${msg(str`Uploading ${state.filename}`)}</label>
            <progress id="${slot.id}-progress" part="upload-progress" max="100" .value=${pct}></progress>
            <span>${msg(str`${pct}%`)}</span>`
        : state.phase === 'done'
          ? html`<span>${msg(str`Uploaded ${state.filename}.`)}</span>`
          : nothing;
    const input = readOnly
      ? nothing
      : html`${renderField({
          id: slot.id,
          label: slot.label,
          required: slot.required,
          description: slot.description,
          error,
          control: html`<input
            type="file"
            id=${slot.id}
            part="file-input"
            accept=${DOCUMENT_ACCEPT}
            ?disabled=${busy}
            aria-describedby=${describedBy(slot.id, !!slot.description, !!error)}
            aria-invalid=${error ? 'true' : 'false'}
            @change=${(e: Event) => this.#onFile(ctx, slot, e)}
          />`,
        })}`;
    const retry =
      state.phase === 'failed' && !readOnly
        ? html`<button
            type="button"
            class="btn btn-secondary"
            part="button retry-button"
            id="${slot.id}-retry"
            @click=${(e: Event) => {
              this.#focus.remember(e);
              void this.upload(ctx, slot.id, state.file, state.type);
            }}
          >
            ${msg(str`Try uploading ${state.file.name} again`)}
          </button>`
        : nothing;
    return html`<div class="doc-slot" part="document-slot">
      ${select} ${input} ${retry}
      <div class="doc-status" part="upload-status" id="${slot.id}-status" aria-live="polite">${status}</div>
    </div>`;
  }

  /* ------------------------------------------------------------ list: view and rename */

  async #view(ctx: KybContext, doc: KybDocument) {
    const api = this.#api(ctx);
    const s = this.#item(doc.id);
    s.viewing = true;
    s.viewError = null;
    ctx.requestUpdate();
    try {
      const fresh = api.retrieve ? await api.retrieve(doc.id) : doc;
      const url = safeDocumentUrl(fresh.file, pageUrl());
      if (!url) {
        s.viewUrl = null;
        s.viewError = msg('This document cannot be opened here.');
      } else {
        s.viewUrl = url;
        window.open(url, '_blank', 'noopener,noreferrer');
      }
    } catch (err) {
      s.viewError = errorMessage(err);
    }
    s.viewing = false;
    ctx.requestUpdate();
  }

  #startRename(ctx: KybContext, doc: KybDocument, e: Event) {
    this.#focus.remember(e);
    const s = this.#item(doc.id);
    s.renaming = true;
    s.value = splitFilename(doc.filename).base;
    s.dirty = false;
    s.left = false;
    s.error = null;
    ctx.requestUpdate();
    this.#focus.later(`${this.#key(doc.id)}-name`);
  }

  #cancelRename(ctx: KybContext, doc: KybDocument) {
    const s = this.#item(doc.id);
    s.renaming = false;
    s.error = null;
    ctx.requestUpdate();
    this.#focus.later(`${this.#key(doc.id)}-rename`);
  }

  async #saveRename(ctx: KybContext, doc: KybDocument) {
    const api = this.#api(ctx);
    const s = this.#item(doc.id);
    s.left = true;
    s.dirty = true;
    if (!api.rename || renameProblem(s.value, doc.filename)) {
      ctx.requestUpdate();
      return;
    }
    const filename = renamedFilename(s.value, doc.filename);
    s.saving = true;
    s.error = null;
    ctx.report({ kind: 'document', state: 'saving', id: doc.id });
    ctx.requestUpdate();
    try {
      const updated = await api.rename(doc.id, filename);
      this.docs = this.docs.map((d) =>
        d.id === doc.id
          ? { ...d, ...updated, type: updated.type ?? d.type, filename: updated.filename || filename }
          : d,
      );
      s.renaming = false;
      s.dirty = false;
      ctx.report({ kind: 'document', state: 'saved', id: doc.id });
      this.#focus.later(`${this.#key(doc.id)}-rename`);
    } catch (err) {
      s.error = errorMessage(err);
      ctx.report({
        kind: 'document',
        state: 'error',
        id: doc.id,
        error: err instanceof ApiError ? err : undefined,
      });
    }
    s.saving = false;
    ctx.requestUpdate();
  }

  #renderItem(ctx: KybContext, doc: KybDocument, showType: boolean): TemplateResult {
    const api = this.#api(ctx);
    const key = this.#key(doc.id);
    const s = this.#item(doc.id);
    const hidden = html`<span class="visually-hidden"> ${doc.filename}</span>`;
    let view: TemplateResult;
    if (api.retrieve) {
      view = html`<button
          type="button"
          class="btn-link"
          part="button view-button"
          id="${key}-view"
          ?disabled=${s.viewing}
          @click=${() => void this.#view(ctx, doc)}
        >
          ${msg('View')}${hidden}
        </button>
        ${
          s.viewUrl
            ? html`<a href=${s.viewUrl} target="_blank" rel="noopener noreferrer" part="document-link"
                >${msg('Open in a new tab')}${hidden}</a
              >`
            : nothing
        }`;
    } else {
      const url = safeDocumentUrl(doc.file, pageUrl());
      view = url
        ? html`<a href=${url} target="_blank" rel="noopener noreferrer" part="document-link" id="${key}-view"
            >${msg('View')}${hidden}</a
          >`
        : html`<span>${msg('Cannot be opened here')}</span>`;
    }
    const canRename = !!api.rename && !ctx.readOnly;
    const nameId = `${key}-name`;
    let rename: TemplateResult | typeof nothing = nothing;
    if (canRename && s.renaming) {
      const { ext } = splitFilename(doc.filename);
      const problem = renameProblem(s.value, doc.filename);
      const shown = (s.left || s.error) && problem ? problem : s.error;
      rename = html`<div class="doc-rename" part="document-rename">
        ${renderField({
          id: nameId,
          label: msg(str`New name for ${doc.filename}`),
          required: true,
          error: shown,
          control: html`<span class="doc-rename-control"
            ><input
              type="text"
              id=${nameId}
              part="input"
              maxlength="250"
              .value=${s.value}
              aria-describedby=${describedBy(nameId, false, !!shown)}
              aria-invalid=${shown ? 'true' : 'false'}
              @input=${(e: Event) => {
                s.value = (e.target as HTMLInputElement).value;
                s.dirty = true;
                s.error = null;
                ctx.requestUpdate();
              }}
              @focusout=${() => {
                if (s.dirty) s.left = true;
                ctx.requestUpdate();
              }}
              @keydown=${(e: KeyboardEvent) => {
                this.#focus.remember(e);
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void this.#saveRename(ctx, doc);
                } else if (e.key === 'Escape') {
                  e.preventDefault();
                  this.#cancelRename(ctx, doc);
                }
              }}
            />${ext ? html`<span class="doc-ext">.${ext}</span>` : nothing}</span
          >`,
        })}
        <button
          type="button"
          class="btn btn-primary"
          part="button"
          ?disabled=${s.saving}
          @click=${(e: Event) => {
            this.#focus.remember(e);
            void this.#saveRename(ctx, doc);
          }}
        >
          ${s.saving ? msg('Saving…') : msg('Save name')}
        </button>
        <button
          type="button"
          class="btn btn-secondary"
          part="button"
          ?disabled=${s.saving}
          @click=${(e: Event) => {
            this.#focus.remember(e);
            this.#cancelRename(ctx, doc);
          }}
        >
          ${msg('Cancel')}
        </button>
      </div>`;
    } else if (canRename) {
      rename = html`<button
        type="button"
        class="btn-link"
        part="button rename-button"
        id="${key}-rename"
        @click=${(e: Event) => this.#startRename(ctx, doc, e)}
      >
        ${msg('Rename')}${hidden}
      </button>`;
    }
    return html`<li class="doc-item" part="document" id=${key}>
      <span class="doc-name" part="document-name">${doc.filename}</span>
      ${showType && doc.type ? html`<span class="doc-type">(${docTypeLabel(doc.type)})</span>` : nothing}
      ${view} ${rename}
      ${s.viewError ? html`<p class="field-error" part="field-error" role="alert">${s.viewError}</p>` : nothing}
    </li>`;
  }

  /** The uploaded documents (`docs` defaults to all of this set), each with view and rename. */
  renderList(
    ctx: KybContext,
    o: { docs?: readonly KybDocument[]; showType?: boolean; label?: string } = {},
  ): TemplateResult | typeof nothing {
    const docs = o.docs ?? this.docs;
    if (docs.length === 0) return nothing;
    return html`<ul
      class="doc-list list"
      part="document-list"
      aria-label=${o.label ?? msg('Uploaded documents')}
    >
      ${docs.map((d) => this.#renderItem(ctx, d, o.showType ?? true))}
    </ul>`;
  }
}

/**
 * The reusable document piece of `<kyb-form>`, used by the beneficiaries step (per beneficiary) and
 * by the company documents step: upload slots built on the shared upload component (../upload/upload.ts:
 * a drop zone that is the labelled file input, accepted types and size limit stated before choosing,
 * type, size and emptiness checked before any request, a file card with thumbnail and a `<progress>`
 * while uploading, retry or remove after a failure) and the list of uploaded documents (doc-list.ts:
 * view, rename, replace).
 *
 * Robustness: one idempotency key per chosen file (a retry of the same file is the same write); after an
 * unclear failure the list is read again and a file the service already has is shown, not sent again.
 *
 * Without keys a browser may have saved one upload several times (it re-sends a write on a reused
 * connection whose answer it lost, and each copy is saved). Documents cannot be deleted (the interface has
 * no DELETE for them), so the copies are hidden, by this rule: a logical upload is one chosen file (the
 * same `File`, whatever the number of attempts: the first, the element's own retry, "Try uploading again").
 * It notes the ids this set knew when its first attempt began. After an unclear failure the list is read
 * again; this upload's records are those not known then, not answered to or claimed by another upload, with
 * the same file name and the same published type. The first of them in the service's order is shown as
 * the upload's document; the others are hidden from the list, the review and the checks (they stay on the
 * service). A file the user chose twice in separate actions is two uploads, each answered or claimed on
 * its own, so neither is hidden; an id that an answer names is never hidden. The service's document carries
 * no size or content hash, so file name and type are all it can be matched by.
 *
 * Parts: `document-slot`, `upload-status` (live region), those of the upload component and doc-list.ts.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg, str } from '@lit/localize';
import { ApiError, newIdempotencyKey } from '../../api/http.ts';
import type { DocumentUpload, KybDocument } from '../../api/kyb.ts';
import type { KybContext } from '../context.ts';
import { FocusMover, renderField } from '../field.ts';
import { displayName, fileProblem, readAsBase64, uploadFilename } from '../files.ts';
import { Previews, renderDropzone, renderFileCard } from '../upload/upload.ts';
import { firstAndCopies, unclear } from '../saving/write-copies.ts';
import { DocumentList, type ListOptions } from './doc-list.ts';
import { errorMessage } from './errors.ts';
import { docTypeLabel } from './model.ts';

/** An upload before its type is mapped to a published document type. */
export type DocumentDraft = Omit<DocumentUpload, 'type'> & { type: string };

/** The calls a document set needs; `retrieve` and `rename` exist for beneficiary documents only. */
export interface DocumentApi {
  /** The published type an upload of the flow `docType` is sent as (default: the same string). */
  publishedType?: ((docType: string) => string) | undefined;
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
  /** The input's accessible name (default `Upload <label>`). */
  name?: string | undefined;
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
  | { phase: 'uploading'; file: File; filename: string; fraction: number }
  | { phase: 'done'; filename: string }
  /** A refused choice: shown until the next good choice or until the slot's input leaves the page. */
  | { phase: 'invalid'; message: string; input: HTMLInputElement | null }
  | { phase: 'failed'; message: string; file: File; type: string; error: unknown; replaces?: string };

/** Documents of one owner (a beneficiary, or the company) with their upload state. */
export class DocumentSet {
  #docs: KybDocument[] = [];
  /** Copies of one upload made by a browser's re-send: on the service, never shown (see the rule above). */
  readonly #hidden = new Set<string>();
  /** Ids an upload's answer named, or that an upload claimed after an unclear failure. */
  readonly #claimed = new Set<string>();
  /** Per chosen file: the document ids known when its first attempt began. */
  readonly #knownBefore = new WeakMap<File, ReadonlySet<string>>();
  readonly #api: (ctx: KybContext) => DocumentApi;
  readonly #uploads = new Map<string, UploadState>();
  readonly #types = new Map<string, string>();
  readonly #inflight = new Set<Promise<void>>();
  readonly #focus = new FocusMover();
  /** One idempotency key per chosen file: a retry of the same file is the same write. */
  readonly #uploadKeys = new WeakMap<File, string>();
  /** Thumbnails: by slot id while uploading, then by document id. */
  readonly #previews = new Previews<string>();
  /** Sizes of files uploaded in this session, by document id. */
  readonly #sizes = new Map<string, number>();
  /** Slot id -> the document a Replace is choosing a file for. */
  readonly #replacing = new Map<string, string>();
  /** Old document id -> filename of the document that replaced it. */
  readonly #replaced = new Map<string, string>();
  readonly #list: DocumentList;

  /** `prefix` makes every DOM id unique (`doc-…` or `ben-…`). */
  constructor(prefix: string, docs: readonly KybDocument[], api: (ctx: KybContext) => DocumentApi) {
    this.docs = [...docs];
    this.#api = api;
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const set = this;
    this.#list = new DocumentList(prefix, {
      get docs() {
        return set.docs;
      },
      set docs(d: KybDocument[]) {
        set.docs = d;
      },
      api: (ctx) => set.#api(ctx),
      preview: (id) => set.#previews.get(id),
      size: (id) => set.#sizes.get(id) ?? null,
      replacedBy: (id) => set.#replaced.get(id) ?? null,
      replace: (ctx, slotId, doc, e) => set.#startReplace(ctx, slotId, doc, e),
      uploading: (slotId) => set.uploading(slotId),
    });
  }

  /** The documents shown (without the hidden copies of one upload). */
  get docs(): KybDocument[] {
    return this.#docs;
  }
  set docs(list: KybDocument[]) {
    this.#docs = this.#hidden.size ? list.filter((d) => !this.#hidden.has(d.id)) : list;
  }

  /** Uploads or renames in progress, or a failed upload waiting for a retry. */
  get dirty(): boolean {
    if (this.#inflight.size > 0) return true;
    for (const s of this.#uploads.values()) if (s.phase === 'failed') return true;
    return this.#list.dirty;
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
      if (s.phase === 'failed') this.#track(this.#upload(ctx, id, s.file, s.type, s.replaces));
    }
    while (this.#inflight.size > 0) await Promise.allSettled([...this.#inflight]);
    for (const s of this.#uploads.values()) {
      if (s.phase !== 'failed') continue;
      throw s.error instanceof ApiError
        ? s.error
        : new ApiError({ kind: 'invalid-response', message: s.message, method: 'POST' });
    }
  }

  #track(p: Promise<void>) {
    this.#inflight.add(p);
    void p.finally(() => this.#inflight.delete(p));
  }

  /* ------------------------------------------------------------ upload */

  async #upload(
    ctx: KybContext,
    slotId: string,
    file: File,
    type: string,
    replaces?: string,
    input: HTMLInputElement | null = null,
  ): Promise<void> {
    const problem = fileProblem(file, ctx.locale);
    if (problem) {
      // Refused here: nothing is sent. The message is the field's error (aria-describedby, role=alert).
      this.#uploads.set(slotId, { phase: 'invalid', message: problem, input });
      ctx.requestUpdate();
      return;
    }
    // A good choice clears every refusal of this set: the user has moved on from the files refused.
    for (const [id, s] of this.#uploads) if (s.phase === 'invalid') this.#uploads.delete(id);
    const filename = uploadFilename(file);
    const state: UploadState = { phase: 'uploading', file, filename, fraction: 0 };
    this.#uploads.set(slotId, state);
    this.#previews.set(slotId, file);
    ctx.report({ kind: 'document', state: 'saving', key: `upload:${slotId}` });
    ctx.requestUpdate();
    let key = this.#uploadKeys.get(file);
    if (!key) this.#uploadKeys.set(file, (key = newIdempotencyKey()));
    let before = this.#knownBefore.get(file);
    if (!before) {
      before = new Set([...this.docs.map((d) => d.id), ...this.#hidden, ...this.#claimed]);
      this.#knownBefore.set(file, before);
    }
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
        const saved = unclear(err) ? await this.#findSaved(api, filename, type, before) : null;
        if (!saved) throw err;
        doc = saved;
      }
      this.#claimed.add(doc.id);
      this.#hidden.delete(doc.id);
      const shown = this.docs.filter((d) => d.id !== doc.id);
      this.docs = [...shown, { ...doc, type: doc.type ?? type }];
      this.#previews.move(slotId, doc.id);
      this.#sizes.set(doc.id, file.size);
      if (replaces) this.#replaced.set(replaces, doc.filename || filename);
      this.#uploads.set(slotId, { phase: 'done', filename: doc.filename || filename });
      ctx.report({ kind: 'document', state: 'saved', id: doc.id, key: `upload:${slotId}` });
    } catch (err) {
      this.#uploads.set(slotId, {
        phase: 'failed',
        message: errorMessage(err),
        file,
        type,
        error: err,
        ...(replaces ? { replaces } : {}),
      });
      ctx.report({
        kind: 'document',
        state: 'error',
        key: `upload:${slotId}`,
        error: err instanceof ApiError ? err : undefined,
      });
    }
    ctx.requestUpdate();
  }

  /**
   * The records one upload made (see the rule at the top): the first is returned and claimed, the others
   * are hidden. Null when the service has none (or the list cannot be read).
   */
  async #findSaved(
    api: DocumentApi,
    filename: string,
    type: string,
    before: ReadonlySet<string>,
  ): Promise<KybDocument | null> {
    if (!api.list) return null;
    const fresh = await api.list().catch(() => null);
    if (!fresh) return null;
    const published = api.publishedType?.(type) ?? type;
    const mine = fresh.filter(
      (d) =>
        !before.has(d.id) &&
        !this.#claimed.has(d.id) &&
        d.filename === filename &&
        (!d.type || d.type === published || d.type === type),
    );
    const found = firstAndCopies(mine);
    if (!found) return null;
    const { first, copies } = found;
    for (const c of copies) {
      this.#hidden.add(c.id);
      this.#claimed.add(c.id);
    }
    if (copies.length) this.docs = this.docs.filter((d) => !this.#hidden.has(d.id));
    return first;
  }

  /** Starts an upload of `file` into the slot `slotId` (checks it first; nothing is sent when it is refused). */
  upload(
    ctx: KybContext,
    slotId: string,
    file: File,
    type: string,
    replaces?: string,
    input: HTMLInputElement | null = null,
  ): Promise<void> {
    const p = this.#upload(ctx, slotId, file, type, replaces, input);
    this.#track(p);
    return p;
  }

  #onFile(ctx: KybContext, slot: SlotView, e: Event) {
    this.#focus.remember(e);
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    const replaces = this.#replacing.get(slot.id);
    this.#replacing.delete(slot.id);
    if (!file) return;
    void this.upload(ctx, slot.id, file, this.#typeOf(slot), replaces, input);
  }

  /** Replace: chooses a new file for the slot, of the same type; the old one is then marked replaced. */
  #startReplace(ctx: KybContext, slotId: string, doc: KybDocument, e: Event) {
    this.#focus.remember(e);
    this.#replacing.set(slotId, doc.id);
    if (doc.type) this.#types.set(slotId, doc.type);
    ctx.requestUpdate();
    const root = (e.currentTarget as Node).getRootNode() as ShadowRoot | Document;
    const input = root.getElementById(slotId);
    if (input instanceof HTMLInputElement) {
      input.focus();
      input.click();
    }
  }

  #discard(ctx: KybContext, slotId: string, e: Event) {
    this.#focus.remember(e);
    this.#uploads.delete(slotId);
    this.#previews.delete(slotId);
    ctx.requestUpdate();
    this.#focus.later(slotId);
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

  /** The file being uploaded, or the one that failed (with retry and remove). */
  #renderCurrent(ctx: KybContext, slotId: string, state: UploadState): TemplateResult | typeof nothing {
    if (state.phase !== 'uploading' && state.phase !== 'failed') return nothing;
    const file = state.file;
    const name = state.phase === 'uploading' ? state.filename : file.name;
    const shown = displayName(file.name);
    const actions =
      state.phase === 'failed' && !ctx.readOnly
        ? html`<button
              type="button"
              class="btn btn-secondary"
              part="button retry-button"
              id="${slotId}-retry"
              @click=${(e: Event) => {
                this.#focus.remember(e);
                void this.upload(ctx, slotId, state.file, state.type, state.replaces);
              }}
            >
              ${msg(str`Try uploading ${shown} again`)}
            </button>
            <button
              type="button"
              class="btn-link"
              part="button upload-remove"
              id="${slotId}-discard"
              @click=${(e: Event) => this.#discard(ctx, slotId, e)}
            >
              ${msg(str`Remove ${shown}`, { desc: 'button removing a chosen file' })}
            </button>`
        : nothing;
    return html`<ul class="upload-files" aria-label=${msg('File being uploaded')}>
      ${renderFileCard({
        id: `${slotId}-file`,
        name,
        size: file.size,
        preview: this.#previews.get(slotId),
        locale: ctx.locale,
        state:
          state.phase === 'uploading'
            ? { kind: 'uploading', fraction: state.fraction }
            : { kind: 'failed', message: state.message },
        actions,
      })}
    </ul>`;
  }

  /** One upload control: optional type select, drop zone, the current file, errors with retry. */
  renderSlot(ctx: KybContext, slot: SlotView): TemplateResult {
    let state = this.#uploads.get(slot.id) ?? { phase: 'idle' };
    // A refusal does not follow the user: once its input has left the page (another step, a closed
    // card), coming back shows the slot without it.
    if (state.phase === 'invalid' && state.input && !state.input.isConnected) {
      this.#uploads.delete(slot.id);
      state = { phase: 'idle' };
    }
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
    const announce =
      state.phase === 'done'
        ? msg(str`Uploaded ${displayName(state.filename)}.`)
        : state.phase === 'uploading'
          ? msg(str`Uploading ${displayName(state.filename)}`)
          : '';
    // One document type and a file of it: the file card with Replace, not an empty drop zone.
    const single = slot.types.length === 1 ? slot.types[0]! : null;
    const filled =
      single !== null &&
      this.docsOfType(single).length > 0 &&
      state.phase !== 'uploading' &&
      state.phase !== 'failed';
    return html`<div class="doc-slot" part="document-slot">
      ${
        readOnly
          ? nothing
          : renderDropzone({
              id: slot.id,
              label: slot.label,
              name: slot.name,
              required: slot.required,
              description: slot.description,
              error,
              locale: ctx.locale,
              busy,
              filled,
              missing:
                slot.required && (slot.types.length > 1 || this.docsOfType(slot.types[0] ?? '').length === 0),
              before: select,
              onChange: (e) => this.#onFile(ctx, slot, e),
              onCancel: () => this.#replacing.delete(slot.id),
            })
      }
      ${this.#renderCurrent(ctx, slot.id, state)}
      <div class="doc-status visually-hidden" part="upload-status" id="${slot.id}-status" aria-live="polite">
        ${announce}
      </div>
    </div>`;
  }

  /** The uploaded documents (`docs` defaults to all of this set), each with view, rename and replace. */
  renderList(ctx: KybContext, o: ListOptions = {}): TemplateResult | typeof nothing {
    return this.#list.render(ctx, o);
  }

  /** Revokes the thumbnails of documents no longer listed (call when the list is replaced). */
  prunePreviews(): void {
    const ids = new Set(this.docs.map((d) => d.id));
    this.#previews.retain((k) => ids.has(k) || this.#uploads.has(k));
  }
}

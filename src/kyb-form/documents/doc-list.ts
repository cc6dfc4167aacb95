/**
 * The list of uploaded documents of a {@link DocumentSet}: one file card each (thumbnail of a file
 * uploaded in this session, else the document icon; name, size when known, "Uploaded"), with View, Rename
 * (beneficiary documents) and Replace. The interface has no delete for documents, so none is offered:
 * Replace uploads the new file into the same slot and the earlier one is marked as replaced (it stays
 * attached to the form, which the card says).
 *
 * Parts: `document-list`, `document` (also `upload-file`), `document-name`, `document-link`,
 * `document-rename`, `upload-replace`, plus those of upload.ts's file card.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg, str } from '@lit/localize';
import { ApiError } from '../../api/http.ts';
import type { KybDocument } from '../../api/kyb.ts';
import type { KybContext } from '../context.ts';
import { describedBy, renderField, FocusMover } from '../field.ts';
import { displayName } from '../files.ts';
import { fileName, renderFileCard } from '../upload/upload.ts';
import { errorMessage } from './errors.ts';
import type { DocumentApi } from './uploader.ts';
import { docTypeLabel, renameProblem, renamedFilename, safeDocumentUrl, splitFilename } from './model.ts';

/** What the list needs from its document set. */
export interface DocListHost {
  docs: KybDocument[];
  /** The calls of the set (view: `retrieve`; rename: `rename`, beneficiary documents only). */
  api(ctx: KybContext): Pick<DocumentApi, 'retrieve' | 'rename'>;
  /** Object URL of a file uploaded in this session, by document id. */
  preview(docId: string): string | null;
  /** Size in bytes of a file uploaded in this session. */
  size(docId: string): number | null;
  /** The filename of the document that replaced `docId` in this session, or null. */
  replacedBy(docId: string): string | null;
  /** Opens the chooser of `slotId` to replace `doc`. */
  replace(ctx: KybContext, slotId: string, doc: KybDocument, e: Event): void;
  /** Whether `slotId` is uploading now. */
  uploading(slotId: string): boolean;
}

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

export interface ListOptions {
  docs?: readonly KybDocument[];
  showType?: boolean;
  label?: string;
  /** The slot whose chooser Replace opens (no Replace without it). */
  slotId?: string;
}

export class DocumentList {
  readonly #prefix: string;
  readonly #host: DocListHost;
  readonly #items = new Map<string, ItemState>();
  readonly #keys = new Map<string, number>();
  readonly #focus = new FocusMover();

  constructor(prefix: string, host: DocListHost) {
    this.#prefix = prefix;
    this.#host = host;
  }

  /** A rename typed and not saved. */
  get dirty(): boolean {
    for (const s of this.#items.values()) if (s.renaming && s.dirty) return true;
    return false;
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

  async #view(ctx: KybContext, doc: KybDocument) {
    const s = this.#item(doc.id);
    s.viewing = true;
    s.viewError = null;
    ctx.requestUpdate();
    try {
      const retrieve = this.#host.api(ctx).retrieve;
      const fresh = retrieve ? await retrieve(doc.id) : doc;
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
    const rename = this.#host.api(ctx).rename;
    const s = this.#item(doc.id);
    s.left = true;
    s.dirty = true;
    if (!rename || renameProblem(s.value, doc.filename)) {
      ctx.requestUpdate();
      return;
    }
    const filename = renamedFilename(s.value, doc.filename);
    s.saving = true;
    s.error = null;
    ctx.report({ kind: 'document', state: 'saving', id: doc.id });
    ctx.requestUpdate();
    try {
      const updated = await rename(doc.id, filename);
      this.#host.docs = this.#host.docs.map((d) =>
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

  #renderRename(ctx: KybContext, doc: KybDocument, s: ItemState, nameId: string): TemplateResult {
    const { ext } = splitFilename(doc.filename);
    const problem = renameProblem(s.value, doc.filename);
    const shown = (s.left || s.error) && problem ? problem : s.error;
    return html`<div class="doc-rename" part="document-rename">
      ${renderField({
        id: nameId,
        label: msg(str`New name for ${displayName(doc.filename)}`),
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
  }

  #renderItem(ctx: KybContext, doc: KybDocument, o: ListOptions): TemplateResult {
    const host = this.#host;
    const api = host.api(ctx);
    const key = this.#key(doc.id);
    const s = this.#item(doc.id);
    const shownName = displayName(doc.filename);
    const hidden = html`<span class="visually-hidden"> ${shownName}</span>`;
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
    const replacedBy = host.replacedBy(doc.id);
    const slotId = o.slotId;
    const canReplace = !!slotId && !ctx.readOnly && replacedBy === null;
    const renaming = canRename && s.renaming;
    const rename =
      canRename && !renaming
        ? html`<button
            type="button"
            class="btn-link"
            part="button rename-button"
            id="${key}-rename"
            @click=${(e: Event) => this.#startRename(ctx, doc, e)}
          >
            ${msg('Rename')}${hidden}
          </button>`
        : nothing;
    const replace = canReplace
      ? html`<button
          type="button"
          class="btn-link"
          part="button upload-replace"
          id="${key}-replace"
          ?disabled=${host.uploading(slotId)}
          @click=${(e: Event) => host.replace(ctx, slotId, doc, e)}
        >
          ${msg('Replace')}${hidden}
        </button>`
      : nothing;
    const typeText =
      o.showType !== false && doc.type
        ? html` <span class="doc-type">(${docTypeLabel(doc.type)})</span>`
        : nothing;
    const note =
      replacedBy !== null
        ? html`<p class="upload-note" part="upload-note">
            ${msg(
              str`Replaced by ${displayName(replacedBy)}. The earlier file stays attached to the form: documents cannot be deleted here.`,
            )}
          </p>`
        : nothing;
    // No Remove (the interface has no DELETE for documents): the card says why, where Remove would be.
    const kept = msg('This file cannot be removed: the service keeps every document sent with a form.');
    const why =
      ctx.readOnly || replacedBy !== null
        ? undefined
        : canReplace
          ? `${kept} ${msg('To correct it, use Replace.')}`
          : kept;
    return renderFileCard({
      id: key,
      name: doc.filename,
      part: 'document',
      className: 'doc-item',
      size: host.size(doc.id),
      preview: host.preview(doc.id),
      locale: ctx.locale,
      state: { kind: 'uploaded' },
      nameContent: html`<span class="doc-name" part="document-name">${fileName(doc.filename)}</span
        >${typeText}`,
      note: why,
      actions: html`${view} ${rename} ${replace}`,
      extra: html`${renaming ? this.#renderRename(ctx, doc, s, `${key}-name`) : nothing} ${note}
      ${s.viewError ? html`<p class="field-error" part="field-error" role="alert">${s.viewError}</p>` : nothing}`,
    });
  }

  /** The uploaded documents (`docs` defaults to all of the set), each with view, rename and replace. */
  render(ctx: KybContext, o: ListOptions = {}): TemplateResult | typeof nothing {
    const docs = o.docs ?? this.#host.docs;
    if (docs.length === 0) return nothing;
    return html`<ul
      class="doc-list upload-files"
      part="document-list"
      aria-label=${o.label ?? msg('Uploaded documents')}
    >
      ${docs.map((d) => this.#renderItem(ctx, d, o))}
    </ul>`;
  }
}

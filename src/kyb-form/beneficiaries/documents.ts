/**
 * The documents of each beneficiary in the beneficiaries step: loading them per beneficiary, one
 * {@link DocumentSet} each (upload with the shared upload component, view, rename, replace), and the
 * documents block of a beneficiary's card (what the flow asks, what is uploaded, the upload slot).
 *
 * Parts: `beneficiary-documents`, `document-requirements`, plus those of `DocumentSet`.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg, str } from '@lit/localize';
import { uploadTypeFor } from '../../api/document-types.ts';
import type { Beneficiary, KybDocument } from '../../api/kyb.ts';
import type { KybContext } from '../context.ts';
import { uniqueById } from '../form-reducer.ts';
import { errorMessage } from '../documents/errors.ts';
import { docTypeLabel } from '../documents/model.ts';
import { DocumentSet } from '../documents/uploader.ts';
import { applicantOf, beneficiaryName, type BeneficiaryConfig } from './model.ts';
import { Limiter, MAX_PARALLEL_READS } from '../saving/limit.ts';

type DocLoad =
  { status: 'idle' } | { status: 'loading' } | { status: 'loaded' } | { status: 'error'; message: string };

export class BeneficiaryDocuments {
  readonly #sets = new Map<string, DocumentSet>();
  readonly #load = new Map<string, DocLoad>();
  readonly #reads = new Limiter(MAX_PARALLEL_READS);
  /** The DOM id prefix of a beneficiary's card (`ben-bN`). */
  readonly #keyOf: (beneficiaryId: string) => string;
  /** The beneficiary (for its kind: a person's and a company's documents have different types). */
  readonly #find: (beneficiaryId: string) => Beneficiary | undefined;

  constructor(o: {
    keyOf: (beneficiaryId: string) => string;
    find: (beneficiaryId: string) => Beneficiary | undefined;
  }) {
    this.#keyOf = o.keyOf;
    this.#find = o.find;
  }

  /** Uploads or renames under way, or a failed upload waiting. */
  get dirty(): boolean {
    for (const set of this.#sets.values()) if (set.dirty) return true;
    return false;
  }

  /** The document set of a beneficiary (created on first use). */
  set(beneficiaryId: string): DocumentSet {
    let set = this.#sets.get(beneficiaryId);
    if (!set) {
      set = new DocumentSet(`${this.#keyOf(beneficiaryId)}-doc`, [], (ctx) => ({
        upload: (doc, onProgress, idempotencyKey) => {
          const owner = this.#find(beneficiaryId)?.infoType ?? 'INDIVIDUAL';
          return ctx.client.uploadBeneficiaryDocument(
            ctx.formId,
            beneficiaryId,
            { ...doc, type: uploadTypeFor(doc.type, owner) },
            { onUploadProgress: onProgress, idempotencyKey },
          );
        },
        list: () => ctx.client.listBeneficiaryDocuments(ctx.formId, beneficiaryId),
        publishedType: (docType) =>
          uploadTypeFor(docType, this.#find(beneficiaryId)?.infoType ?? 'INDIVIDUAL'),
        retrieve: (id) => ctx.client.getBeneficiaryDocument(ctx.formId, beneficiaryId, id),
        rename: (id, filename) =>
          ctx.client.renameBeneficiaryDocument(ctx.formId, beneficiaryId, id, filename),
      }));
      this.#sets.set(beneficiaryId, set);
    }
    return set;
  }

  /** The documents of a beneficiary once loaded, else null. */
  loaded(beneficiaryId: string): KybDocument[] | null {
    return this.#load.get(beneficiaryId)?.status === 'loaded' ? this.set(beneficiaryId).docs : null;
  }

  /** Whether a beneficiary's documents are loading, loaded or failed (loading until asked). */
  status(beneficiaryId: string): DocLoad {
    return this.#load.get(beneficiaryId) ?? { status: 'loading' };
  }

  /** A new beneficiary has no documents yet: nothing to load. */
  created(beneficiaryId: string): void {
    this.set(beneficiaryId);
    this.#load.set(beneficiaryId, { status: 'loaded' });
  }

  removed(beneficiaryId: string): void {
    this.#sets.delete(beneficiaryId);
    this.#load.delete(beneficiaryId);
  }

  /** The documents load when the user asks (a long list loads only its first ones by itself). */
  defer(beneficiaryId: string): void {
    if (!this.#load.has(beneficiaryId)) this.#load.set(beneficiaryId, { status: 'idle' });
  }

  load(ctx: KybContext, beneficiaryId: string, fromRender = false): Promise<void> {
    this.#load.set(beneficiaryId, { status: 'loading' });
    if (!fromRender) ctx.requestUpdate();
    return this.#reads
      .run(() => ctx.client.listBeneficiaryDocuments(ctx.formId, beneficiaryId))
      .then(
        (list) => {
          const docs = uniqueById(list);
          const set = this.set(beneficiaryId);
          const known = new Set(docs.map((d) => d.id));
          set.docs = [...docs, ...set.docs.filter((d) => !known.has(d.id))];
          set.prunePreviews();
          this.#load.set(beneficiaryId, { status: 'loaded' });
          ctx.requestUpdate();
        },
        (err: unknown) => {
          this.#load.set(beneficiaryId, { status: 'error', message: errorMessage(err) });
          ctx.requestUpdate();
        },
      );
  }

  async flush(ctx: KybContext): Promise<void> {
    for (const set of this.#sets.values()) await set.flush(ctx);
  }

  /** The documents block of a beneficiary's card. */
  render(ctx: KybContext, cfg: BeneficiaryConfig, b: Beneficiary): TemplateResult | typeof nothing {
    const key = this.#keyOf(b.id);
    const set = this.set(b.id);
    const load = this.#load.get(b.id) ?? { status: 'loading' };
    const required = applicantOf(cfg, b.infoType).documents;
    if (required.length === 0 && set.docs.length === 0) return nothing;
    const name = beneficiaryName(b);
    const slotId = `${key}-upload`;
    const missing = required.filter((r) => r.required && !set.docs.some((d) => d.type === r.docType));
    const types = [...required].sort((a, c) => Number(missing.includes(c)) - Number(missing.includes(a)));
    const showMissing = ctx.stepChecked && load.status === 'loaded' && missing.length > 0;
    const withDescriptions = ctx.flow !== null && required.length > 0;
    const canUpload = load.status === 'loaded' && required.length > 0;
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
              ${required.map((r) => {
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
        load.status === 'idle'
          ? html`<button
              type="button"
              class="btn btn-secondary"
              part="button load-documents-button"
              @click=${() => void this.load(ctx, b.id)}
            >
              ${msg('Show the documents')}
            </button>`
          : nothing
      }
      ${
        load.status === 'error'
          ? html`<p class="field-error" part="field-error" role="alert">${load.message}</p>
              <button
                type="button"
                class="btn btn-secondary"
                part="button retry-button"
                @click=${() => void this.load(ctx, b.id)}
              >
                ${msg('Load the documents again')}
              </button>`
          : nothing
      }
      ${
        canUpload
          ? set.renderSlot(ctx, {
              id: slotId,
              label: msg(str`Upload a document for ${name}`),
              name: msg(str`Upload a document for ${name}`),
              required: missing.length > 0,
              types: types.map((t) => t.docType),
              defaultType: missing[0]?.docType,
              error: showMissing
                ? msg(str`Still missing: ${missing.map((m) => docTypeLabel(m.docType)).join(', ')}.`)
                : null,
            })
          : nothing
      }
      ${set.renderList(ctx, {
        label: msg(str`Documents of ${name}`),
        ...(canUpload ? { slotId } : {}),
      })}
    </div>`;
  }
}

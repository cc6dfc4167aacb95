/**
 * The company documents step of `<kyb-form>`: one upload slot per document type of `flow.documents`
 * (with its description and required flag, the uploaded files of that type listed with a view link),
 * or, when the flow is null, one generic upload with a type select.
 *
 * Parts: `document-group` plus those of {@link DocumentSet}. Ids start with `doc-`. Documents cannot be
 * deleted (the interface has no delete): Replace uploads a new file of the type and marks the old one.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg } from '@lit/localize';
import { uploadTypeFor } from '../../api/document-types.ts';
import type { KybDocument } from '../../api/kyb.ts';
import type { FieldIssue, KybContext, StepController } from '../context.ts';
import { renderSummaryList, type SummaryRow } from '../review/summary-list.ts';
import { DocumentSet } from './uploader.ts';
import {
  companySlots,
  docTypeLabel,
  GENERIC_COMPANY_DOC_TYPES,
  missingRequired,
  type DocSlot,
} from './model.ts';
import { addMessages } from '../../i18n/index.ts';
import { messages as documentsMessages } from '../../i18n/generated/kyb-documents/index.ts';

const slotId = (slot: DocSlot, index: number) =>
  `doc-${index}-${slot.docType.replace(/[^A-Za-z0-9_-]/g, '')}`;

export const GENERIC_UPLOAD_ID = 'doc-upload';

/** Loads this step's translations for the active locale. */
export const loadMessages = (): Promise<void> => addMessages(documentsMessages);

export class DocumentsStep implements StepController {
  readonly #set: DocumentSet;

  constructor(init: { documents: KybDocument[] }) {
    this.#set = new DocumentSet('doc', init.documents, (ctx) => ({
      upload: (doc, onProgress, idempotencyKey) =>
        ctx.client.uploadCompanyDocument(
          ctx.formId,
          { ...doc, type: uploadTypeFor(doc.type) },
          { onUploadProgress: onProgress, idempotencyKey },
        ),
      list: () => ctx.client.listCompanyDocuments(ctx.formId),
      publishedType: (docType) => uploadTypeFor(docType),
    }));
  }

  get dirty(): boolean {
    return this.#set.dirty;
  }

  /** The uploaded company documents (including those uploaded in this session). */
  get documents(): readonly KybDocument[] {
    return this.#set.docs;
  }

  render(ctx: KybContext): TemplateResult {
    const slots = companySlots(ctx.flow);
    if (slots === null) return this.#renderGeneric(ctx);
    if (slots.length === 0)
      return html`<p class="doc-none" part="documents-none">${msg('No company documents are needed.')}</p>`;
    const missing = new Set(missingRequired(slots, this.#set.docs).map((s) => s.docType));
    const known = new Set(slots.map((s) => s.docType));
    const others = this.#set.docs.filter((d) => !d.type || !known.has(d.type));
    return html`<div class="documents" part="documents">
      ${slots.map((slot, i) => {
        const id = slotId(slot, i);
        const label = docTypeLabel(slot.docType);
        const docs = this.#set.docsOfType(slot.docType);
        const error = ctx.stepChecked && missing.has(slot.docType) ? msg('Upload this document.') : null;
        return html`<section
          class="doc-group"
          part="document-group"
          role="group"
          aria-labelledby="${id}-label"
        >
          ${this.#set.renderSlot(ctx, {
            id,
            label,
            description: slot.description,
            required: slot.required,
            types: [slot.docType],
            error,
          })}
          ${
            ctx.readOnly
              ? html`<h4 class="doc-heading" id="${id}-label">${label}</h4>
                  ${docs.length === 0 ? html`<p>${msg('No file uploaded.')}</p>` : nothing}`
              : nothing
          }
          ${this.#set.renderList(ctx, { docs, showType: false, label, slotId: id })}
        </section>`;
      })}
      ${
        others.length
          ? html`<section
              class="doc-group"
              part="document-group"
              role="group"
              aria-labelledby="doc-other-heading"
            >
              <h4 id="doc-other-heading" class="doc-heading">${msg('Other uploaded documents')}</h4>
              ${this.#set.renderList(ctx, { docs: others })}
            </section>`
          : nothing
      }
    </div>`;
  }

  #renderGeneric(ctx: KybContext): TemplateResult {
    return html`<div class="documents" part="documents">
      <section class="doc-group" part="document-group" role="group" aria-labelledby="doc-generic-heading">
        <h4 id="doc-generic-heading" class="doc-heading">${msg('Company documents')}</h4>
        <p class="field-description">
          ${msg('Upload documents about your company, such as its certificate of incorporation.')}
        </p>
        ${this.#set.docs.length === 0 && ctx.readOnly ? html`<p>${msg('No file uploaded.')}</p>` : nothing}
        ${this.#set.renderSlot(ctx, {
          id: GENERIC_UPLOAD_ID,
          label: msg('Upload a company document'),
          name: msg('Upload a company document'),
          required: false,
          types: GENERIC_COMPANY_DOC_TYPES,
        })}
        ${this.#set.renderList(ctx, { slotId: GENERIC_UPLOAD_ID })}
      </section>
    </div>`;
  }

  /**
   * The review summary: the uploaded files (by name) per document type, a required type without a file
   * marked missing, each row with an Edit link to its upload.
   */
  summary(ctx: KybContext): TemplateResult {
    const slots = companySlots(ctx.flow);
    const files = (docs: readonly KybDocument[]) => ({ files: docs.map((d) => ({ name: d.filename })) });
    const edit = (id: string) => (ctx.readOnly ? null : { id, step: 'documents' as const });
    if (slots === null) {
      return renderSummaryList(
        [...new Set(this.#set.docs.map((d) => d.type ?? ''))].map((t) => ({
          label: docTypeLabel(t),
          value: files(this.#set.docs.filter((d) => (d.type ?? '') === t)),
          edit: edit(GENERIC_UPLOAD_ID),
        })),
        msg('No file uploaded.'),
      );
    }
    const issues = new Map(this.validate(ctx).map((i) => [i.id, i]));
    const known = new Set(slots.map((s) => s.docType));
    const rows: SummaryRow[] = slots.map((s, i) => ({
      label: docTypeLabel(s.docType),
      value: files(this.#set.docsOfType(s.docType)),
      issue: issues.get(slotId(s, i)) ?? null,
      edit: edit(slotId(s, i)),
    }));
    const others = this.#set.docs.filter((d) => !d.type || !known.has(d.type));
    if (others.length) rows.push({ label: msg('Other uploaded documents'), value: files(others) });
    return renderSummaryList(rows, msg('No file uploaded.'));
  }

  validate(ctx: KybContext): FieldIssue[] {
    const slots = companySlots(ctx.flow);
    if (!slots || ctx.readOnly) return [];
    const missing = new Set(missingRequired(slots, this.#set.docs).map((s) => s.docType));
    return slots.flatMap((slot, i) =>
      missing.has(slot.docType)
        ? [
            {
              id: slotId(slot, i),
              label: docTypeLabel(slot.docType),
              message: msg('Upload this document.'),
              step: 'documents' as const,
            },
          ]
        : [],
    );
  }

  flush(ctx: KybContext): Promise<void> {
    return this.#set.flush(ctx);
  }
}

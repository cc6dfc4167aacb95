/**
 * The questionnaire controls that hold more than one value or a file: several countries (COUNTRY_MULTI, the
 * combobox of controls/country-multi.ts), a list of texts (LIST), files (FILE, FILE_MULTI: the shared upload component).
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg, str } from '@lit/localize';
import type { FileAnswer } from '../../api/kyb.ts';
import { countryMulti as countryCombobox } from '../controls/country-multi.ts';
import { displayName } from '../files.ts';
import { fileName as shownFileName, renderDropzone, renderFileCard } from '../upload/upload.ts';
import { base64Bytes } from '../../api/common.ts';
import { isFileUrl, safeFileHref } from './answers-state.ts';
import {
  arrValue,
  describedIds,
  descriptionOf,
  errorOf,
  fileValues,
  invalid,
  MAX_FILES,
  MAX_LIST_ITEMS,
  on,
  questionLabel,
  requiredMark,
  type QRec,
  type RenderOptions,
} from './question-parts.ts';

/** COUNTRY_MULTI: the searchable combobox with chips (one Tab stop), labelled by the question. */
export function countryMulti(rec: QRec, o: RenderOptions): TemplateResult {
  const q = rec.question;
  const ids = describedIds(rec, o);
  return html`<div class="field" part="field question" data-q=${rec.uid}>
    ${countryCombobox({
      id: rec.id,
      label: html`${questionLabel(q)}${requiredMark(q)}`,
      hint: descriptionOf(rec),
      selected: arrValue(rec.value),
      locale: o.locale,
      readOnly: o.readOnly,
      required: q.required,
      invalid: !!o.error,
      describedBy: typeof ids === 'string' ? ids : undefined,
      onChange: (codes) => o.setValue?.(rec, codes),
    })}
    ${errorOf(rec, o)}
  </div>`;
}

export function listControl(rec: QRec, o: RenderOptions): TemplateResult {
  const items = arrValue(rec.value);
  const rows = items.length > 0 ? items : [''];
  return html`<ol class="list-items" part="list-items">
      ${rows.map((item, i) => {
        const n = i + 1;
        return html`<li class="list-item" part="list-item">
          <label class="visually-hidden" for="${rec.id}-item-${i}"
            >${msg(str`Item ${n}`, { desc: 'list item' })}</label
          >
          <input
            id="${rec.id}-item-${i}"
            class="input"
            part="input"
            type="text"
            data-i=${i}
            .value=${item}
            ?readonly=${on(o.readOnly)}
            aria-invalid=${invalid(o)}
          />
          ${
            o.readOnly || items.length === 0
              ? nothing
              : html`<button
                  type="button"
                  class="btn btn-secondary"
                  part="button"
                  data-act="remove-item"
                  data-i=${i}
                >
                  ${msg(str`Remove item ${n}`, { desc: 'button removing one list item' })}
                </button>`
          }
        </li>`;
      })}
    </ol>
    ${
      o.readOnly || items.length >= MAX_LIST_ITEMS
        ? nothing
        : html`<button type="button" class="btn btn-secondary" part="button" data-act="add-item">
            ${msg('Add item', { desc: 'button adding an item to a list answer' })}
          </button>`
    }`;
}

/** The name of a file answer: a View link once saved (a safe URL), else the name. */
function fileName(f: FileAnswer): TemplateResult | undefined {
  if (!isFileUrl(f.file)) return undefined;
  const href = safeFileHref(f.file, typeof location === 'undefined' ? undefined : location.href);
  const name = displayName(f.filename);
  const text = msg(str`View ${name}`, { desc: 'link to an uploaded file' });
  return href
    ? html`<a href=${href} target="_blank" rel="noopener noreferrer" part="file-link" dir="auto">${text}</a>`
    : shownFileName(f.filename);
}

/**
 * FILE / FILE_MULTI: the shared upload component (drop zone = the labelled file input, limits stated,
 * a file card per file with thumbnail, size and Remove; FILE also Replace). Files are sent with the
 * answers (base64 in the answers' PUT, no per-file progress); a saved file shows as Uploaded with a link.
 */
export function fileQuestion(rec: QRec, o: RenderOptions): TemplateResult {
  const q = rec.question;
  const multiple = q.type === 'FILE_MULTI';
  const files = fileValues(rec.value);
  const full = multiple && files.length >= MAX_FILES;
  const list =
    files.length > 0
      ? html`<ul class="file-list upload-files" part="file-list">
          ${files.map((f, i) => {
            const saved = isFileUrl(f.file);
            const info = o.fileInfo?.(rec.id, f);
            const size = saved ? (info?.size ?? null) : base64Bytes(f.file);
            return renderFileCard({
              id: `${rec.id}-file-${i}`,
              name: f.filename,
              part: 'file-item',
              className: 'file-item',
              size,
              preview: info?.preview ?? null,
              locale: o.locale,
              state: saved ? { kind: 'uploaded' } : { kind: 'chosen' },
              nameContent: fileName(f),
              actions: o.readOnly
                ? nothing
                : html`<button
                      type="button"
                      class="btn-link"
                      part="button upload-remove"
                      data-act="remove-file"
                      data-i=${i}
                    >
                      ${msg(str`Remove ${displayName(f.filename)}`, { desc: 'button removing a chosen file' })}
                    </button>
                    ${
                      multiple
                        ? nothing
                        : html`<button
                            type="button"
                            class="btn-link"
                            part="button upload-replace"
                            data-act="replace-file"
                          >
                            ${msg('Replace')}<span class="visually-hidden"> ${displayName(f.filename)}</span>
                          </button>`
                    }`,
            });
          })}
        </ul>`
      : nothing;
  if (o.readOnly)
    return html`<div class="field" part="field question" data-q=${rec.uid}>
      <p class="field-label" part="field-label" id="${rec.id}-label">${questionLabel(q)}</p>
      ${descriptionOf(rec)} ${files.length ? list : html`<p class="hint">${msg('No file uploaded.')}</p>`}
    </div>`;
  return renderDropzone({
    id: rec.id,
    label: questionLabel(q),
    required: q.required,
    description: q.description,
    error: o.error,
    locale: o.locale,
    multiple,
    disabled: full,
    missing: q.required && files.length === 0,
    // FILE with its file: the card with Replace, not an empty drop zone.
    filled: !multiple && files.length > 0,
    part: 'field question',
    dataQ: rec.uid,
    after: list,
  });
}

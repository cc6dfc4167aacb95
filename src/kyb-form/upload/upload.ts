/**
 * The one upload component of `<kyb-form>`, used by company documents, beneficiary documents and FILE /
 * FILE_MULTI questions. Template functions, not a custom element: they render into the shell's single
 * shadow root (labels, `aria-describedby` ids and `::part` rules work across steps; see context.ts),
 * and they keep no state of their own, so the questionnaire can render a thousand of them cheaply.
 *
 * - {@link renderDropzone}: the field label, a drop zone whose whole surface is the real, labelled
 *   `<input type="file">` (transparent, so a click anywhere, Enter or Space opens the chooser and screen
 *   readers meet a native file control), the accepted types and size limit stated before choosing, and
 *   the error. A drop on the zone hands the files to the input and fires `change` on it, so every user
 *   of the component handles chosen and dropped files the same way.
 * - {@link renderFileCard}: one file with a thumbnail (images, from an object URL of the local file; the
 *   icon when there is none or it fails to load), name, size, progress while uploading, state and actions.
 * - {@link Previews}: object URLs of local files, revoked when a file is removed or replaced.
 *
 * Parts: `upload`, `upload-dropzone`, `upload-input` (also `file-input`), `upload-hint`, `upload-file`,
 * `upload-thumbnail`, `upload-icon`, `upload-file-name`, `upload-file-size`, `upload-file-state`,
 * `upload-progress`, `upload-remove`, `upload-replace`. Styles: `./styles.ts` (added to form-styles.ts).
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg, str } from '@lit/localize';
import { DOCUMENT_EXTENSIONS, MAX_DOCUMENT_BYTES } from '../../api/common.ts';
import { DOCUMENT_ACCEPT, displayName } from '../files.ts';
import { formatSize as formatBytes, orList } from './sizes.ts';

/* ------------------------------------------------------------------ accepted types */

/** Display names of the accepted extensions, PDF first, aliases merged (jpeg/jpg, heic/heif). */
const TYPE_NAMES: Record<(typeof DOCUMENT_EXTENSIONS)[number], string> = {
  pdf: 'PDF',
  jpeg: 'JPG',
  jpg: 'JPG',
  png: 'PNG',
  gif: 'GIF',
  webp: 'WebP',
  heic: 'HEIC',
  heif: 'HEIC',
};
const ORDER = ['pdf', ...DOCUMENT_EXTENSIONS.filter((e) => e !== 'pdf')] as const;
const typeNames = () => [...new Set(ORDER.map((e) => TYPE_NAMES[e]))];

/** `a, b or c` in the locale (upload/sizes.ts: a plain comma list where Intl.ListFormat fails). */
export { orList };

/** What may be chosen, stated before choosing: `JPG, PNG or WebP, up to 20 MB`. */
export function limitsText(types: readonly string[], locale: string, maxBytes: number): string {
  const list = orList(types, locale);
  const max = formatBytes(maxBytes, locale);
  return msg(str`${list}, up to ${max}`, { desc: 'accepted file types and size limit' });
}

const acceptCache = new Map<string, string>();
/** What may be uploaded, stated before choosing: `PDF, JPG, PNG, GIF, WebP or HEIC, up to 10 MB`. */
export function acceptText(locale: string, maxBytes = MAX_DOCUMENT_BYTES): string {
  const cacheKey = `${locale}|${maxBytes}`;
  const cached = acceptCache.get(cacheKey);
  if (cached) return cached;
  const text = limitsText(typeNames(), locale, maxBytes);
  acceptCache.set(cacheKey, text);
  return text;
}

/* ------------------------------------------------------------------ file names */

/**
 * A file name for display: bidi controls removed (files.ts `displayName`) and isolated in a `<bdi>`, so
 * `invoice\u202Efdp.png` reads as it is spelled, not as `invoicegnp.pdf`, and a right-to-left name does
 * not reorder the words around it.
 */
export const fileName = (name: string): TemplateResult => html`<bdi>${displayName(name)}</bdi>`;

/* ------------------------------------------------------------------ drag and drop where it exists */

/** A device that can drag files onto the page: a precise pointer that hovers (not a phone or a tablet). */
export const DROP_MEDIA = '(hover: hover) and (pointer: fine)';

/** Whether "or drop it here" is offered: only where dragging a file onto the page is possible. */
export function canDrop(): boolean {
  return typeof matchMedia === 'function' && matchMedia(DROP_MEDIA).matches;
}

/* ------------------------------------------------------------------ drop handling (shared, no closures) */

const zoneOf = (e: Event) => (e.currentTarget instanceof HTMLElement ? e.currentTarget : null);
const inputOf = (zone: HTMLElement) => zone.querySelector<HTMLInputElement>('input[type="file"]');
/** Disabled, or busy (`aria-disabled`: it keeps the focus while its file uploads). */
const blocked = (input: HTMLInputElement) => input.disabled || input.getAttribute('aria-disabled') === 'true';
const hasFiles = (e: DragEvent) => !!e.dataTransfer && [...e.dataTransfer.types].includes('Files');

function onDragOver(e: DragEvent) {
  const zone = zoneOf(e);
  const input = zone && inputOf(zone);
  if (!zone || !input || blocked(input) || !hasFiles(e)) return;
  e.preventDefault();
  if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
  zone.classList.add('is-dragover');
}

function onDragLeave(e: DragEvent) {
  const zone = zoneOf(e);
  if (!zone) return;
  if (e.relatedTarget instanceof Node && zone.contains(e.relatedTarget)) return;
  zone.classList.remove('is-dragover');
}

/** A drop gives the files to the zone's input and fires `change` on it, as choosing them would. */
function onDrop(e: DragEvent) {
  const zone = zoneOf(e);
  if (!zone) return;
  zone.classList.remove('is-dragover');
  const input = inputOf(zone);
  const files = e.dataTransfer?.files;
  if (!input || !files) return;
  // Always handled here, so a file dropped on the page is never opened in the tab instead.
  e.preventDefault();
  if (blocked(input) || files.length === 0) return;
  input.files = files;
  input.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
}

/** A busy input does not open the chooser (it stays focusable, unlike a disabled one). */
function onInputClick(e: MouseEvent) {
  const input = e.currentTarget;
  if (input instanceof HTMLInputElement && input.getAttribute('aria-disabled') === 'true') e.preventDefault();
}

/* ------------------------------------------------------------------ icons */

const uploadIcon = html`<svg
  class="upload-zone-icon"
  viewBox="0 0 24 24"
  aria-hidden="true"
  focusable="false"
>
  <path d="M11 16V7.8l-3.3 3.3-1.4-1.4L12 4l5.7 5.7-1.4 1.4L13 7.8V16h-2zm-6 4v-5h2v3h10v-3h2v5H5z" />
</svg>`;

/** The document icon; `hidden` when it stands behind a thumbnail (shown if the image fails). */
const docIcon = (hidden: boolean) =>
  html`<svg
    class="upload-icon"
    part="upload-icon"
    viewBox="0 0 24 24"
    aria-hidden="true"
    focusable="false"
    ?hidden=${hidden}
  >
    <path d="M6 2h8l6 6v14H6V2zm7 1.5V9h5.5L13 3.5zM8 12v1.5h8V12H8zm0 3v1.5h8V15H8zm0 3v1.5h5V18H8z" />
  </svg>`;

/** A thumbnail that cannot load (an image type the browser cannot show, e.g. HEIC) falls back to the icon. */
function onThumbError(e: Event) {
  const img = e.currentTarget;
  if (!(img instanceof HTMLImageElement)) return;
  img.hidden = true;
  const icon = img.nextElementSibling;
  if (icon instanceof SVGElement) icon.removeAttribute('hidden');
}

/* ------------------------------------------------------------------ drop zone */

export interface DropzoneOptions {
  /** DOM id of the file input (unique in the shadow root). */
  id: string;
  /** The field's visible label. */
  label: string;
  /**
   * Ignored (kept for callers): the input's accessible name is its visible text, the field label then the
   * zone's "Choose a file or drop it here" (WCAG 2.5.3, label in name), so a speech user saying either
   * reaches the control.
   */
  name?: string | undefined;
  required?: boolean | undefined;
  description?: string | null | undefined;
  /** The error to show (already filtered by the feedback rule), tied to the input. */
  error?: string | null | undefined;
  locale: string;
  multiple?: boolean | undefined;
  disabled?: boolean | undefined;
  /** A file is uploading: no new one until it is done, but the input keeps the focus (`aria-disabled`). */
  busy?: boolean | undefined;
  /** `change` handler of the input (chosen or dropped files); omit when handled by delegation. */
  onChange?: ((e: Event) => void) | undefined;
  /** `cancel` handler (the chooser was closed without a file). */
  onCancel?: ((e: Event) => void) | undefined;
  /** Sets the input's `required` (announced by screen readers): required and nothing uploaded yet. */
  missing?: boolean | undefined;
  /** Rendered after the zone, before the error (the list of files). */
  after?: TemplateResult | typeof nothing | undefined;
  /** Rendered between the label and the zone (a type select, for instance). */
  before?: TemplateResult | typeof nothing | undefined;
  /** Extra parts on the wrapper (e.g. `field question`). */
  part?: string | undefined;
  /** Extra attribute for delegation: `data-q` of the questionnaire. */
  dataQ?: number | undefined;
  /**
   * A single-file slot that holds its file: the drop zone is not shown (the file card's Replace is the
   * action); the input stays, visually hidden and out of the Tab order, for Replace to open.
   */
  filled?: boolean | undefined;
  /** The input's `accept` (default: the document types). */
  accept?: string | undefined;
  /** What may be chosen, stated before choosing (default {@link acceptText}). */
  hint?: string | undefined;
  /** The input's `capture` (a phone's camera; `<age-check>`'s photo fallback). */
  capture?: 'user' | 'environment' | undefined;
}

/** Label, description, drop zone with its stated limits, and error: a complete upload field. */
export function renderDropzone(o: DropzoneOptions): TemplateResult {
  const mark = o.required
    ? html`<span class="required-mark" aria-hidden="true">*</span
        ><span class="visually-hidden">${msg('(required)')}</span>`
    : nothing;
  const hintId = `${o.id}-hint`;
  const described = [o.description ? `${o.id}-desc` : '', hintId, o.error ? `${o.id}-err` : '']
    .filter(Boolean)
    .join(' ');
  // The accessible name is made of the visible text only (WCAG 2.5.3): the field label, then the zone's
  // own words. The required mark and "(required)" are not part of it (`required` says so).
  const labelledBy = `${o.id}-label-text ${o.id}-action`;
  const drop = canDrop();
  const action = o.multiple
    ? msg('Choose files', { desc: 'drop zone' })
    : msg('Choose a file', { desc: 'drop zone' });
  return html`<div
    class="field upload"
    part="${o.part ? `${o.part} ` : ''}upload"
    data-q=${o.dataQ ?? nothing}
  >
    <label class="field-label" part="field-label" for=${o.id} id="${o.id}-label"
      ><span id="${o.id}-label-text">${o.label}</span>${mark}</label
    >
    ${
      o.description
        ? html`<p class="field-description" id="${o.id}-desc" part="field-description">${o.description}</p>`
        : nothing
    }
    ${o.before ?? nothing}
    <div
      class="upload-zone ${o.disabled || o.busy ? 'is-disabled' : ''} ${o.filled ? 'is-filled' : ''}"
      part="upload-dropzone"
      @dragenter=${onDragOver}
      @dragover=${onDragOver}
      @dragleave=${onDragLeave}
      @drop=${onDrop}
    >
      <input
        type="file"
        id=${o.id}
        class="upload-input"
        part="upload-input file-input"
        accept=${o.accept ?? DOCUMENT_ACCEPT}
        capture=${o.capture ?? nothing}
        tabindex=${o.filled ? '-1' : nothing}
        aria-labelledby=${labelledBy}
        aria-describedby=${described}
        aria-invalid=${o.error ? 'true' : 'false'}
        ?multiple=${!!o.multiple}
        ?required=${!!o.missing}
        ?disabled=${!!o.disabled}
        aria-disabled=${o.busy ? 'true' : nothing}
        @click=${onInputClick}
        @change=${o.onChange ?? nothing}
        @cancel=${o.onCancel ?? nothing}
      />
      ${uploadIcon}
      <span class="upload-zone-text" id="${o.id}-action" aria-hidden="true">
        <span class="upload-zone-action">${action}</span>
        ${
          !drop
            ? nothing
            : o.multiple
              ? msg('or drop them here', { desc: 'drop zone' })
              : msg('or drop it here', { desc: 'drop zone' })
        }
      </span>
      <span class="upload-hint" part="upload-hint" id=${hintId}>${o.hint ?? acceptText(o.locale)}</span>
    </div>
    ${o.after ?? nothing}
    ${o.error ? html`<p class="field-error" id="${o.id}-err" part="field-error" role="alert">${o.error}</p>` : nothing}
  </div>`;
}

/* ------------------------------------------------------------------ file card */

export type FileCardState =
  | { kind: 'uploading'; fraction: number }
  | { kind: 'uploaded' }
  | { kind: 'chosen' }
  | { kind: 'failed'; message: string }
  | { kind: 'none' };

export interface FileCardOptions {
  /** DOM id of the card (children get `-progress`, `-state`). */
  id: string;
  name: string;
  /** Size in bytes, when known. */
  size?: number | null | undefined;
  /** Object URL of a local image, or null for the icon. */
  preview?: string | null | undefined;
  state: FileCardState;
  locale: string;
  /** Extra parts (e.g. `document`), before `upload-file`. */
  part?: string | undefined;
  /** Extra class names (e.g. `doc-item`). */
  className?: string | undefined;
  /** Name shown as a link or other content instead of the plain name. */
  nameContent?: TemplateResult | undefined;
  /** Buttons and links for this file. */
  actions?: TemplateResult | typeof nothing | undefined;
  /** More lines under the card (rename form, errors). */
  extra?: TemplateResult | typeof nothing | undefined;
  /** A line on the card (why a saved document cannot be removed), with the part `upload-note`. */
  note?: string | undefined;
}

/** One file: thumbnail or icon, name, size, progress or state, actions. A list item (`<li>`). */
export function renderFileCard(o: FileCardOptions): TemplateResult {
  const s = o.state;
  const pct = s.kind === 'uploading' ? Math.round(s.fraction * 100) : 0;
  const name = displayName(o.name);
  const stateText =
    s.kind === 'uploading'
      ? html`<progress
            id="${o.id}-progress"
            part="upload-progress"
            max="100"
            .value=${pct}
            aria-label=${msg(str`Uploading ${name}`)}
          ></progress>
          <span class="upload-pct">${msg(str`${pct}%`)}</span>`
      : s.kind === 'uploaded'
        ? html`<span class="upload-state is-done">${msg('Uploaded')}</span>`
        : s.kind === 'failed'
          ? html`<span class="upload-state is-failed"
              >${msg('Not uploaded', { desc: 'state of a file' })}</span
            >`
          : s.kind === 'chosen'
            ? html`<span class="upload-state">${msg('Added', { desc: 'state of a chosen file' })}</span>`
            : nothing;
  const thumb = o.preview
    ? html`<img src=${o.preview} alt="" @error=${onThumbError} />${docIcon(true)}`
    : docIcon(false);
  return html`<li
    class="upload-file ${o.className ?? ''}"
    part="${o.part ? `${o.part} ` : ''}upload-file"
    id=${o.id}
  >
    <span class="upload-thumb" part="upload-thumbnail">${thumb}</span>
    <span class="upload-file-main">
      <span class="upload-file-name" part="upload-file-name">${o.nameContent ?? fileName(o.name)}</span>
      <span class="upload-file-meta">
        ${
          typeof o.size === 'number'
            ? html`<span class="upload-file-size" part="upload-file-size"
                >${formatBytes(o.size, o.locale)}</span
              >`
            : nothing
        }
        <span class="upload-file-state" part="upload-file-state" id="${o.id}-state">${stateText}</span>
      </span>
    </span>
    ${o.actions ? html`<span class="upload-file-actions">${o.actions}</span>` : nothing}
    ${o.note ? html`<p class="upload-note" part="upload-note">${o.note}</p>` : nothing} ${o.extra ?? nothing}
  </li>`;
}

/* ------------------------------------------------------------------ previews */

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

/** Object URLs of local image files, by key; revoked when removed, replaced or cleared. */
export class Previews<K> {
  readonly #urls = new Map<K, string>();

  /** Makes a preview of `file` under `key` (images the browser shows; null for others). */
  set(key: K, file: Blob): string | null {
    this.delete(key);
    if (!IMAGE_TYPES.has(file.type) || typeof URL.createObjectURL !== 'function') return null;
    const url = URL.createObjectURL(file);
    this.#urls.set(key, url);
    return url;
  }

  get(key: K): string | null {
    return this.#urls.get(key) ?? null;
  }

  /** Moves a preview to another key (a chosen file that became a saved one). */
  move(from: K, to: K): void {
    const url = this.#urls.get(from);
    if (url === undefined) return;
    this.#urls.delete(from);
    this.delete(to);
    this.#urls.set(to, url);
  }

  delete(key: K): void {
    const url = this.#urls.get(key);
    if (url === undefined) return;
    URL.revokeObjectURL(url);
    this.#urls.delete(key);
  }

  /** Revokes every preview whose key is not in `keep`. */
  retain(keep: (key: K) => boolean): void {
    for (const key of [...this.#urls.keys()]) if (!keep(key)) this.delete(key);
  }

  clear(): void {
    for (const key of [...this.#urls.keys()]) this.delete(key);
  }
}

/**
 * `<age-check>`'s photo file, when the camera cannot be used or the user prefers a file: the one upload
 * component of the package (kyb-form/upload/upload.ts: a labelled drop zone that is the native file input,
 * the accepted types and size stated before choosing, "or drop it here" only where dragging exists) and
 * the check of a chosen file before anything is read or sent (a photo type, not empty, within the size).
 * Part of the capture flow's chunk (screens.ts), not of the first download.
 */
import { html, type TemplateResult } from 'lit';
import { msg } from '@lit/localize';
import { fileProblem, type AcceptedTypes } from '../kyb-form/files.ts';
import { limitsText, renderDropzone } from '../kyb-form/upload/upload.ts';

/** The largest photo file taken (it is then compressed to at most 100 kB before it is sent). */
export const MAX_PHOTO_FILE_BYTES = 20 * 1024 * 1024;

const EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'heic', 'heif'] as const;
const MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'] as const;
/** The input's `accept`: the photo types and their extensions. */
export const PHOTO_ACCEPT = [...MIME_TYPES, ...EXTENSIONS.map((e) => `.${e}`)].join(',');
const TYPE_NAMES = ['JPG', 'PNG', 'WebP', 'HEIC'];

const accepted = (): AcceptedTypes => ({
  extensions: EXTENSIONS,
  mimeTypes: MIME_TYPES,
  refused: msg('This file is not a photo. Choose a JPG, PNG, WebP or HEIC image.'),
});

/** Why `file` is not taken as the photo (localized), or null when it is. */
export function photoFileProblem(file: Pick<File, 'name' | 'size' | 'type'>, locale: string): string | null {
  return fileProblem(file, locale, MAX_PHOTO_FILE_BYTES, accepted());
}

export interface PhotoFileOptions {
  label: string;
  /** The reason the file is offered (the camera's failure), read after the label. */
  description: string;
  error: string | null;
  locale: string;
  capture: 'user' | 'environment';
  onChange: (e: Event) => void;
}

/** The photo file field: label, reason, drop zone with the types and size stated, and the error. */
export function photoFileField(o: PhotoFileOptions): TemplateResult {
  return html`<div class="file-field" part="fallback-upload">
    ${renderDropzone({
      id: 'file',
      label: o.label,
      description: o.description,
      error: o.error,
      locale: o.locale,
      accept: PHOTO_ACCEPT,
      capture: o.capture,
      hint: limitsText(TYPE_NAMES, o.locale, MAX_PHOTO_FILE_BYTES),
      onChange: o.onChange,
    })}
  </div>`;
}

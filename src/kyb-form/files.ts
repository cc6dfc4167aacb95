/** File handling shared by document uploads and FILE questions: type and size checks, base64 reading. */
import { msg, str } from '@lit/localize';
import { DOCUMENT_EXTENSIONS, DOCUMENT_MIME_TYPES, MAX_DOCUMENT_BYTES } from '../api/common.ts';
import { formatSize, overLimitSize } from './upload/sizes.ts';

/** The `accept` attribute for document inputs: images and PDF. */
export const DOCUMENT_ACCEPT = [...DOCUMENT_MIME_TYPES, ...DOCUMENT_EXTENSIONS.map((e) => `.${e}`)].join(',');

/** Human-readable size in the active locale (`4.2 MB`; below 1 KB in words: `70 bytes`): upload/sizes.ts. */
export const formatBytes = formatSize;

/**
 * The bidi controls a file name may carry (U+202A-202E embeddings and overrides, U+2066-2069 isolates,
 * U+200E/U+200F marks): `invoice\u202Efdp.png` would read as `invoicegnp.pdf`. Removed for display.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F]/g;

/**
 * A file name as shown: bidi controls removed, so the name reads in the order of its characters (shown in
 * a `<bdi>` or `dir="auto"` element, so a right-to-left name does not reorder the text around it).
 */
export const displayName = (name: string): string => name.replace(BIDI_CONTROLS, '');

/** `a file's size beside the limit` (upload/sizes.ts): one decimal, rounded up, in the limit's unit. */
export { overLimitSize };

const extensionOf = (name: string) => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

/** The kinds of file an upload accepts, when not the documents' (`<age-check>`'s photos). */
export interface AcceptedTypes {
  extensions: readonly string[];
  mimeTypes: readonly string[];
  /** The sentence for a file of another kind, naming the accepted ones. */
  refused: string;
}

/** A localized reason why `file` cannot be uploaded, or null when it can. Checked before any upload. */
export function fileProblem(
  file: Pick<File, 'name' | 'size' | 'type'>,
  locale: string,
  maxBytes = MAX_DOCUMENT_BYTES,
  types?: AcceptedTypes,
) {
  const ext = extensionOf(file.name);
  const extensions: readonly string[] = types?.extensions ?? DOCUMENT_EXTENSIONS;
  const mimeTypes: readonly string[] = types?.mimeTypes ?? DOCUMENT_MIME_TYPES;
  const typeOk = extensions.includes(ext) || mimeTypes.includes(file.type);
  if (!typeOk)
    return (
      types?.refused ??
      msg('This file type is not accepted. Choose an image (JPEG, PNG, GIF, WebP, HEIC) or a PDF.')
    );
  if (file.size === 0) return msg('This file is empty.');
  if (file.size > maxBytes) {
    const size = overLimitSize(file.size, maxBytes, locale);
    const max = formatSize(maxBytes, locale);
    return msg(str`This file is ${size}; the limit is ${max}.`, {
      desc: 'a chosen file is too large; both sizes with their unit, e.g. 10.5 MB and 10 MB',
    });
  }
  return null;
}

/** The published `filename` bound (`maxLength: 100`). */
export const MAX_FILENAME_LENGTH = 100;

const FROM_MIME: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'application/pdf': 'pdf',
};

/** `stem` cut to `max` UTF-16 units, never between the two halves of a surrogate pair. */
function cut(stem: string, max: number): string {
  if (stem.length <= max) return stem;
  const end = /[\uD800-\uDBFF]/.test(stem.charAt(max - 1)) ? max - 1 : max;
  return stem.slice(0, end);
}

/**
 * A filename the service accepts: the name, an extension from the MIME type if it has none we know, cut
 * to the published 100 characters keeping the extension (`a very long … name.pdf`).
 */
export function uploadFilename(file: Pick<File, 'name' | 'type'>): string {
  const name = file.name.trim() || 'document';
  const known = (DOCUMENT_EXTENSIONS as readonly string[]).includes(extensionOf(name));
  const ext = known ? `.${/\.([^.]+)$/.exec(name)![1]}` : `.${FROM_MIME[file.type] ?? 'pdf'}`;
  const stem = known ? name.slice(0, name.length - ext.length) : name;
  return cut(stem, MAX_FILENAME_LENGTH - ext.length) + ext;
}

/** Reads a Blob as base64 (no `data:` prefix), in chunks so large files do not block the main thread long. */
export async function readAsBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let out = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    out += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(out);
}

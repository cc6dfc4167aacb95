/** File handling shared by document uploads and FILE questions: type and size checks, base64 reading. */
import { msg, str } from '@lit/localize';
import { DOCUMENT_EXTENSIONS, DOCUMENT_MIME_TYPES, MAX_DOCUMENT_BYTES } from '../api/common.ts';
import { formatBytes } from './format-steps.ts';

/** The `accept` attribute for document inputs: images and PDF. */
export const DOCUMENT_ACCEPT = [...DOCUMENT_MIME_TYPES, ...DOCUMENT_EXTENSIONS.map((e) => `.${e}`)].join(',');

/** Human-readable size in the active locale (`4.2 MB`; below 1 KB in words: `70 bytes`), guarded in format.ts. */
export { formatBytes };

const extensionOf = (name: string) => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

/** A localized reason why `file` cannot be uploaded, or null when it can. Checked before any upload. */
export function fileProblem(
  file: Pick<File, 'name' | 'size' | 'type'>,
  locale: string,
  maxBytes = MAX_DOCUMENT_BYTES,
) {
  const ext = extensionOf(file.name);
  const typeOk =
    (DOCUMENT_EXTENSIONS as readonly string[]).includes(ext) ||
    (DOCUMENT_MIME_TYPES as readonly string[]).includes(file.type);
  if (!typeOk)
    return msg('This file type is not accepted. Choose an image (JPEG, PNG, GIF, WebP, HEIC) or a PDF.');
  if (file.size === 0) return msg('This file is empty.');
  if (file.size > maxBytes) {
    const size = formatBytes(file.size, locale);
    const max = formatBytes(maxBytes, locale);
    return msg(str`This file is ${size}; the largest accepted size is ${max}.`);
  }
  return null;
}

/** A filename the service accepts: keeps the name, adds an extension from the MIME type if missing. */
export function uploadFilename(file: Pick<File, 'name' | 'type'>): string {
  const name = file.name.trim().slice(-200) || 'document';
  if ((DOCUMENT_EXTENSIONS as readonly string[]).includes(extensionOf(name))) return name;
  const fromMime: Record<string, string> = {
    'image/jpeg': 'jpg',
    'image/png': 'png',
    'image/gif': 'gif',
    'image/webp': 'webp',
    'image/heic': 'heic',
    'image/heif': 'heif',
    'application/pdf': 'pdf',
  };
  return `${name}.${fromMime[file.type] ?? 'pdf'}`;
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

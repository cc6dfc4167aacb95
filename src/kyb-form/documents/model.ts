/**
 * Pure helpers for documents: the document types asked by the flow, labels, safe viewing URLs and
 * renaming that keeps the extension. No rendering.
 */
import { msg } from '@lit/localize';
import { safeServiceUrl } from '../../api/url.ts';
import { RenameDocumentRequest, type Flow, type KybDocument } from '../../api/kyb.ts';

/** One upload slot: a document type with its description and whether it is required. */
export interface DocSlot {
  docType: string;
  description: string | null;
  required: boolean;
}

/**
 * Company document types offered when the flow is null (every object present, nothing required): the
 * common ones of the published `KybDocumentTypeEnum`, most asked first.
 */
export const GENERIC_COMPANY_DOC_TYPES = [
  'INCORPORATION_CERT',
  'INCORPORATION_ARTICLES',
  'SHAREHOLDER_REGISTRY',
  'DIRECTORS_REGISTRY',
  'UBO_REGISTRY',
  'OWNERSHIP_STRUCTURE',
  'PROOF_OF_ADDRESS',
  'BANK_STATEMENT',
  'GOOD_STANDING_CERT',
  'ANNUAL_REPORT',
  'OTHER',
] as const;

/** The company document slots of the flow (one per docType), or null for the generic upload (`flow: null`). */
export function companySlots(flow: Flow | null | undefined): DocSlot[] | null {
  if (!flow) return null;
  const slots = new Map<string, DocSlot>();
  for (const d of flow.documents) {
    const prev = slots.get(d.docType);
    slots.set(d.docType, {
      docType: d.docType,
      description: prev?.description || d.description || null,
      required: (prev?.required ?? false) || d.required,
    });
  }
  return [...slots.values()];
}

/** Required slots without any uploaded document of their type. */
export function missingRequired(
  slots: readonly DocSlot[],
  docs: readonly Pick<KybDocument, 'type'>[],
): DocSlot[] {
  return slots.filter((s) => s.required && !docs.some((d) => d.type === s.docType));
}

/**
 * A localized label for a document type (every published type); unknown types are shown humanized
 * (`MY_TYPE` -> `My type`).
 */
export function docTypeLabel(type: string | null | undefined): string {
  switch (type) {
    case 'IDENTITY_DOCUMENT':
      return msg('Identity document', { desc: 'Document type' });
    case 'PROOF_OF_ADDRESS':
      return msg('Proof of address', { desc: 'Document type' });
    case 'OTHER':
      return msg('Other document', { desc: 'Document type' });
    case 'INCORPORATION_CERT':
      return msg('Certificate of incorporation', { desc: 'Document type' });
    case 'DIRECTOR_CERT':
      return msg('Certificate of directors', { desc: 'Document type' });
    case 'SHAREHOLDER_CERT':
      return msg('Certificate of shareholders', { desc: 'Document type' });
    case 'UBO_CERT':
      return msg('Certificate of beneficial owners', { desc: 'Document type' });
    case 'INCORPORATION_ARTICLES':
      return msg('Articles of association', { desc: 'Document type' });
    case 'SHAREHOLDER_REGISTRY':
      return msg('Register of shareholders', { desc: 'Document type' });
    case 'DIRECTORS_REGISTRY':
      return msg('Register of directors', { desc: 'Document type' });
    case 'STATE_REGISTRY':
      return msg('Extract from the state business register', { desc: 'Document type' });
    case 'UBO_REGISTRY':
      return msg('Register of beneficial owners', { desc: 'Document type' });
    case 'OWNERSHIP_STRUCTURE':
      return msg('Ownership structure', { desc: 'Document type' });
    case 'INCUMBENCY_CERT':
      return msg('Certificate of incumbency', { desc: 'Document type' });
    case 'TRUST_AGREEMENT':
      return msg('Trust agreement', { desc: 'Document type' });
    case 'INFORMATION_STATEMENT':
      return msg('Information statement', { desc: 'Document type' });
    case 'GOOD_STANDING_CERT':
      return msg('Certificate of good standing', { desc: 'Document type' });
    case 'PROOF_OF_DOMAIN':
      return msg('Proof of domain ownership', { desc: 'Document type' });
    case 'SOURCE_OF_FUNDS':
      return msg('Proof of source of funds', { desc: 'Document type' });
    case 'BANK_STATEMENT':
      return msg('Bank statement', { desc: 'Document type' });
    case 'INVOICE':
      return msg('Invoice', { desc: 'Document type' });
    case 'ONLINE_PRESENCE':
      return msg('Online presence of the company', { desc: 'Document type' });
    case 'DIRECTOR_ONLINE_PRESENCE':
      return msg('Online presence of a director', { desc: 'Document type' });
    case 'SHAREHOLDER_ONLINE_PRESENCE':
      return msg('Online presence of a shareholder', { desc: 'Document type' });
    case 'WEBSITE_OVERVIEW':
      return msg('Website overview', { desc: 'Document type' });
    case 'E_SIGNATURE_CERT':
      return msg('Electronic signature certificate', { desc: 'Document type' });
    case 'ANNUAL_REPORT':
      return msg('Annual report', { desc: 'Document type' });
    case 'NAME_CHANGE_PROOF':
      return msg('Proof of name change', { desc: 'Document type' });
    case 'TRADING_STATUS_PROOF':
      return msg('Proof of trading status', { desc: 'Document type' });
    case 'ORG_CHART':
      return msg('Organisation chart', { desc: 'Document type' });
    case 'COMPANY_ADVERSE_MEDIA':
      return msg('Adverse media check of the company', { desc: 'Document type' });
    case 'INDIVIDUAL_ADVERSE_MEDIA':
      return msg('Adverse media check of a person', { desc: 'Document type' });
    case 'EMAIL_CHECK':
      return msg('E-mail verification', { desc: 'Document type' });
    case 'SOURCE_OF_WEALTH':
      return msg('Proof of source of wealth', { desc: 'Document type' });
    case null:
    case undefined:
    case '':
      return msg('Document', { desc: 'Document of unknown type' });
    default: {
      const words = type.replace(/[_-]+/g, ' ').trim().toLowerCase();
      // A type of only separators (`___`, `-`) humanizes to nothing: show it as it is, so the slot keeps a name.
      if (!words) return type.trim() || msg('Document', { desc: 'Document of unknown type' });
      return words.charAt(0).toUpperCase() + words.slice(1);
    }
  }
}

/** The URL to open for a document, or null: the one rule for service URLs (`src/api/url.ts`). */
export function safeDocumentUrl(file: string | null | undefined, pageUrl: string): string | null {
  return safeServiceUrl(file, { page: pageUrl, relative: true });
}

/** Splits a filename into its base and its extension (without the dot; '' when none). */
export function splitFilename(name: string): { base: string; ext: string } {
  const m = /^(.*)\.([^.]+)$/.exec(name);
  if (!m || m[1] === '') return { base: name, ext: '' };
  return { base: m[1] ?? '', ext: m[2] ?? '' };
}

/** The new filename: the typed base (an extension typed by the user is dropped) plus the old extension. */
export function renamedFilename(typed: string, oldName: string): string {
  const { ext } = splitFilename(oldName);
  let base = typed.trim();
  if (ext && base.toLowerCase().endsWith(`.${ext.toLowerCase()}`))
    base = base.slice(0, -(ext.length + 1)).trim();
  return ext ? `${base}.${ext}` : base;
}

/** A localized problem with the new name, or null (checked with `RenameDocumentRequest`). */
export function renameProblem(typed: string, oldName: string): string | null {
  const { ext } = splitFilename(oldName);
  const name = renamedFilename(typed, oldName);
  const base = ext ? name.slice(0, -(ext.length + 1)) : name;
  if (base.trim() === '') return msg('Enter a file name.');
  if (/[\\/]/.test(base)) return msg('A file name cannot contain / or \\.');
  const r = RenameDocumentRequest.safeParse({ filename: name });
  if (r.success) return null;
  const issue = r.error.issues[0];
  if (issue?.code === 'too_big') return msg('The file name is too long.');
  return msg('The file name must end with an accepted extension (jpg, png, gif, webp, heic, heif or pdf).');
}

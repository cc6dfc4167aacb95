/**
 * Published document types (no zod here: the documents steps import this without the schemas chunk).
 */

/** `KybDocumentTypeEnum`: company documents (and a COMPANY beneficiary's). */
export const KYB_DOCUMENT_TYPES = [
  'INCORPORATION_CERT', 'DIRECTOR_CERT', 'SHAREHOLDER_CERT', 'UBO_CERT', 'INCORPORATION_ARTICLES',
  'SHAREHOLDER_REGISTRY', 'DIRECTORS_REGISTRY', 'STATE_REGISTRY', 'UBO_REGISTRY', 'OWNERSHIP_STRUCTURE',
  'INCUMBENCY_CERT', 'TRUST_AGREEMENT', 'INFORMATION_STATEMENT', 'GOOD_STANDING_CERT', 'PROOF_OF_DOMAIN',
  'PROOF_OF_ADDRESS', 'SOURCE_OF_FUNDS', 'BANK_STATEMENT', 'INVOICE', 'ONLINE_PRESENCE',
  'DIRECTOR_ONLINE_PRESENCE', 'SHAREHOLDER_ONLINE_PRESENCE', 'WEBSITE_OVERVIEW', 'E_SIGNATURE_CERT',
  'ANNUAL_REPORT', 'NAME_CHANGE_PROOF', 'TRADING_STATUS_PROOF', 'ORG_CHART', 'COMPANY_ADVERSE_MEDIA',
  'INDIVIDUAL_ADVERSE_MEDIA', 'EMAIL_CHECK', 'SOURCE_OF_WEALTH', 'OTHER',
] as const; // prettier-ignore
export type KybDocumentTypeName = (typeof KYB_DOCUMENT_TYPES)[number];

/** `IndividualKybDocTypeEnum`: a person's documents. */
export const INDIVIDUAL_DOCUMENT_TYPES = ['IDENTITY_DOCUMENT', 'PROOF_OF_ADDRESS', 'OTHER'] as const;

/** Every type a document request may carry. */
export type DocumentTypeName = KybDocumentTypeName | 'IDENTITY_DOCUMENT';

/**
 * The type to upload a document of a flow `docType` as: itself when it is a published type for the owner
 * (a person or a company), else `OTHER` (a flow may name its own types; the service files them as other).
 */
export function uploadTypeFor(
  docType: string,
  owner: 'INDIVIDUAL' | 'COMPANY' = 'COMPANY',
): DocumentTypeName {
  const known: readonly string[] = owner === 'INDIVIDUAL' ? INDIVIDUAL_DOCUMENT_TYPES : KYB_DOCUMENT_TYPES;
  return known.includes(docType) ? (docType as DocumentTypeName) : 'OTHER';
}

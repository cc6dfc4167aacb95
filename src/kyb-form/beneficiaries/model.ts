/**
 * Pure state of the beneficiaries step, in three parts re-exported here (importers keep using this file):
 * - config.ts: what the flow asks for (the roles, the applicant types INDIVIDUAL and COMPANY with their
 *   own fields, custom fields and documents, the ownership structure) and the role and member labels;
 * - draft.ts: the editable draft of one beneficiary and the published request bodies built from it;
 * - checks.ts: schema issues mapped to localized messages, ownership totals per owner, the threshold
 *   rule, required roles and documents.
 * No rendering.
 */
export { countryName, countryOptions } from '../format.ts';
export {
  applicantOf,
  BENEFICIARY_TYPES,
  beneficiaryConfig,
  beneficiaryName,
  INFO_TYPES,
  offeredTypes,
  personLabel,
  PERSON_ROLES,
  roleHint,
  rolesFor,
  typeLabel,
  typeShortLabel,
  type ApplicantConfig,
  type BeneficiaryConfig,
  type BeneficiaryTypeName,
  type CustomDef,
  type DocRequirement,
  type InfoFieldDef,
  type InfoType,
  type InputKind,
} from './config.ts';
export {
  createBody,
  customKey,
  draftFromBeneficiary,
  emptyDraft,
  formatPercentInput,
  infoValue,
  parsePercent,
  patchBody,
  type BeneficiaryDraft,
  type DraftField,
} from './draft.ts';
export {
  fieldOfPath,
  issueMessage,
  listProblems,
  meetsThreshold,
  ownershipTotal,
  requiredMessage,
  serverFieldErrors,
  validateDraft,
  type DraftErrors,
  type ListProblem,
} from './checks.ts';

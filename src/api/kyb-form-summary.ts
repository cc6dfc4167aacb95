/**
 * What `<kyb-form>`'s first screen reads: the info (`GET /kyb/info/`: locale, theme, flow) and the form as
 * listed (`GET /kyb/forms/`) with only what the company step uses (id, company, status). A chunk of its
 * own with the company and flow schemas, so that the people, documents and questionnaire schemas
 * (kyb.ts) load after the first screen. The full `kyb.KybForm` (with documents and beneficiaries) is in
 * kyb.ts; `KybClient.listForms()` reads that one.
 */
import * as z from 'zod/mini';
import { Id, opt, orCatch, orElse } from './common.ts';
import { Company } from './kyb-company.ts';

export { KybInfo } from './kyb-flow.ts';

export const FormStatus = z.enum(['PENDING', 'PROCESSING', 'NEED_TO_PROCESS', 'NEED_TO_REVIEW', 'COMPLETED']);
export type FormStatus = z.infer<typeof FormStatus>;
/** `meta` of `kyb.KybForm`: an unknown status reads as PENDING. */
export const KybFormMeta = z.object({
  status: orCatch(FormStatus, 'PENDING'),
  approvalStatus: orCatch(z.nullable(z.enum(['APPROVED', 'DENIED'])), null),
  submissionTime: opt(z.string()),
  soleProprietor: opt(z.boolean()),
});

/** A listed form as the first screen reads it: id, company and status (other members are dropped). */
export const KybFormSummary = z.object({
  id: Id,
  company: orElse(Company, {}),
  meta: orElse(KybFormMeta, { status: 'PENDING', approvalStatus: null }),
});
export type KybFormSummary = z.infer<typeof KybFormSummary>;
export const KybFormSummaryList = z.array(KybFormSummary);

/**
 * The company as the element writes it (see kyb-company.ts): the draft payload `CompanyWrite`, the
 * published request `CompanyInfoRequest` with `companyRequest()`, and the create / update bodies. Loaded
 * with the writes' schemas (kyb.ts), not with the first screen's.
 */
import * as z from 'zod/mini';
import { bounded, dict, opt } from './common.ts';
import { CountryCode } from './countries.ts';
import { CompanyFieldSchemas, Email, webUrl } from './kyb-company.ts';

/** `additionalInfo` of a request: `{key: {value}}` (`kyb.AdditionalFieldValueRequest`). */
export const AdditionalInfoRequest = dict(
  z.string().check(z.minLength(1)),
  z.object({ value: z.nullable(z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])) }),
);
export type AdditionalInfoRequest = z.infer<typeof AdditionalInfoRequest>;

/* ---------------------------------------------------------------- the company: draft and request */

const f = CompanyFieldSchemas;
/** The element's company draft payload: any field may be `null` (cleared); bounds always hold. */
export const CompanyWrite = z.object({
  companyName: opt(f.companyName),
  country: opt(f.country),
  registrationNumber: opt(f.registrationNumber),
  region: opt(f.region),
  type: opt(f.type),
  phone: opt(f.phone),
  website: opt(f.website),
  email: opt(f.email),
  brandNames: opt(f.brandNames),
  activityCode: opt(f.activityCode),
  tin: opt(f.tin),
  operatingAddress: opt(f.operatingAddress),
  postalAddress: opt(f.postalAddress),
  postcode: opt(f.postcode),
  street: opt(f.street),
  city: opt(f.city),
  additionalInfo: opt(AdditionalInfoRequest),
});
export type CompanyWrite = z.infer<typeof CompanyWrite>;

/** Members of `CompanyInfoRequest` that are nullable as published (the rest must be left out when empty). */
const companyOptional = {
  registrationNumber: opt(bounded(0, 100)),
  region: opt(bounded(0, 2)),
  type: opt(bounded(0, 100)),
  phone: opt(bounded(0, 128)),
  website: opt(webUrl(200)),
  email: opt(Email),
  brandNames: z.optional(z.array(bounded(1, 100)).check(z.maxLength(10))),
  activityCode: opt(bounded(0, 8)),
  tin: opt(bounded(0, 32)),
  operatingAddress: opt(bounded(0, 255)),
  postalAddress: opt(bounded(0, 255)),
  postcode: opt(bounded(0, 20)),
  street: opt(bounded(0, 100)),
  city: opt(bounded(0, 100)),
  additionalInfo: z.optional(AdditionalInfoRequest),
};
/** `kyb.CompanyInfoRequest`: the company of `POST /kyb/forms/` and `PATCH /kyb/forms/{id}/`. */
export const CompanyInfoRequest = z.object({
  companyName: bounded(1, 200),
  country: CountryCode,
  ...companyOptional,
});
export type CompanyInfoRequest = z.infer<typeof CompanyInfoRequest>;
/** The members shared by a company applicant (beneficiary) request. */
export const companyRequestShape = CompanyInfoRequest.shape;

/** `kyb.ClientSystemRequest`. */
export const ClientSystemRequest = z.object({
  ipAddress: opt(z.string().check(z.minLength(1))),
  timeZone: opt(z.string().check(z.minLength(1))),
});
/** `kyb.KybFormCreateRequest` (the element sends the company only). */
export const CreateFormRequest = z.object({
  company: CompanyInfoRequest,
  clientSystem: z.optional(ClientSystemRequest),
});
/** `kyb.PatchedKybFormUpdateRequest`: the whole company object. */
export const UpdateFormRequest = z.object({
  company: z.optional(CompanyInfoRequest),
  clientSystem: z.optional(ClientSystemRequest),
});

/**
 * The published request body for a company draft: `null` kept where the schema allows it ("cleared"),
 * a cleared list sent as `[]`, an empty `additionalInfo` left out. Name and country must be set.
 */
export function companyRequest(w: CompanyWrite): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(w)) {
    if (v === undefined) continue;
    if (k === 'brandNames') out[k] = v ?? [];
    else if (k === 'additionalInfo') {
      if (v && Object.keys(v).length) out[k] = v;
    } else if (v !== null || k in companyOptional) out[k] = v;
  }
  return out;
}

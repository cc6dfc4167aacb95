/** AML monitoring: person and company checks, filters, search results and adverse media. */
import * as z from 'zod/mini';
import { bounded, DateOnly, DateTime, opt, Tags, Uuid } from './common.ts';
import { CountryCode } from './countries.ts';

export const MonitoringStatus = z.enum(['ACTIVE', 'STOPPED', 'PENDING', 'ALERT']);
export const UserMonitoringType = z.enum(['PERSON', 'COMPANY']);
export const AmlCheckStatus = z.enum([
  'NOT_CHECKED',
  'NO_FLAGS',
  'FALSE_POSITIVE',
  'TRUE_POSITIVE',
  'FLAGS_FOUND',
]);
export const PersonDataset = z.enum([
  'PEP_CURRENT', 'PEP_FORMER', 'PEP_LINKED', 'SAN_CURRENT', 'SAN_FORMER', 'INS', 'RRE', 'DD', 'POI', 'REL',
]); // prettier-ignore
export const CompanyDataset = z.enum([
  'PEP_LINKED', 'SAN_CURRENT', 'SAN_FORMER', 'INS', 'RRE', 'POI', 'REL', 'SOE_CURRENT', 'SOE_FORMER',
]); // prettier-ignore
export const IndividualDataset = z.enum([
  'PEP_CURRENT', 'PEP_FORMER', 'PEP_LINKED', 'SAN_CURRENT', 'SAN_FORMER', 'INS', 'RRE', 'DD', 'POI', 'REL', 'GRI',
]); // prettier-ignore
export const BusinessDataset = z.enum([
  'PEP', 'PEP_LINKED', 'SAN', 'SAN_CURRENT', 'SAN_FORMER', 'INS', 'RRE', 'POI', 'REL', 'SOE', 'SOE_CURRENT', 'SOE_FORMER',
]); // prettier-ignore
export const PepTier = z.enum(['PEP_TIER_1', 'PEP_TIER_2', 'PEP_TIER_3']);
export const DateOfBirthMatching = z.enum([
  'EXACT', 'SAME_YEAR', 'WITHIN_ONE_YEAR', 'WITHIN_TWO_YEARS', 'WITHIN_THREE_YEARS', 'WITHIN_FOUR_YEARS', 'WITHIN_FIVE_YEARS',
]); // prettier-ignore

export const PersonInput = z.object({
  fullName: bounded(1, 200),
  nationality: opt(CountryCode),
  dateOfBirth: opt(DateOnly),
  sex: opt(z.enum(['MALE', 'FEMALE'])),
});
export const CompanyInput = z.object({
  companyName: bounded(1, 200),
  country: opt(CountryCode),
});

const ClientId = bounded(1, 100);
export const AmlCheckRequest = z.discriminatedUnion('userType', [
  z.object({ clientId: ClientId, userType: z.literal('PERSON'), input: PersonInput }),
  z.object({ clientId: ClientId, userType: z.literal('COMPANY'), input: CompanyInput }),
]);
export type AmlCheckRequest = z.infer<typeof AmlCheckRequest>;

export const CreateMonitoringRequest = z.object({
  isSubscribed: z.boolean(),
  amlCheck: AmlCheckRequest,
  tags: z.optional(Tags),
});
export type CreateMonitoringRequest = z.infer<typeof CreateMonitoringRequest>;

/**
 * `aml.AmlMonitoringStartStopRequest` (`POST /aml/monitorings/{id}/start/` and `.../stop/`): `comment`
 * is optional, 1-10000 characters, never `null` (an empty comment is left out).
 */
export const MonitoringCommentRequest = z.object({ comment: z.optional(bounded(1, 10000)) });

/* Responses: every member the published schema does not require may be absent; `null` reads as not set. */
const Threshold = opt(z.int());
const SanctionBodies = opt(z.array(z.int()));
export const PersonAmlCheckFilter = z.object({
  threshold: Threshold,
  datasets: opt(z.array(PersonDataset)),
  sanctionBodies: SanctionBodies,
  dateOfBirthMatching: opt(DateOfBirthMatching),
  pepTiers: opt(z.array(PepTier)),
});
export const CompanyAmlCheckFilter = z.object({
  threshold: Threshold,
  datasets: opt(z.array(CompanyDataset)),
  sanctionBodies: SanctionBodies,
});

export const SearchAddress = z.object({
  geography: z.string(),
  city: opt(z.string()),
});
/** `YYYY-MM-DD`, `YYYY-MM` or `YYYY` as published (read as text). */
const PartialDate = z.string();
export const IndividualSearchResult = z.object({
  version: z.optional(z.int()),
  resourceId: z.string(),
  score: z.int(),
  match: z.string(),
  name: z.string(),
  addresses: z.array(SearchAddress),
  nationalities: z.array(CountryCode),
  datesOfBirth: z.array(PartialDate),
  gender: z.optional(z.enum(['MALE', 'FEMALE'])),
  profileImage: z.optional(z.string()),
  datasets: z.array(IndividualDataset),
  currentSanBodyIds: z.array(z.int()),
  formerSanBodyIds: z.array(z.int()),
  pepTier: z.optional(PepTier),
});
export const BusinessSearchResult = z.object({
  version: z.optional(z.int()),
  resourceId: z.string(),
  score: z.int(),
  match: z.string(),
  name: z.string(),
  addresses: z.array(SearchAddress),
  datasets: z.array(BusinessDataset),
  currentSanBodyIds: z.array(z.int()),
  formerSanBodyIds: z.array(z.int()),
});
export const AdverseMediaSearchResult = z.object({
  title: z.nullable(z.string()),
  url: z.url(),
  text: z.nullable(z.string()),
  score: z.nullable(z.int()),
  type: z.nullable(z.literal('NEGATIVE')),
  publishDate: z.nullable(DateOnly),
});

/** The check's input as read back (no length bounds: the service already accepted it). */
const PersonInputRead = z.object({
  fullName: z.string(),
  nationality: opt(CountryCode),
  dateOfBirth: opt(DateOnly),
  sex: opt(z.enum(['MALE', 'FEMALE'])),
});
const CompanyInputRead = z.object({ companyName: z.string(), country: opt(CountryCode) });

const checkCommon = {
  id: Uuid,
  clientId: z.string(),
  checkedAt: z.nullable(DateTime),
  created: DateTime,
  adverseMedia: z.optional(z.nullable(z.array(AdverseMediaSearchResult))),
  overallStatus: AmlCheckStatus,
};
export const AmlCheckResponse = z.discriminatedUnion('userType', [
  z.object({
    ...checkCommon,
    userType: z.literal('PERSON'),
    input: PersonInputRead,
    filter: PersonAmlCheckFilter,
    amlCheck: z.optional(z.nullable(z.array(IndividualSearchResult))),
  }),
  z.object({
    ...checkCommon,
    userType: z.literal('COMPANY'),
    input: CompanyInputRead,
    filter: CompanyAmlCheckFilter,
    amlCheck: z.optional(z.nullable(z.array(BusinessSearchResult))),
  }),
]);

export const AmlMonitoring = z.object({
  id: Uuid,
  isSubscribed: z.boolean(),
  status: MonitoringStatus,
  expiration: DateTime,
  created: DateTime,
  amlCheck: AmlCheckResponse,
  tags: z._default(z.array(z.string()), []),
});
export type AmlMonitoring = z.infer<typeof AmlMonitoring>;

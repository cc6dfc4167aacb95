/** AML monitoring: person and company checks, filters, search results and adverse media. */
import * as z from 'zod/mini';
import { bounded, DateOnly, DateTime, intRange, opt, Tags, Uuid } from './common.ts';
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

/** `POST /aml/monitorings/{id}/start/` and `.../stop/` (supplement). */
export const MonitoringCommentRequest = z.object({ comment: z.optional(z.nullable(bounded(0, 1000))) });

const Threshold = z.nullable(intRange(75, 100));
const SanctionBodies = z.nullable(z.array(intRange(1, 80)));
export const PersonAmlCheckFilter = z.object({
  threshold: Threshold,
  datasets: z.array(PersonDataset),
  sanctionBodies: z.optional(SanctionBodies),
  dateOfBirthMatching: z.optional(z.nullable(DateOfBirthMatching)),
  pepTiers: z.optional(z.nullable(z.array(PepTier))),
});
export const CompanyAmlCheckFilter = z.object({
  threshold: Threshold,
  datasets: z.array(CompanyDataset),
  sanctionBodies: z.optional(SanctionBodies),
});

export const SearchAddress = z.object({
  geography: z.string().check(z.regex(/^[A-Z]{2}$/)),
  city: z.optional(z.string()),
});
const PartialDate = z.string().check(z.regex(/^\d{4}(-\d{2}(-\d{2})?)?$/));
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

const checkCommon = {
  id: Uuid,
  clientId: bounded(0, 100),
  checkedAt: z.nullable(DateTime),
  created: DateTime,
  adverseMedia: z.optional(z.nullable(z.array(AdverseMediaSearchResult))),
  overallStatus: AmlCheckStatus,
};
export const AmlCheckResponse = z.discriminatedUnion('userType', [
  z.object({
    ...checkCommon,
    userType: z.literal('PERSON'),
    input: PersonInput,
    filter: PersonAmlCheckFilter,
    amlCheck: z.optional(z.nullable(z.array(IndividualSearchResult))),
  }),
  z.object({
    ...checkCommon,
    userType: z.literal('COMPANY'),
    input: CompanyInput,
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
  tags: z._default(Tags, []),
});
export type AmlMonitoring = z.infer<typeof AmlMonitoring>;

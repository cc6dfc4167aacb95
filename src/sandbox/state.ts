/** In-memory state of one sandbox instance: accounts and everything they own. */
import type { CompanyWrite, QuestionnaireDefinition } from '../api/kyb.ts';
import type { WebhookEventType } from '../api/webhooks.ts';

export interface FaultConfig {
  latencyMs?: number | undefined;
  failRate?: number | undefined;
  dropRate?: number | undefined;
  rateLimitRate?: number | undefined;
  malformed?: { rate: number; kind: MalformedKind } | undefined;
  paths?: string | string[] | undefined;
  methods?: string[] | undefined;
  seed?: number | undefined;
  afterCommit?: boolean | undefined;
  repeat?: number | undefined;
  times?: number | undefined;
}
/** The ways the fault mode can corrupt an answer (one list: schema, types and tests use it). */
export const MALFORMED_KINDS = [
  'invalid-json',
  'wrong-types',
  'missing-fields',
  'extra-fields',
  'huge-strings',
  'huge-arrays',
  'wrong-content-type',
  'empty-body',
] as const;
export type MalformedKind = (typeof MALFORMED_KINDS)[number];

export interface WebhookRecord {
  id: string;
  eventType: WebhookEventType;
  url: string | null;
  headers: Record<string, string>;
  body: string;
  signature: string;
  deliveredStatus: number | null;
  error: string | null;
  at: string;
}

export interface RequestLogEntry {
  method: string;
  path: string;
  auth: 'basic' | 'bearer';
  status: number;
  body: unknown;
  at: string;
}

export interface StoredQuestionnaire extends QuestionnaireDefinition {
  id: string;
}

export interface StoredDocument {
  id: string;
  type: string;
  filename: string;
  fileId: string;
}

export interface StoredBeneficiary {
  id: string;
  beneficiaryTypes: string[];
  infoType: 'INDIVIDUAL' | 'COMPANY';
  info: Record<string, unknown>;
  positions: string[];
  formFiller: boolean;
  ownershipPercentage: number | null;
  parent: string | null;
  documents: Map<string, StoredDocument>;
}

/** A stored answer value: files are kept as `{filename, fileId}`. */
export type StoredFile = { filename: string; fileId: string };
export type StoredValue = null | string | number | boolean | string[] | StoredFile | StoredFile[];

export interface StoredForm {
  id: string;
  accountId: string;
  clientId: string;
  externalRef: string | null;
  company: CompanyWrite;
  meta: {
    status: 'PENDING' | 'PROCESSING' | 'NEED_TO_PROCESS' | 'NEED_TO_REVIEW' | 'COMPLETED';
    approvalStatus: 'APPROVED' | 'DENIED' | null;
    submissionTime: string | null;
    soleProprietor: boolean;
  };
  beneficiaries: Map<string, StoredBeneficiary>;
  documents: Map<string, StoredDocument>;
  /** questionnaire id -> section -> question -> value */
  answers: Map<string, Record<string, Record<string, StoredValue>>>;
}

export interface KybTokenRecord {
  tokenString: string;
  accountId: string;
  clientId: string;
  externalRef: string | null;
  locale: string | null;
  questionnaire: string | null;
  questionnaireRequired: boolean;
  tags: string[];
  expiresAt: number;
}

export interface AgeSettings {
  min_age: number;
  confidence_threshold: number;
  buffer: number;
  escalation: 'DOC' | 'NONE';
  retry_limit: number;
  save_photo: boolean;
  expiry_minutes: number;
}

export type ScenarioEstimate = { age: number; confidence: number } | 'no-face';
export interface AgeSessionRecord {
  token: string;
  scanRef: string;
  accountId: string;
  settings: AgeSettings;
  clientId: string | null;
  successRedirect: string | null;
  underageRedirect: string | null;
  uncertainRedirect: string | null;
  webhookUrl: string | null;
  createdAt: number;
  expiresAt: number;
  status: 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED';
  step: 'SELFIE' | 'DOCUMENT' | 'DONE';
  outcome: 'SUCCESS' | 'UNDERAGE' | 'UNCERTAIN' | 'FACE_MISMATCH' | 'ATTEMPTS_EXCEEDED' | null;
  attemptsUsed: number;
  estimates: ScenarioEstimate[];
  documentAge: number | 'unreadable';
  estimateIndex: number;
  lastAge: number | null;
  lastConfidence: number | null;
  photoFileIds: string[];
}

export interface Identification {
  scanRef: string;
  clientId: string;
  authToken: string;
  expiration: string;
  finished: boolean;
  selfieFileId: string | null;
}

export interface Monitoring {
  id: string;
  isSubscribed: boolean;
  status: 'ACTIVE' | 'STOPPED' | 'PENDING' | 'ALERT';
  expiration: string;
  created: string;
  tags: string[];
  check: {
    id: string;
    clientId: string;
    checkedAt: string | null;
    created: string;
    userType: 'PERSON' | 'COMPANY';
    input: Record<string, unknown>;
    amlCheck: Record<string, unknown>[] | null;
    adverseMedia: Record<string, unknown>[] | null;
    overallStatus: 'NOT_CHECKED' | 'NO_FLAGS' | 'FALSE_POSITIVE' | 'TRUE_POSITIVE' | 'FLAGS_FOUND';
  };
}

export interface SosRecord {
  id: string;
  companyName: string;
  city: string;
  street: string;
  postalCode: string;
  state: string;
  status: 'IN_PROGRESS' | 'FINISHED';
  checkedAt: string | null;
  dataFileId: string | null;
  reportFileId: string | null;
  formationDate: string | null;
  entityType: string | null;
}

export interface Account {
  id: string;
  name: string;
  apiKey: string;
  apiSecret: string;
  webhookSecret: string;
  ageCredits: number;
  webhookUrl: string | null;
  ageWebhookUrl: string | null;
  rateLimitPerMinute: number;
  kybInfo: Record<string, unknown>;
  questionnaires: StoredQuestionnaire[];
  /** clientId -> form */
  forms: Map<string, StoredForm>;
  identifications: Map<string, Identification>;
  monitorings: Map<string, Monitoring>;
  sos: Map<string, SosRecord>;
  webhooks: WebhookRecord[];
  requests: RequestLogEntry[];
  faults: FaultConfig | null;
  /** The compiled `faults.paths` (null: every path). */
  faultPaths: ((path: string) => boolean) | null;
  /** How many more affected requests get the faults (`faults.times`; null: no limit). */
  faultsLeft: number | null;
  rng: () => number;
}

export interface FileRecord {
  accountId: string;
  filename: string;
  contentType: string;
  bytes: Uint8Array;
}

export class SandboxState {
  readonly accountsById = new Map<string, Account>();
  readonly accountsByKey = new Map<string, Account>();
  readonly kybTokens = new Map<string, KybTokenRecord>();
  readonly ageSessions = new Map<string, AgeSessionRecord>();
  readonly formsById = new Map<string, StoredForm>();
  readonly files = new Map<string, FileRecord>();
  /** rate-limit windows: credential -> {start, count} */
  readonly windows = new Map<string, { start: number; count: number }>();
}

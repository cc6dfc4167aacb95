/** Account creation (demo seed and `POST /_sandbox/accounts`). */
import * as z from 'zod/mini';
import { QuestionnaireDefinition } from '../api/kyb.ts';
import { DEMO_KYB_INFO, DEMO_QUESTIONNAIRES } from './fixtures.ts';
import type { Account, Identification, SandboxState, StoredQuestionnaire } from './state.ts';
import { mulberry32, randomHex, uuid, isRecord } from './util.ts';

/** The seeded demo account's credentials. */
export const DEMO_ACCOUNT = {
  accountId: 'demo',
  apiKey: 'demo_key',
  apiSecret: 'demo_secret',
  webhookSecret: 'demo_webhook_secret',
} as const;

const MAX_INFO_STRING = 10_000;
/** Loose check of `kyb.info`: an object whose strings are at most 10k characters (hostile values pass). */
export const LooseInfo = z.custom<Record<string, unknown>>(
  (v) => isRecord(v) && looseOk(v, 0),
  'info must be an object (strings at most 10,000 characters, depth at most 12)',
);
function looseOk(v: unknown, depth: number): boolean {
  if (depth > 12) return false;
  if (typeof v === 'string') return v.length <= MAX_INFO_STRING;
  if (Array.isArray(v)) return v.length <= 1000 && v.every((x) => looseOk(x, depth + 1));
  if (isRecord(v)) return Object.values(v).every((x) => looseOk(x, depth + 1));
  return true;
}

export const KybConfigBody = z.object({
  info: z.optional(LooseInfo),
  questionnaires: z.optional(z.array(QuestionnaireDefinition).check(z.maxLength(50))),
});

const UrlOrNull = z.optional(z.nullable(z.string().check(z.maxLength(2048), z.regex(/^https?:\/\//i))));
export const CreateAccountBody = z.object({
  name: z.optional(z.string().check(z.maxLength(200))),
  ageCredits: z.optional(z.int().check(z.gte(0), z.lte(1_000_000_000))),
  webhookUrl: UrlOrNull,
  ageWebhookUrl: UrlOrNull,
  rateLimitPerMinute: z.optional(z.int().check(z.gte(1), z.lte(1_000_000))),
  kyb: z.optional(KybConfigBody),
});
export type CreateAccountBody = z.infer<typeof CreateAccountBody>;

export function toStoredQuestionnaires(defs: readonly QuestionnaireDefinition[]): StoredQuestionnaire[] {
  return defs.map((d) => ({ ...structuredClone(d), id: uuid() }));
}

export interface CreatedAccount {
  accountId: string;
  apiKey: string;
  apiSecret: string;
  webhookSecret: string;
  finishedScanRefs: string[];
}

export function createAccount(
  state: SandboxState,
  body: CreateAccountBody,
  now: number,
  fixed?: { accountId: string; apiKey: string; apiSecret: string; webhookSecret: string },
): CreatedAccount {
  const id = fixed?.accountId ?? `acc_${randomHex(8)}`;
  const account: Account = {
    id,
    name: body.name ?? 'Sandbox account',
    apiKey: fixed?.apiKey ?? `key_${randomHex(12)}`,
    apiSecret: fixed?.apiSecret ?? `secret_${randomHex(16)}`,
    webhookSecret: fixed?.webhookSecret ?? `whsec_${randomHex(16)}`,
    ageCredits: body.ageCredits ?? 100,
    webhookUrl: body.webhookUrl ?? null,
    ageWebhookUrl: body.ageWebhookUrl ?? null,
    rateLimitPerMinute: body.rateLimitPerMinute ?? 1200,
    kybInfo: structuredClone(body.kyb?.info ?? (DEMO_KYB_INFO as Record<string, unknown>)),
    questionnaires: toStoredQuestionnaires(body.kyb?.questionnaires ?? DEMO_QUESTIONNAIRES),
    forms: new Map(),
    identifications: new Map(),
    monitorings: new Map(),
    sos: new Map(),
    webhooks: [],
    requests: [],
    faults: null,
    faultPaths: null,
    faultsLeft: null,
    rng: mulberry32(Math.floor(Math.random() * 2 ** 32)),
  };
  const finishedScanRefs: string[] = [];
  for (let i = 0; i < 2; i++) {
    const ident: Identification = {
      scanRef: uuid(),
      clientId: `seeded-client-${i + 1}`,
      authToken: randomHex(16),
      expiration: new Date(now + 3600_000).toISOString(),
      finished: true,
      selfieFileId: null,
    };
    account.identifications.set(ident.scanRef, ident);
    finishedScanRefs.push(ident.scanRef);
  }
  state.accountsById.set(account.id, account);
  state.accountsByKey.set(account.apiKey, account);
  return {
    accountId: account.id,
    apiKey: account.apiKey,
    apiSecret: account.apiSecret,
    webhookSecret: account.webhookSecret,
    finishedScanRefs,
  };
}

/**
 * Age estimation: token creation (server side), the capture-page session, the decision rules of the
 * supplement, the result webhook, and the sandbox-only scenario / expiry controls.
 *
 * The sandbox cannot see faces: each selfie consumes the next entry of the session's scenario
 * (`{age, confidence}` or `'no-face'`; the last entry repeats; default `[{age: 35, confidence: 95}]`),
 * and a document gives `documentAge` (default 30, or `'unreadable'`).
 */
import * as z from 'zod/mini';
import {
  AGE_DEFAULTS,
  AgeTokenRequest,
  DocumentRequest,
  SelfieRequest,
  type AgeWebhook,
  type InsufficientFinancesBody,
} from '../api/age.ts';
import { acct, type Ctx, type RouteDef } from './context.ts';
import { hostedRoutes, hostedSessionUrl } from './hosted.ts';
import type { AgeSessionRecord, ScenarioEstimate } from './state.ts';
import { base64ToBytes, HttpError, iso, json, notFound, parseOrThrow, randomHex, uuid } from './util.ts';

export const INSUFFICIENT_FINANCES: InsufficientFinancesBody = {
  message: 'Insufficient finances for age estimation.',
  code: 'insufficient_finances',
  detail: {
    detail: 'The account has no age-estimation funds left.',
    missing_limits: [],
    missing_additional_step_limits: [],
    missing_funds: null,
    missing_pool_funds: [{ fund_pool: 'AGE_ESTIMATION', missing: 1 }],
    expired_expenses: [],
  },
};

export const DEFAULT_SCENARIO: ScenarioEstimate[] = [{ age: 35, confidence: 95 }];
export const DEFAULT_DOCUMENT_AGE = 30;

export const ScenarioBody = z.object({
  estimates: z
    .array(
      z.union([
        z.literal('no-face'),
        z.object({
          age: z.number().check(z.gte(0), z.lte(150)),
          confidence: z.number().check(z.gte(0), z.lte(100)),
        }),
      ]),
    )
    .check(z.minLength(1), z.maxLength(100)),
  documentAge: z.optional(z.union([z.number().check(z.gte(0), z.lte(150)), z.literal('unreadable')])),
});

const expired = (s: AgeSessionRecord, now: number) => now >= s.expiresAt;
const terminal = (s: AgeSessionRecord) => s.status === 'COMPLETED' || s.status === 'FAILED';

function redirectFor(s: AgeSessionRecord): string | null {
  if (s.step !== 'DONE') return null;
  switch (s.outcome) {
    case 'SUCCESS':
      return s.successRedirect || null;
    case 'UNDERAGE':
      return s.underageRedirect || null;
    case 'UNCERTAIN':
    case 'ATTEMPTS_EXCEEDED':
      return s.uncertainRedirect || null;
    default:
      return null;
  }
}

/** The capture session as the page sees it (no estimate, no confidence). */
export function sessionJson(s: AgeSessionRecord, now: number) {
  const isExpired = !terminal(s) && expired(s, now);
  return {
    status: isExpired ? ('EXPIRED' as const) : s.status,
    step: s.step,
    outcome: isExpired ? null : s.outcome,
    min_age: s.settings.min_age,
    escalation: s.settings.escalation,
    retry_limit: s.settings.retry_limit,
    attempts_used: s.attemptsUsed,
    expires_at: iso(s.expiresAt),
    redirect_url: isExpired ? null : redirectFor(s),
  };
}

function captureError(status: number, code: string, message: string) {
  return new HttpError(status, code.toUpperCase(), message, { code });
}

function checkOpen(ctx: Ctx, s: AgeSessionRecord, step: 'SELFIE' | 'DOCUMENT') {
  if (s.status === 'FAILED')
    throw captureError(423, 'session_locked', 'The session is locked: too many attempts.');
  if (s.status === 'COMPLETED')
    throw captureError(409, 'session_completed', 'The session is already complete.');
  if (expired(s, ctx.now())) throw captureError(410, 'session_expired', 'The session has expired.');
  if (s.step !== step) {
    throw new HttpError(400, 'BAD_VALUE', `This session expects a ${s.step.toLowerCase()} now.`, {
      code: 'wrong_step',
    });
  }
}

/** The model's verdict (free text as published, ours): `ADULT` / `MINOR` when an age was decided. */
const verdictOf = (outcome: NonNullable<AgeSessionRecord['outcome']>) =>
  outcome === 'SUCCESS' ? 'ADULT' : outcome === 'UNDERAGE' ? 'MINOR' : null;

async function finish(ctx: Ctx, s: AgeSessionRecord, outcome: NonNullable<AgeSessionRecord['outcome']>) {
  s.outcome = outcome;
  s.step = 'DONE';
  s.status = outcome === 'ATTEMPTS_EXCEEDED' ? 'FAILED' : 'COMPLETED';
  const account = acct(ctx);
  const body: AgeWebhook = {
    scanRef: s.scanRef,
    status: s.status === 'FAILED' ? 'FAILED' : 'COMPLETED',
    outcome: s.outcome,
    verdict: verdictOf(outcome),
    estimatedAge: s.lastAge === null ? null : Math.round(s.lastAge),
    confidence: s.lastConfidence,
    clientId: s.clientId,
    occurredAt: iso(ctx.now()),
  };
  await ctx.services.webhook(
    account,
    'AGE_ESTIMATION',
    s.webhookUrl || account.ageWebhookUrl || account.webhookUrl,
    body,
  );
}

type Result = 'DECIDED' | 'RETRY' | 'STEP_UP';

async function afterRetry(ctx: Ctx, s: AgeSessionRecord): Promise<Result> {
  if (s.attemptsUsed >= s.settings.retry_limit) await finish(ctx, s, 'ATTEMPTS_EXCEEDED');
  return 'RETRY';
}

/** One selfie attempt, exactly as the supplement's "Decision" paragraph. */
async function selfieAttempt(ctx: Ctx, s: AgeSessionRecord): Promise<Result> {
  s.attemptsUsed++;
  const est = s.estimates[Math.min(s.estimateIndex, s.estimates.length - 1)] ?? 'no-face';
  s.estimateIndex++;
  if (est === 'no-face') return afterRetry(ctx, s);
  s.lastAge = est.age;
  s.lastConfidence = est.confidence;
  const { min_age: min, buffer, confidence_threshold: threshold, escalation } = s.settings;
  const uncertain = est.confidence < threshold || (min - buffer <= est.age && est.age < min + buffer);
  if (uncertain) {
    if (escalation === 'DOC') {
      s.step = 'DOCUMENT';
      return 'STEP_UP';
    }
    await finish(ctx, s, 'UNCERTAIN');
    return 'DECIDED';
  }
  await finish(ctx, s, est.age >= min ? 'SUCCESS' : 'UNDERAGE');
  return 'DECIDED';
}

/** A document attempt: the age from the document, with no buffer. */
async function documentAttempt(ctx: Ctx, s: AgeSessionRecord): Promise<Result> {
  s.attemptsUsed++;
  if (s.documentAge === 'unreadable') return afterRetry(ctx, s);
  s.lastAge = s.documentAge;
  s.lastConfidence = null;
  await finish(ctx, s, s.documentAge >= s.settings.min_age ? 'SUCCESS' : 'UNDERAGE');
  return 'DECIDED';
}

function sessionByToken(ctx: Ctx): AgeSessionRecord {
  const s = ctx.state.ageSessions.get(ctx.params.token ?? '');
  if (!s || s.accountId !== acct(ctx).id) throw notFound('No such age-estimation session.');
  return s;
}

export const ageRoutes: RouteDef[] = [
  ...hostedRoutes,
  {
    method: 'POST',
    path: '/age-estimation/token/',
    auth: 'basic',
    handler(ctx) {
      const account = acct(ctx);
      // The interface: finances are checked first.
      if (account.ageCredits <= 0) return json(INSUFFICIENT_FINANCES, 402);
      const body = parseOrThrow(AgeTokenRequest, ctx.json());
      account.ageCredits--;
      const now = ctx.now();
      const settings = {
        min_age: body.min_age,
        confidence_threshold: body.confidence_threshold,
        buffer: body.buffer ?? AGE_DEFAULTS.buffer,
        escalation: body.escalation ?? AGE_DEFAULTS.escalation,
        retry_limit: body.retry_limit ?? AGE_DEFAULTS.retry_limit,
        save_photo: body.save_photo ?? AGE_DEFAULTS.save_photo,
        expiry_minutes: body.expiry_minutes ?? AGE_DEFAULTS.expiry_minutes,
      };
      const s: AgeSessionRecord = {
        token: `age_${randomHex(20)}`,
        scanRef: uuid(),
        accountId: account.id,
        settings,
        clientId: body.client_id ?? null,
        successRedirect: body.success_redirect ?? null,
        underageRedirect: body.underage_redirect ?? null,
        uncertainRedirect: body.uncertain_redirect ?? null,
        webhookUrl: body.webhook_url ?? null,
        createdAt: now,
        expiresAt: now + settings.expiry_minutes * 60_000,
        status: 'PENDING',
        step: 'SELFIE',
        outcome: null,
        attemptsUsed: 0,
        estimates: [...DEFAULT_SCENARIO],
        documentAge: DEFAULT_DOCUMENT_AGE,
        estimateIndex: 0,
        lastAge: null,
        lastConfidence: null,
        photoFileIds: [],
      };
      ctx.state.ageSessions.set(s.token, s);
      // The provider's hosted capture page (ours: hosted.ts), unless a capture page was configured.
      const page = ctx.opts.captureUrl;
      const sep = page?.includes('?') ? '&' : '?';
      return json(
        {
          token: s.token,
          session_url: page
            ? `${page}${sep}token=${encodeURIComponent(s.token)}`
            : hostedSessionUrl(ctx, s.token),
          expires_at: iso(s.expiresAt),
          ...settings,
          client_id: s.clientId,
        },
        201,
      );
    },
  },
  {
    method: 'GET',
    path: '/age-estimation/session/',
    auth: 'age',
    handler(ctx) {
      const s = ctx.ageSession;
      if (!s) throw notFound();
      return json(sessionJson(s, ctx.now()));
    },
  },
  {
    method: 'POST',
    path: '/age-estimation/session/selfie/',
    auth: 'age',
    files: true,
    async handler(ctx) {
      const s = ctx.ageSession;
      if (!s) throw notFound();
      checkOpen(ctx, s, 'SELFIE');
      const body = parseOrThrow(SelfieRequest, ctx.json());
      if (s.settings.save_photo) {
        const bytes = base64ToBytes(body.image);
        const png = bytes[0] === 0x89 && bytes[1] === 0x50;
        s.photoFileIds.push(
          ctx.services.storeFile(
            s.accountId,
            png ? 'selfie.png' : 'selfie.jpg',
            png ? 'image/png' : 'image/jpeg',
            bytes,
          ),
        );
      }
      const result = await selfieAttempt(ctx, s);
      return json({ ...sessionJson(s, ctx.now()), attempt: { result } });
    },
  },
  {
    method: 'POST',
    path: '/age-estimation/session/document/',
    auth: 'age',
    files: true,
    async handler(ctx) {
      const s = ctx.ageSession;
      if (!s) throw notFound();
      checkOpen(ctx, s, 'DOCUMENT');
      parseOrThrow(DocumentRequest, ctx.json());
      const result = await documentAttempt(ctx, s);
      return json({ ...sessionJson(s, ctx.now()), attempt: { result } });
    },
  },
  /* sandbox-only controls */
  {
    method: 'PUT',
    path: '/_sandbox/age/sessions/:token/scenario',
    auth: 'basic',
    control: true,
    handler(ctx) {
      const s = sessionByToken(ctx);
      const body = parseOrThrow(ScenarioBody, ctx.json());
      s.estimates = body.estimates;
      s.estimateIndex = 0;
      if (body.documentAge !== undefined) s.documentAge = body.documentAge;
      return json({ token: s.token, estimates: s.estimates, documentAge: s.documentAge });
    },
  },
  {
    method: 'POST',
    path: '/_sandbox/age/sessions/:token/expire',
    auth: 'basic',
    control: true,
    handler(ctx) {
      const s = sessionByToken(ctx);
      s.expiresAt = Math.min(s.expiresAt, ctx.now());
      return json(sessionJson(s, ctx.now()));
    },
  },
  {
    method: 'PUT',
    path: '/_sandbox/age/credits',
    auth: 'basic',
    control: true,
    handler(ctx) {
      const body = parseOrThrow(
        z.object({ credits: z.int().check(z.gte(0), z.lte(1_000_000_000)) }),
        ctx.json(),
      );
      acct(ctx).ageCredits = body.credits;
      return json({ credits: body.credits });
    },
  },
];

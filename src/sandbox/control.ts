/**
 * Sandbox-only control endpoints under `${basePath}/_sandbox/` (see README.md). They are exempt from
 * faults, rate limits and the request log. All but account creation and file URLs take the account's
 * API key pair (HTTP Basic).
 *
 * - `POST /_sandbox/accounts` (no auth) `{name?, ageCredits?, webhookUrl?, ageWebhookUrl?,
 *   rateLimitPerMinute?, kyb?: {info?, questionnaires?}}` -> 201 `{accountId, apiKey, apiSecret,
 *   webhookSecret, finishedScanRefs}`.
 * - `PUT /_sandbox/kyb/config` `{info?, questionnaires?}` -> 200 `{info, questionnaires}` (with ids).
 * - `POST /_sandbox/kyb/tokens/{tokenString}/expire` -> 200 `{tokenString, expiration}`.
 * - `POST /_sandbox/kyb/forms/{id}/information-request` `{message?}` -> 200 the form (`PENDING` again).
 * - `PUT /_sandbox/age/sessions/{token}/scenario`, `POST /_sandbox/age/sessions/{token}/expire`,
 *   `PUT /_sandbox/age/credits` (in `age.ts`).
 * - `POST /_sandbox/identifications/{scanRef}/finish` (in `other.ts`).
 * - `GET /_sandbox/webhooks` -> the recorded webhooks, oldest first.
 * - `GET|DELETE /_sandbox/requests` -> the request log (at most 2,000 entries) / 204.
 * - `PUT /_sandbox/faults` -> the fault config (`{}` or `null` clears it); see `faults.ts`.
 */
import * as z from 'zod/mini';
import { createAccount, CreateAccountBody, KybConfigBody, toStoredQuestionnaires } from './accounts.ts';
import { acct, bodyOrEmpty, type RouteDef } from './context.ts';
import { compilePaths, FaultConfigSchema } from './faults.ts';
import { webhookTargetRefused } from './guard.ts';
import { formJson } from './kyb-json.ts';
import { requestInformation } from './kyb-submit.ts';
import { empty, HttpError, iso, json, mulberry32, notFound, parseOrThrow, validationError } from './util.ts';

export const controlRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/_sandbox/accounts',
    auth: 'none',
    control: true,
    handler(ctx) {
      const body = parseOrThrow(CreateAccountBody, bodyOrEmpty(ctx));
      const fields: Record<string, string[]> = {};
      for (const key of ['webhookUrl', 'ageWebhookUrl'] as const) {
        const target = body[key];
        const refused = target ? webhookTargetRefused(target, ctx.opts.webhookHosts) : null;
        if (refused) fields[key] = [refused];
      }
      if (Object.keys(fields).length > 0) throw validationError(fields);
      if (ctx.state.accountsById.size >= 10_000) {
        throw new HttpError(429, 'TOO_MANY_REQUESTS', 'Too many sandbox accounts.', {
          headers: { 'Retry-After': '60' },
        });
      }
      return json(createAccount(ctx.state, body, ctx.now()), 201);
    },
  },
  {
    method: 'PUT',
    path: '/_sandbox/kyb/config',
    auth: 'basic',
    control: true,
    handler(ctx) {
      const account = acct(ctx);
      const body = parseOrThrow(KybConfigBody, ctx.json());
      if (body.info) account.kybInfo = structuredClone(body.info);
      if (body.questionnaires) account.questionnaires = toStoredQuestionnaires(body.questionnaires);
      return json({ info: account.kybInfo, questionnaires: account.questionnaires });
    },
  },
  {
    method: 'POST',
    path: '/_sandbox/kyb/tokens/:tokenString/expire',
    auth: 'basic',
    control: true,
    handler(ctx) {
      const t = ctx.state.kybTokens.get(ctx.params.tokenString ?? '');
      if (!t || t.accountId !== acct(ctx).id) throw notFound('No such KYB token.');
      t.expiresAt = Math.min(t.expiresAt, ctx.now());
      return json({ tokenString: t.tokenString, expiration: iso(t.expiresAt) });
    },
  },
  {
    method: 'POST',
    path: '/_sandbox/kyb/forms/:id/information-request',
    auth: 'basic',
    control: true,
    async handler(ctx) {
      const body = parseOrThrow(
        z.object({ message: z.optional(z.string().check(z.maxLength(2000))) }),
        bodyOrEmpty(ctx),
      );
      const form = await requestInformation(ctx, ctx.params.id ?? '', body.message);
      return json(formJson(form));
    },
  },
  {
    method: 'GET',
    path: '/_sandbox/webhooks',
    auth: 'basic',
    control: true,
    handler: (ctx) => json(acct(ctx).webhooks),
  },
  {
    method: 'GET',
    path: '/_sandbox/requests',
    auth: 'basic',
    control: true,
    handler: (ctx) => json(acct(ctx).requests),
  },
  {
    method: 'DELETE',
    path: '/_sandbox/requests',
    auth: 'basic',
    control: true,
    handler(ctx) {
      acct(ctx).requests.length = 0;
      return empty(204);
    },
  },
  {
    method: 'PUT',
    path: '/_sandbox/faults',
    auth: 'basic',
    control: true,
    handler(ctx) {
      const account = acct(ctx);
      const raw = ctx.json();
      if (raw === null || (typeof raw === 'object' && raw !== null && Object.keys(raw).length === 0)) {
        account.faults = null;
        account.faultPaths = null;
        account.faultsLeft = null;
        return json({});
      }
      const body = parseOrThrow(FaultConfigSchema, raw);
      let match: ReturnType<typeof compilePaths>;
      try {
        match = compilePaths(body.paths);
      } catch (e) {
        throw validationError({ paths: [e instanceof Error ? e.message : 'invalid path pattern'] });
      }
      const faults = {
        ...body,
        malformed: body.malformed ?? undefined,
        paths: body.paths ?? undefined,
        methods: body.methods?.length ? body.methods : undefined,
      };
      account.faults = faults;
      account.faultPaths = match;
      account.faultsLeft = body.times ?? null;
      account.rng = mulberry32(body.seed ?? Math.floor(Math.random() * 2 ** 32));
      return json(faults);
    },
  },
];

/** The per-request context handed to route handlers, and the route table's types. */
import type { Account, AgeSessionRecord, KybTokenRecord, SandboxState, WebhookRecord } from './state.ts';
import { HttpError, isRecord, randomHex } from './util.ts';
import { webhookTargetRefused, type HostList } from './guard.ts';
import { signWebhook } from '../server/index.ts';
import { WEBHOOK_EVENT_HEADER, WEBHOOK_SIGNATURE_HEADER } from '../api/webhooks.ts';

/**
 * Which credential a route takes:
 * - `none`: no credential (account creation, capability file URLs);
 * - `basic`: the API key pair;
 * - `kyb`: `Bearer <tokenString>` of a KYB form token;
 * - `kyb-or-basic`: either of those two (the form must belong to the account / the token);
 * - `age`: `Bearer <age token>` of the capture page.
 */
export type AuthMode = 'none' | 'basic' | 'kyb' | 'kyb-or-basic' | 'age';

export interface ResolvedOptions {
  basePath: string;
  captureUrl: string | undefined;
  now: () => number;
  deliverWebhooks: boolean;
  /** Hosts webhooks may be POSTed to (see `SandboxOptions.webhookHosts`). */
  webhookHosts: HostList;
}

export interface Ctx {
  readonly req: Request;
  readonly url: URL;
  readonly origin: string;
  /** The path relative to the base path. */
  readonly path: string;
  readonly params: Record<string, string>;
  readonly state: SandboxState;
  readonly opts: ResolvedOptions;
  readonly account: Account | null;
  readonly kybToken: KybTokenRecord | null;
  readonly ageSession: AgeSessionRecord | null;
  readonly services: Services;
  now(): number;
  /** The parsed JSON body (`undefined` when empty); throws 400 `JSON_ERROR` when it does not parse. */
  json(): unknown;
}

export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Hono path relative to the base path, e.g. `/kyb/forms/:id/`. */
  path: string;
  auth: AuthMode;
  /** Sandbox-only control endpoint: exempt from faults, rate limits and the request log. */
  control?: boolean;
  /** The body carries files as base64: a 20 MiB cap instead of 1 MiB (see `body.ts`). */
  files?: boolean;
  handler: (ctx: Ctx) => Response | Promise<Response>;
}

export function acct(ctx: Ctx): Account {
  if (!ctx.account) throw new HttpError(500, 'INTERNAL_ERROR', 'No account on this request.');
  return ctx.account;
}

/** Body of a request, parsed as an object (empty body -> `{}`); non-objects pass through for the schema. */
export function bodyOrEmpty(ctx: Ctx): unknown {
  const b = ctx.json();
  return b === undefined ? {} : b;
}

export { isRecord };

export class Services {
  readonly pending = new Set<Promise<void>>();
  constructor(
    private readonly state: SandboxState,
    private readonly opts: ResolvedOptions,
  ) {}

  /** Stores bytes and returns the capability id (32 hex). */
  storeFile(accountId: string, filename: string, contentType: string, bytes: Uint8Array): string {
    const id = randomHex(16);
    this.state.files.set(id, { accountId, filename, contentType, bytes });
    return id;
  }

  fileUrl(origin: string, fileId: string): string {
    const f = this.state.files.get(fileId);
    const name = encodeURIComponent(f?.filename ?? 'file');
    return `${origin}${this.opts.basePath}/_sandbox/files/${fileId}/${name}`;
  }

  /** Parses a capability URL this sandbox issued (any origin) into a file id owned by `accountId`. */
  fileIdFromUrl(value: string, accountId: string): string | null {
    let u: URL;
    try {
      u = new URL(value);
    } catch {
      return null;
    }
    const prefix = `${this.opts.basePath}/_sandbox/files/`;
    if (!u.pathname.startsWith(prefix)) return null;
    const id = u.pathname.slice(prefix.length).split('/')[0] ?? '';
    const f = this.state.files.get(id);
    return f && f.accountId === accountId ? id : null;
  }

  /**
   * Records a signed webhook and, when a URL exists and delivery is on, POSTs it (5 s timeout) with the
   * published headers `Idenfy-Event-Type` and `Idenfy-Signature`; failures are recorded, never thrown.
   */
  async webhook(account: Account, eventType: WebhookRecord['eventType'], url: string | null, body: unknown) {
    const raw = JSON.stringify(body);
    const signature = await signWebhook(raw, account.webhookSecret);
    const headers = {
      'Content-Type': 'application/json',
      [WEBHOOK_EVENT_HEADER]: eventType,
      [WEBHOOK_SIGNATURE_HEADER]: signature,
    };
    const rec: WebhookRecord = {
      id: crypto.randomUUID(),
      eventType,
      url,
      headers,
      body: raw,
      signature,
      deliveredStatus: null,
      error: null,
      at: new Date(this.opts.now()).toISOString(),
    };
    account.webhooks.push(rec);
    if (account.webhooks.length > 500) account.webhooks.splice(0, account.webhooks.length - 500);
    if (!url) {
      rec.error = 'no webhook URL configured';
      return;
    }
    const refused = webhookTargetRefused(url, this.opts.webhookHosts);
    if (refused) {
      rec.error = refused;
      return;
    }
    if (!this.opts.deliverWebhooks) {
      rec.error = 'delivery disabled';
      return;
    }
    const p = (async () => {
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers,
          body: raw,
          signal: AbortSignal.timeout(5000),
          // A redirect could lead past the allow-list: it is recorded, never followed.
          redirect: 'manual',
        });
        rec.deliveredStatus = res.status;
        await res.body?.cancel().catch(() => undefined);
        if (!res.ok) rec.error = `receiver answered ${res.status}`;
      } catch (e) {
        rec.error = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
      }
    })();
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }
}

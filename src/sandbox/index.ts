/**
 * The offline sandbox service: a fetch-style handler (Hono) implementing the service interface and its
 * supplement in memory, plus sandbox-only control endpoints under `${basePath}/_sandbox/`.
 * Runtime-neutral: Web APIs only (fetch, Request/Response, Web Crypto). See `README.md` beside it.
 *
 * Mount it with `adapters.ts` (Koa / Vite / node:http) or run `node-server.ts`.
 */
import { Hono, type Context } from 'hono';
import { ageRoutes } from './age.ts';
import { amlRoutes } from './aml.ts';
import { createAccount, DEMO_ACCOUNT } from './accounts.ts';
import { type Ctx, type ResolvedOptions, type RouteDef, Services } from './context.ts';
import { controlRoutes } from './control.ts';
import { bodyFingerprint, IdempotencyStore } from './idempotency.ts';
import {
  MAX_FILE_BODY_BYTES,
  MAX_JSON_BODY_BYTES,
  MAX_JSON_DEPTH,
  MAX_JSON_ITEMS,
  readJsonBody,
} from './body.ts';
import { drawFault, malform, SandboxDrop } from './faults.ts';
import { guard, LOOPBACK, type HostList, type OriginList } from './guard.ts';
import { kybRoutes } from './kyb.ts';
import { otherRoutes } from './other.ts';
import { themeAssetRoutes } from './theme-assets.ts';
import { type Account, type AgeSessionRecord, type KybTokenRecord, SandboxState } from './state.ts';
import { abbreviate, authFailed, errorResponse, HttpError, iso } from './util.ts';

export { DEMO_ACCOUNT } from './accounts.ts';
export { SandboxDrop } from './faults.ts';
export type { HostList, OriginList } from './guard.ts';
export * from './fixtures.ts';

export interface SandboxOptions {
  /** Mount point, default `''` (e.g. `'/sandbox'`). */
  basePath?: string;
  /** Page hosting `<age-check>`: `session_url` = `${captureUrl}?token=…`; default the hosted page (hosted.ts). */
  captureUrl?: string;
  /** Clock in epoch milliseconds (tests may move time). */
  now?: () => number;
  /** POST webhooks to the configured URLs (5 s timeout, failures recorded). Default true. */
  deliverWebhooks?: boolean;
  /** Seed the demo account (`DEMO_ACCOUNT`). Default true. */
  seed?: boolean;
  /**
   * Host names this sandbox answers for (the `Host` header; a guard against DNS rebinding): names,
   * `'loopback'` or `'*'`. Default `['loopback']` (localhost, *.localhost, 127.0.0.0/8, [::1]); others
   * get 403. Add the name when serving on a LAN address or behind a proxy.
   */
  allowedHosts?: HostList;
  /**
   * Origins that may use the sandbox from a browser page on another origin: CORS (preflights answered,
   * `Access-Control-Allow-Origin` echoed) on the KYB, capture and age routes, and cross-origin use of the
   * control routes. Exact origins, `'loopback'` (any loopback origin) or `'*'` (any origin, KYB / capture /
   * age routes only). Default `['loopback']`.
   */
  allowedOrigins?: OriginList;
  /** Hosts webhooks may be POSTed to (names, `'loopback'` or `'*'`). Default `['loopback']`. */
  webhookHosts?: HostList;
}

export interface Sandbox {
  fetch(request: Request): Promise<Response>;
  readonly basePath: string;
  /** Whether `url` is inside the base path: pathname === basePath or starts with basePath + '/'. */
  handles(url: URL): boolean;
  /** Resolves when every webhook delivery under way has finished (tests). */
  settled(): Promise<void>;
  /** The in-memory state (tests and tools only). */
  readonly state: SandboxState;
}

const MAX_LOG = 2000;
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Env = { Bindings: { drop: boolean } };

function normaliseBasePath(p: string | undefined): string {
  if (!p || p === '/') return '';
  let out = p.startsWith('/') ? p : `/${p}`;
  while (out.endsWith('/')) out = out.slice(0, -1);
  return out;
}

type Cred = { scheme: 'basic'; key: string; secret: string } | { scheme: 'bearer'; token: string } | null;

function parseAuthorization(header: string | null): Cred | 'invalid' {
  if (!header) return null;
  const m = /^(\w+)\s+(.+)$/.exec(header.trim());
  if (!m) return 'invalid';
  const scheme = (m[1] ?? '').toLowerCase();
  const value = (m[2] ?? '').trim();
  if (scheme === 'bearer') return { scheme: 'bearer', token: value };
  if (scheme === 'basic') {
    try {
      const bin = atob(value);
      const text = new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
      const i = text.indexOf(':');
      if (i < 0) return 'invalid';
      return { scheme: 'basic', key: text.slice(0, i), secret: text.slice(i + 1) };
    } catch {
      return 'invalid';
    }
  }
  return 'invalid';
}

function safeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let d = 0;
  for (let i = 0; i < a.length; i++) d |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return d === 0;
}

interface AuthResult {
  account: Account | null;
  kybToken: KybTokenRecord | null;
  ageSession: AgeSessionRecord | null;
  kind: 'basic' | 'bearer' | null;
  credential: string | null;
}

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const basePath = normaliseBasePath(options.basePath);
  const opts: ResolvedOptions = {
    basePath,
    captureUrl: options.captureUrl,
    now: options.now ?? Date.now,
    deliverWebhooks: options.deliverWebhooks ?? true,
    webhookHosts: options.webhookHosts ?? LOOPBACK,
  };
  const guardOptions = {
    basePath,
    allowedHosts: options.allowedHosts ?? LOOPBACK,
    allowedOrigins: options.allowedOrigins ?? LOOPBACK,
  };
  const state = new SandboxState();
  const services = new Services(state, opts);
  if (options.seed !== false) {
    createAccount(state, { name: 'Northwind demo', ageCredits: 1000 }, opts.now(), DEMO_ACCOUNT);
  }

  const routes: RouteDef[] = [
    ...controlRoutes,
    ...kybRoutes,
    ...ageRoutes,
    ...amlRoutes,
    ...otherRoutes,
    ...themeAssetRoutes,
  ];
  const patterns = routes.map((r) => ({
    method: r.method,
    re: new RegExp(`^${r.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}$`),
  }));

  const authenticate = (route: RouteDef, req: Request): AuthResult => {
    const none: AuthResult = {
      account: null,
      kybToken: null,
      ageSession: null,
      kind: null,
      credential: null,
    };
    if (route.auth === 'none') return none;
    const cred = parseAuthorization(req.headers.get('authorization'));
    if (cred === null) throw authFailed('Authentication credentials were not provided.');
    if (cred === 'invalid') throw authFailed('The Authorization header is not valid.');
    if (cred.scheme === 'basic') {
      if (route.auth !== 'basic' && route.auth !== 'kyb-or-basic') {
        throw authFailed('This endpoint takes a bearer token.');
      }
      const account = state.accountsByKey.get(cred.key);
      if (!account || !safeEqual(account.apiSecret, cred.secret))
        throw authFailed('Invalid API key or secret.');
      return { ...none, account, kind: 'basic', credential: `basic:${cred.key}` };
    }
    if (route.auth === 'basic') throw authFailed('This endpoint takes the API key pair (HTTP Basic).');
    if (route.auth === 'age') {
      const session = state.ageSessions.get(cred.token);
      const account = session ? state.accountsById.get(session.accountId) : undefined;
      if (!session || !account) throw authFailed('Invalid age-estimation token.');
      return { ...none, account, ageSession: session, kind: 'bearer', credential: `bearer:${cred.token}` };
    }
    const token = state.kybTokens.get(cred.token);
    const account = token ? state.accountsById.get(token.accountId) : undefined;
    if (!token || !account) throw authFailed('Invalid KYB token.');
    if (token.expiresAt <= opts.now())
      throw new HttpError(401, 'TOKEN_NOT_VALID', 'The KYB token has expired.');
    return { ...none, account, kybToken: token, kind: 'bearer', credential: `bearer:${cred.token}` };
  };

  const rateLimited = (account: Account, credential: string): Response | null => {
    const now = opts.now();
    let w = state.windows.get(credential);
    if (!w || now - w.start >= 60_000 || now < w.start) {
      w = { start: now, count: 0 };
      state.windows.set(credential, w);
    }
    w.count++;
    if (w.count <= account.rateLimitPerMinute) return null;
    const retry = Math.max(1, Math.ceil((w.start + 60_000 - now) / 1000));
    return errorResponse(429, 'TOO_MANY_REQUESTS', 'Too many requests.', {
      headers: { 'Retry-After': String(retry) },
    });
  };

  const faultResponse = (kind: 'fail' | 'rate-limit'): Response =>
    kind === 'fail'
      ? errorResponse(503, 'INTERNAL_ERROR', 'Sandbox fault: service unavailable.')
      : errorResponse(429, 'TOO_MANY_REQUESTS', 'Sandbox fault: too many requests.', {
          headers: { 'Retry-After': '1' },
        });

  const idempotency = new IdempotencyStore(opts.now);

  const run = async (route: RouteDef, c: Context<Env>): Promise<Response> => {
    const req = c.req.raw;
    const url = new URL(req.url);
    const path = url.pathname.slice(basePath.length);
    let auth: AuthResult;
    try {
      auth = authenticate(route, req);
    } catch (e) {
      if (e instanceof HttpError) return e.response;
      throw e;
    }
    const account = auth.account;
    const tracked = !route.control && account !== null && auth.kind !== null;
    const faults = tracked ? account.faults : null;
    let faultActive =
      faults !== null &&
      (!account?.faultPaths || account.faultPaths(path)) &&
      (!faults.methods || faults.methods.includes(req.method));
    // `times`: only the first N affected requests get the faults.
    if (faultActive && account && account.faultsLeft !== null) {
      faultActive = account.faultsLeft > 0;
      if (faultActive) account.faultsLeft--;
    }
    let logBody: unknown = null;
    const log = (status: number) => {
      if (!tracked || !account || !auth.kind) return;
      account.requests.push({
        method: req.method,
        path,
        auth: auth.kind,
        status,
        body: logBody,
        at: iso(opts.now()),
      });
      if (account.requests.length > MAX_LOG) account.requests.splice(0, account.requests.length - MAX_LOG);
    };

    /** Draws fail / drop / 429 (before or after the handler, see `afterCommit`); null when none hits. */
    const injectFault = (f: NonNullable<typeof faults>, a: NonNullable<typeof account>): Response | null => {
      const d = drawFault(f, a.rng);
      if (d === 'drop') {
        log(0);
        c.env.drop = true;
        return new Response(null, { status: 500 });
      }
      if (!d) return null;
      const res = faultResponse(d);
      log(res.status);
      return res;
    };

    if (tracked && account && auth.credential) {
      const limited = rateLimited(account, auth.credential);
      if (limited) {
        log(429);
        return limited;
      }
    }
    // Read once, within the route's limits, before anything parses it (see body.ts), and before any
    // latency fault: a client that gave up later had sent the whole body (a `repeat` runs on the same bytes).
    let raw: Uint8Array<ArrayBuffer>;
    try {
      raw = BODY_METHODS.has(req.method)
        ? await readJsonBody(req, {
            maxBytes: route.files ? MAX_FILE_BODY_BYTES : MAX_JSON_BODY_BYTES,
            maxItems: MAX_JSON_ITEMS,
            maxDepth: MAX_JSON_DEPTH,
          })
        : new Uint8Array(0);
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      log(e.response.status);
      return e.response;
    }
    if (faultActive && faults && account) {
      if (faults.latencyMs) await new Promise((r) => setTimeout(r, faults.latencyMs));
      if (!faults.afterCommit) {
        const faulted = injectFault(faults, account);
        if (faulted) return faulted;
      }
    }

    let parsed: { ok: true; value: unknown } | { ok: false } | null = null;
    const handle = async (): Promise<Response> => {
      try {
        if (!parsed) {
          parsed = { ok: true, value: undefined };
          if (raw.byteLength > 0) {
            try {
              const value: unknown = JSON.parse(new TextDecoder().decode(raw));
              parsed = { ok: true, value };
              logBody = abbreviate(value);
            } catch {
              parsed = { ok: false };
            }
          }
        }
        const body = parsed;
        const ctx: Ctx = {
          req,
          url,
          origin: url.origin,
          path,
          params: c.req.param() as Record<string, string>,
          state,
          opts,
          account,
          kybToken: auth.kybToken,
          ageSession: auth.ageSession,
          services,
          now: opts.now,
          json() {
            if (!body.ok) throw new HttpError(400, 'JSON_ERROR', 'The request body is not valid JSON.');
            return body.value;
          },
        };
        return await route.handler(ctx);
      } catch (e) {
        if (e instanceof HttpError) return e.response;
        throw e;
      }
    };
    // A POST with an Idempotency-Key runs once per key and body (see idempotency.ts).
    const key = req.method === 'POST' && tracked ? req.headers.get('idempotency-key') : null;
    const scope = `${auth.credential ?? ''}\n${req.method}\n${path}`;
    const keyed = () => idempotency.run(key, account?.id ?? '', scope, () => bodyFingerprint(raw), handle);
    let res = await keyed();
    // `repeat`: the same request arrives again (a browser re-sending a write whose answer it lost).
    for (let i = 0; faultActive && faults?.repeat && i < faults.repeat; i++) {
      await res.body?.cancel();
      res = await keyed();
    }

    if (faultActive && faults && account) {
      if (faults.afterCommit) {
        const faulted = injectFault(faults, account);
        if (faulted) return faulted;
      }
      if (faults.malformed && account.rng() < faults.malformed.rate) {
        res = await malform(res, faults.malformed.kind);
      }
    }
    log(res.status);
    return res;
  };

  const app = new Hono<Env>({ strict: true });
  for (const route of routes) {
    app.on(route.method, basePath + route.path, (c) => run(route, c));
  }
  app.notFound((c) => {
    const path = new URL(c.req.url).pathname.slice(basePath.length);
    const allowed = [...new Set(patterns.filter((p) => p.re.test(path)).map((p) => p.method))];
    if (allowed.length > 0) {
      return errorResponse(405, 'METHOD_NOT_ALLOWED', `Method ${c.req.method} is not allowed here.`, {
        headers: { Allow: allowed.join(', ') },
      });
    }
    return errorResponse(404, 'NOT_FOUND', 'No such endpoint.');
  });
  app.onError((err) => {
    if (err instanceof HttpError) return err.response;
    console.error('[sandbox] handler error', err);
    return errorResponse(500, 'INTERNAL_ERROR', 'The sandbox failed to handle this request.');
  });

  const handles = (url: URL) =>
    basePath === '' || url.pathname === basePath || url.pathname.startsWith(`${basePath}/`);

  return {
    basePath,
    state,
    handles,
    async fetch(request: Request): Promise<Response> {
      const url = new URL(request.url);
      if (!handles(url)) return errorResponse(404, 'NOT_FOUND', 'No such endpoint.');
      const guarded = guard(request, url, guardOptions);
      if (guarded.early) return guarded.early;
      const env = { drop: false };
      const res = await app.fetch(request, env);
      if (env.drop) throw new SandboxDrop();
      return guarded.finish(res);
    },
    async settled() {
      while (services.pending.size > 0) await Promise.allSettled([...services.pending]);
    },
  };
}

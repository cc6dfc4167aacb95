/**
 * What keeps a running sandbox safe from the web pages its user visits (see README.md, "Safe to leave
 * running"): the `Host` check (DNS rebinding), the origin and content-type rules of the control routes
 * (no drive-by account creation or webhook retargeting), CORS for the KYB, capture and age routes, and
 * the webhook target allow-list. Web APIs only.
 */
import { isLoopbackHost } from '../api/api-base.ts';
import { errorResponse } from './util.ts';

/**
 * A list of hosts: host names (exact, any case), `'loopback'` (`localhost`, `*.localhost`,
 * `127.0.0.0/8`, `[::1]`) or `'*'` (any host).
 */
export type HostList = readonly string[];
/**
 * A list of origins: exact origins (`https://demo.example:8443`), `'loopback'` (any `http(s)` origin on
 * a loopback host, any port) or `'*'` (any origin: KYB, capture and age routes only, never the control
 * routes).
 */
export type OriginList = readonly string[];

export const LOOPBACK: readonly string[] = ['loopback'];

const normHost = (h: string) => h.trim().toLowerCase().replace(/\.$/, '');

/** Whether `hostname` (as `URL.hostname` gives it) is in `list`. */
export function hostAllowed(hostname: string, list: HostList): boolean {
  const h = normHost(hostname);
  if (h === '') return false;
  return list.some((entry) => {
    const e = normHost(entry);
    return e === '*' || (e === 'loopback' ? isLoopbackHost(h) : e === h);
  });
}

/** Whether the `Origin` header value `origin` is in `list` (`'*'` counts only when `star` is true). */
export function originAllowed(origin: string, list: OriginList, star: boolean): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // `null` (sandboxed frames, file:) and garbage
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return list.some((entry) => {
    const e = entry.trim().toLowerCase();
    if (e === '*') return star;
    if (e === 'loopback') return isLoopbackHost(url.hostname);
    try {
      return new URL(e).origin === url.origin;
    } catch {
      return false;
    }
  });
}

/** Why a webhook may not be sent to `target`, or null when it may. */
export function webhookTargetRefused(target: string, list: HostList): string | null {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return 'not a URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'unsupported URL scheme';
  if (url.username || url.password) return 'credentials in the URL';
  if (!hostAllowed(url.hostname, list)) {
    return `host ${url.hostname} is not an allowed webhook target (SandboxOptions.webhookHosts)`;
  }
  return null;
}

export interface GuardOptions {
  basePath: string;
  allowedHosts: HostList;
  allowedOrigins: OriginList;
}

/** Which rules a path follows. */
type Kind = 'control' | 'api' | 'other';

function kindOf(path: string): Kind {
  if (path.startsWith('/_sandbox/files/')) return 'other'; // capability links, opened as pages
  if (path.startsWith('/_sandbox/')) return 'control';
  if (path.startsWith('/kyb/') || path.startsWith('/age-estimation/')) return 'api';
  return 'other';
}

export const CORS_ALLOWED_HEADERS = 'Authorization, Content-Type, Idempotency-Key, Accept';
export const CORS_EXPOSED_HEADERS = 'Retry-After';
const CORS_METHODS = 'GET, POST, PUT, PATCH, DELETE';
const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const forbidden = (message: string) => errorResponse(403, 'PERMISSIONS_ERROR', message);

function isJson(contentType: string | null): boolean {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase();
  return type === 'application/json';
}

export interface Guarded {
  /** An answer given without running the handler (refusal or preflight), or null to go on. */
  early: Response | null;
  /** Adds the CORS headers this request earned to the handler's answer. */
  finish(res: Response): Response;
}

/**
 * Applies the rules to one request, before the routes see it. Same-origin requests and requests from
 * tools (no `Origin` header, no `Sec-Fetch-Site: cross-site`) pass the origin rules.
 */
export function guard(request: Request, url: URL, opts: GuardOptions): Guarded {
  const pass: Guarded = { early: null, finish: (res) => res };
  if (!hostAllowed(url.hostname, opts.allowedHosts)) {
    return {
      ...pass,
      early: forbidden(
        `This sandbox does not serve the host "${url.hostname}" (SandboxOptions.allowedHosts).`,
      ),
    };
  }
  const kind = kindOf(url.pathname.slice(opts.basePath.length));
  const origin = request.headers.get('origin');
  const fetchSite = request.headers.get('sec-fetch-site');
  const cross =
    origin !== null ? origin !== url.origin : fetchSite === 'cross-site' || fetchSite === 'same-site';
  const allowed = cross && origin !== null && originAllowed(origin, opts.allowedOrigins, kind === 'api');
  const corsHeaders = (res: Response, extra: Record<string, string> = {}) => {
    const headers = new Headers(res.headers);
    headers.set('Access-Control-Allow-Origin', origin ?? '');
    headers.set('Access-Control-Expose-Headers', CORS_EXPOSED_HEADERS);
    headers.append('Vary', 'Origin');
    for (const [k, v] of Object.entries(extra)) headers.set(k, v);
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  };
  const withCors: Guarded['finish'] = (res) => (allowed ? corsHeaders(res) : res);

  if (kind === 'other') return pass;
  if (request.method === 'OPTIONS') {
    if (!allowed) {
      return {
        ...pass,
        early: forbidden(
          origin === null
            ? 'A preflight needs an Origin header.'
            : `The origin ${origin} may not call this sandbox (SandboxOptions.allowedOrigins).`,
        ),
      };
    }
    const preflight = new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
    return {
      ...pass,
      early: corsHeaders(preflight, {
        'Access-Control-Allow-Methods': CORS_METHODS,
        'Access-Control-Allow-Headers': CORS_ALLOWED_HEADERS,
        'Access-Control-Max-Age': '600',
      }),
    };
  }
  if (kind === 'control') {
    if (cross && !allowed) {
      return {
        ...pass,
        early: forbidden(
          `Cross-origin requests to the control endpoints are refused${origin ? ` (${origin})` : ''}; ` +
            'allow the origin with SandboxOptions.allowedOrigins.',
        ),
      };
    }
    // A write must say it is JSON, so a browser on another origin has to ask first (preflight). A write
    // without a body may skip it only when it carries a credential (which needs a preflight as well).
    const bodyless = request.body === null && !request.headers.has('content-type');
    const exempt = bodyless && request.headers.has('authorization');
    if (WRITE.has(request.method) && !exempt && !isJson(request.headers.get('content-type'))) {
      return {
        early: withCors(
          errorResponse(415, 'BAD_VALUE', 'The control endpoints take Content-Type: application/json.'),
        ),
        finish: withCors,
      };
    }
  }
  return { early: null, finish: withCors };
}

/**
 * The first request of each element, started by the CDN loader as soon as it sees the tag, in parallel
 * with the element's code (which is still downloading). The element's HTTP client adopts the answer
 * instead of sending the same request again.
 *
 * An early request is keyed by its exact URL and `Authorization` value: it is adopted only by a client
 * that would send the very same request with the very same token, once; never across tokens. It is
 * aborted when the adopting request is aborted (the element was removed), and dropped (aborted) when no
 * element adopts it within 30 s. No zod here: this module is part of the loader.
 *
 * The pending requests live in one registry per page (`globalThis`, under a `Symbol.for` key), shared with
 * `early-take.ts`, which the elements' HTTP client imports: so the element chunks never import the loader
 * (the classic-script entry is a copy of it, see vite.config.ts), and two copies of the loader on one page
 * start each request once.
 */
export interface EarlyResponse {
  status: number;
  headers: Headers;
  text: string;
}

export interface Early {
  promise: Promise<EarlyResponse>;
  controller: AbortController;
  timer: ReturnType<typeof setTimeout>;
}

/** The page's registry of early requests (also read by early-take.ts; keep the key in step). */
const EARLY_KEY = Symbol.for('verify-elements.early');
const registry = globalThis as typeof globalThis & { [key: symbol]: Map<string, Early> | undefined };
const pending = (registry[EARLY_KEY] ??= new Map<string, Early>());
const keyOf = (url: string, authorization: string) => `${url}\n${authorization}`;

/** Whether the loader may send a bearer token to `url` (https, the page's own origin, or loopback). */
function mayCarryToken(url: string): boolean {
  try {
    const u = new URL(url, document.baseURI);
    if (u.protocol === 'https:' || u.origin === location.origin) return true;
    return u.protocol === 'http:' && /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/.test(u.hostname);
  } catch {
    return false;
  }
}

/**
 * Starts `GET url` with the bearer `token`, unless the same request is already under way; returns the
 * answer (for the loader to look at; the element adopts the request itself), or undefined when nothing
 * was started.
 */
export function startEarly(url: string, token: string): Promise<EarlyResponse> | undefined {
  const authorization = `Bearer ${token}`;
  const key = keyOf(url, authorization);
  if (!token || !mayCarryToken(url)) return undefined;
  const under = pending.get(key);
  if (under) return under.promise;
  const controller = new AbortController();
  const promise = fetch(url, {
    method: 'GET',
    headers: { Accept: 'application/json', Authorization: authorization },
    credentials: 'omit',
    redirect: 'manual',
    signal: controller.signal,
  }).then(async (res) => {
    // A redirect is left to the element's own request, which applies the redirect rules.
    if (res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400)) throw new Error('redirect');
    return { status: res.status, headers: res.headers, text: await res.text() };
  });
  promise.catch(() => undefined);
  const timer = setTimeout(() => {
    pending.delete(key);
    controller.abort();
  }, 30000);
  pending.set(key, { promise, controller, timer });
  return promise;
}

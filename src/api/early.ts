/**
 * The first request of each element, started by the CDN loader as soon as it sees the tag, in parallel
 * with the element's code (which is still downloading). The element's HTTP client adopts the answer
 * instead of sending the same request again.
 *
 * An early request is keyed by its exact URL and `Authorization` value: it is adopted only by a client
 * that would send the very same request with the very same token, once; never across tokens. It is
 * aborted when the adopting request is aborted (the element was removed), and dropped (aborted) when no
 * element adopts it within 30 s. No zod here: this module is part of the loader.
 */
export interface EarlyResponse {
  status: number;
  headers: Headers;
  text: string;
}

interface Early {
  promise: Promise<EarlyResponse>;
  controller: AbortController;
  timer: ReturnType<typeof setTimeout>;
}

const pending = new Map<string, Early>();
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

/** Starts `GET url` with the bearer `token`, unless the same request is already under way. */
export function startEarly(url: string, token: string): void {
  const authorization = `Bearer ${token}`;
  const key = keyOf(url, authorization);
  if (pending.has(key) || !token || !mayCarryToken(url)) return;
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
}

/**
 * Takes the early answer to `GET url` with this `Authorization` value, once, or null when there is none.
 * Aborting `signal` aborts it.
 */
export function takeEarly(
  url: string,
  authorization: string,
  signal: AbortSignal,
): Promise<EarlyResponse> | null {
  const key = keyOf(url, authorization);
  const early = pending.get(key);
  if (!early) return null;
  pending.delete(key);
  clearTimeout(early.timer);
  if (signal.aborted) {
    early.controller.abort();
    return null;
  }
  signal.addEventListener('abort', () => early.controller.abort(), { once: true });
  return early.promise;
}

/** How many early requests wait to be adopted (for tests). */
export const pendingEarly = (): number => pending.size;

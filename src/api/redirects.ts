/**
 * Redirects as a runtime that shows them sees them (Node's fetch with `redirect: 'manual'`; a browser
 * answers an opaque redirect instead, which the fetch core refuses): a same-origin redirect is followed,
 * at most {@link MAX_REDIRECTS} times, and one to another origin is refused. Nothing from another origin
 * is ever read. Loaded by the fetch core (http.ts) only when such a redirect arrives.
 */
import type { RawResponse } from './xhr.ts';

/** Same-origin redirects followed before giving up. */
const MAX_REDIRECTS = 3;
const pageBase = () => (typeof location === 'undefined' ? 'http://localhost/' : location.href);

export interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  signal: AbortSignal;
}

/** Follows the redirect `first` (the answer to `sent`) while it stays on the same origin. */
export async function followRedirects(
  doFetch: typeof fetch,
  first: Response,
  sent: Sent,
): Promise<RawResponse> {
  const { headers, signal } = sent;
  let res = first;
  let target = sent.url;
  let m = sent.method;
  let b = sent.body;
  for (let hop = 0; ; hop++) {
    if (res.type === 'opaqueredirect') {
      const redirect = 'The service answered with a redirect; redirects are not followed.';
      return { status: res.status, headers: res.headers, text: '', redirect };
    }
    const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
    if (location === null) {
      const text = await res.text();
      return { status: res.status, headers: res.headers, text };
    }
    await res.body?.cancel().catch(() => undefined);
    const from = new URL(target, pageBase());
    let next: URL | null = null;
    try {
      next = new URL(location, from);
    } catch {
      next = null;
    }
    const keepsMethod = res.status === 307 || res.status === 308;
    const followable =
      next !== null &&
      next.origin === from.origin &&
      hop < MAX_REDIRECTS &&
      (keepsMethod || m === 'GET' || m === 'HEAD');
    if (!followable || next === null) {
      const where = next && next.origin !== from.origin ? ` to ${next.origin}` : '';
      return {
        status: res.status,
        headers: res.headers,
        text: '',
        redirect: `The service redirected${where}; redirects to another origin are not followed.`,
      };
    }
    target = next.href;
    if (!keepsMethod) b = undefined;
    if (!keepsMethod && m !== 'HEAD') m = 'GET';
    res = await doFetch(target, {
      method: m,
      headers,
      body: b,
      signal,
      credentials: 'omit',
      redirect: 'manual',
    });
  }
}

/**
 * The CDN loader's copy of the elements' transport rule (api/api-base.ts, `insecureApiBase`): an `api-base`
 * on plain `http:` to a host that is not loopback is refused by the element, unless `allow-insecure-http`
 * is set, so the loader must not send the token there early either. A copy, not an import: the loader
 * entry imports nothing the element chunks import (see api/early.ts); test/node/early-request.test.ts
 * checks that both rules agree.
 */

/** Whether an element with this `api-base` (relative to `page`) will refuse to send its token. */
export function refusedApiBase(base: string, allowInsecureHttp: boolean, page: string): boolean {
  if (allowInsecureHttp) return false;
  let url: URL;
  try {
    url = new URL(base || '/', page);
  } catch {
    // Not a URL: the element's request fails; nothing to send early either.
    return true;
  }
  if (url.protocol === 'https:') return false;
  const h = url.hostname.toLowerCase().replace(/\.$/, '');
  const loopback =
    h === 'localhost' ||
    h.endsWith('.localhost') ||
    h === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
  return !(url.protocol === 'http:' && loopback);
}

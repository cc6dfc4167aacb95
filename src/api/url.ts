/**
 * The one URL rule for everything the service sends (redirects, the theme logo, document links, FILE
 * answer links); the transport rule for API bases is api-base.ts. Pure: no DOM needed (the page URL is a
 * parameter).
 *
 * A URL from the service is used only when it is:
 * - an absolute `https://host/...` URL (with a host, without `user:password@`), or
 * - an absolute `http://` URL to a loopback host (`localhost`, `*.localhost`, `127.0.0.0/8`, `[::1]`) or to
 *   the page's own origin, or
 * - where the caller allows it (`relative: true`), a path relative to the page (`/x`, `./x`, `../x`) that
 *   stays on the page's origin; or, when the caller names the service's base (`base`, the element's
 *   `api-base`), a path relative to that base that stays on the base's origin (a theme's `/logo.svg`
 *   is the service's logo, not the partner page's).
 *
 * Refused: every other scheme (`javascript:`, `data:`, `blob:`, `file:`, `vbscript:`, ...), protocol-relative
 * `//host`, anything with a backslash (`/\host`, which browsers read as `//host`), control characters or
 * whitespace, quotes and angle brackets, `https:host` without the two slashes, more than 2,048 characters.
 */

import { isLoopbackHost } from './api-base.ts';

/** Longest URL accepted from the service. */
export const MAX_URL_LENGTH = 2048;

export interface ServiceUrlOptions {
  /** The page's URL (default `location.href` where there is one); decides "same origin" and relative paths. */
  page?: string | undefined;
  /** Accept paths relative to the page (`/x`, `./x`, `../x`). Default false. */
  relative?: boolean;
  /**
   * With `relative`: resolve relative paths against this base (the service's API base, itself relative
   * to the page when it is a path, `''` meaning the page's origin) instead of the page. `/x` is then
   * `<base origin>/x`; `./x` and `../x` are relative to the base as a folder (`https://api/v1` ->
   * `https://api/v1/x`). The result must stay on the base's origin and pass the absolute rule.
   */
  base?: string | undefined;
}

const pageHref = (page: string | undefined): string | undefined =>
  page ?? (typeof location === 'undefined' ? undefined : location.href);

const parse = (value: string, base?: string): URL | null => {
  try {
    return base === undefined ? new URL(value) : new URL(value, base);
  } catch {
    return null;
  }
};

// Control characters, whitespace, backslash, quotes, angle brackets and backticks: the characters that
// fool scheme checks or break out of attributes. Percent-encoded forms are fine.
const BAD_CHARS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f\u2060\u3000\ufeff\\<>"'`]/;

/**
 * The URL to use for `value` sent by the service, or null when it must not be used (see the module
 * comment for the rule). Absolute results are normalised (`URL.href`); relative ones are resolved
 * against the page when its URL is known, else returned as given.
 */
export function safeServiceUrl(value: unknown, options: ServiceUrlOptions = {}): string | null {
  if (typeof value !== 'string') return null;
  const v = value.trim();
  if (v.length === 0 || v.length > MAX_URL_LENGTH || BAD_CHARS.test(v)) return null;
  const page = pageHref(options.page);
  const pageUrl = page === undefined ? null : parse(page);
  if (/^[a-z][a-z0-9+.-]*:/i.test(v)) {
    // Absolute: exactly `scheme://` followed by the host.
    if (!/^https?:\/\/[^/]/i.test(v)) return null;
    const url = parse(v);
    if (!url || url.hostname.length === 0 || url.username !== '' || url.password !== '') return null;
    if (url.protocol === 'https:') return url.href;
    if (url.protocol !== 'http:') return null;
    if (isLoopbackHost(url.hostname) || (pageUrl !== null && url.origin === pageUrl.origin)) return url.href;
    return null;
  }
  if (!options.relative) return null;
  if (!(/^\/(?!\/)/.test(v) || v.startsWith('./') || v.startsWith('../'))) return null;
  if (options.base !== undefined) {
    const base = parse(options.base || '/', pageUrl?.href);
    // No page to resolve a relative base against (no DOM): the path stays as given.
    if (!base) return pageUrl ? null : v;
    if (base.username !== '' || base.password !== '') return null;
    // The base names a folder: `https://api/v1` and `https://api/v1/` both resolve `./x` to `/v1/x`.
    const folder = new URL(base.href);
    if (!folder.pathname.endsWith('/')) folder.pathname += '/';
    folder.search = '';
    folder.hash = '';
    const url = parse(v, folder.href);
    if (!url || url.origin !== base.origin) return null;
    // The result is absolute: it must pass the same rule as an absolute URL from the service.
    return safeServiceUrl(url.href, { page: pageUrl?.href });
  }
  if (!pageUrl) return v;
  const url = parse(v, pageUrl.href);
  if (!url || url.origin !== pageUrl.origin || url.username !== '' || url.password !== '') return null;
  return url.href;
}

/**
 * The transport rule for API bases (the elements', the partner-server helper's): credentials go only over
 * https, or plain http to this machine. Apart from url.ts (the rule for URLs the service sends), so the
 * fetch core, which every element loads first, carries only this.
 */

/** Whether `hostname` (as `URL.hostname` gives it) names this machine. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (h === '[::1]') return true;
  // URL parsing normalises every IPv4 spelling (127.1, 0x7f.0.0.1) to dotted decimal.
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/** Why an API base is refused, or null when it may carry credentials. */
export function insecureApiBase(baseUrl: string, page?: string): string | null {
  let resolved: URL;
  try {
    resolved = new URL(baseUrl, page ?? (typeof location === 'undefined' ? undefined : location.href));
  } catch {
    return null; // Not a URL at all: the request itself fails with a network error.
  }
  if (resolved.protocol === 'https:') return null;
  if (resolved.protocol === 'http:' && isLoopbackHost(resolved.hostname)) return null;
  return (
    `Refusing to send credentials to ${resolved.protocol}//${resolved.host}: API bases must use https:// ` +
    '(plain http:// is allowed only for loopback hosts such as localhost and 127.0.0.1). ' +
    'Test rigs may opt out with allowInsecureHttp (attribute allow-insecure-http on the elements).'
  );
}

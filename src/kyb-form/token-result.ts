/**
 * What `tokenProvider` may answer, and the one place that answer is read. The provider may hand over what
 * the partner server's helper answers as it is (`PartnerClient.createKybToken` resolves to the service's
 * `{tokenString, expiration, …}`, and a partner route usually passes that JSON on), or the token alone, or
 * `{token, expiresAt}`. Pure: no DOM, no timers.
 */

/** An expiry: ms since the epoch, a `Date`, or an ISO 8601 date-time string. */
export type TokenExpiry = number | string | Date | null;

/**
 * What `tokenProvider` may return: a token; `{token, expiresAt}`; or the service's KYB token as the partner
 * server's helper answers it, `{tokenString, expiration}` (other members are ignored).
 */
export type TokenResult =
  | string
  | { token: string; expiresAt?: TokenExpiry | undefined }
  | { tokenString: string; expiration?: TokenExpiry | undefined };

/** A provider's answer, read: the token, and its expiry in ms since the epoch when one is known. */
export interface ProvidedToken {
  token: string;
  expiresAt: number | null;
}

function expiryMs(value: unknown): number | null {
  const at =
    value instanceof Date
      ? value.getTime()
      : typeof value === 'string'
        ? Date.parse(value)
        : typeof value === 'number'
          ? value
          : NaN;
  return Number.isFinite(at) ? at : null;
}

/** The token and expiry in a provider's answer, or null when it holds no usable token. */
export function readTokenResult(result: unknown): ProvidedToken | null {
  if (typeof result === 'string') return result === '' ? null : { token: result, expiresAt: null };
  if (typeof result !== 'object' || result === null) return null;
  const r = result as { token?: unknown; expiresAt?: unknown; tokenString?: unknown; expiration?: unknown };
  if (typeof r.token === 'string' && r.token !== '')
    return { token: r.token, expiresAt: expiryMs(r.expiresAt) };
  if (typeof r.tokenString === 'string' && r.tokenString !== '')
    return { token: r.tokenString, expiresAt: expiryMs(r.expiration) };
  return null;
}

/**
 * The token of a `<kyb-form>`: the active token (the page's, or the last one `tokenProvider` returned),
 * renewal through the provider (one call at a time), and the timer that renews it 60 s before a known
 * expiry. When neither can give a valid token the session has ended: the element keeps the user's input
 * and waits for the page to set a new `token` (see `kyb-session-expired`).
 */
import { ApiError } from '../../api/http.ts';
import type { ErrorInfo } from '../form-reducer.ts';
import type { TokenProvider } from '../shell/types.ts';
import { readTokenResult } from '../token-result.ts';

/**
 * The token's form came without an id that can be addressed: the published schema (`kyb.KybFormList`)
 * types `id` as any string, but an empty (or missing) one cannot name the form in a path (`/kyb/forms//`
 * is not a form), so nothing of the form can be read or saved, and asking the same service again gives the
 * same answer. Returns the honest end for the error screen (no "Try again"), or null for any other error.
 */
export function unaddressableForm(err: unknown): ErrorInfo | null {
  if (!(err instanceof ApiError) || err.kind !== 'invalid-response' || err.method !== 'GET') return null;
  if (!err.path.endsWith('/kyb/forms/')) return null;
  if (!Object.keys(err.fields).some((k) => /^\d+\.id$/.test(k))) return null;
  return {
    cause: 'service',
    status: err.status,
    identifier: null,
    message:
      'The service sent this form without an id, so it cannot be opened or saved. Trying again will not help: ask the sender of this link to check the form.',
    retryable: false,
    reason: 'form-without-id',
  };
}

const MAX_TIMEOUT = 2 ** 31 - 1;

export class TokenSession {
  /** The token requests carry now. */
  active = '';
  #refreshing: Promise<string | null> | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #provider: () => TokenProvider | null;

  constructor(provider: () => TokenProvider | null) {
    this.#provider = provider;
  }

  /** Asks the provider for a fresh token (shared by concurrent callers); null when there is none. */
  refresh(): Promise<string | null> {
    const provider = this.#provider();
    if (!provider) return Promise.resolve(null);
    this.#refreshing ??= (async () => {
      try {
        const result = readTokenResult(await provider());
        if (!result) return null;
        this.active = result.token;
        this.#schedule(result.expiresAt);
        return result.token;
      } catch {
        return null;
      } finally {
        this.#refreshing = null;
      }
    })();
    return this.#refreshing;
  }

  #schedule(at: number | null) {
    clearTimeout(this.#timer);
    if (at === null || !this.#provider()) return;
    const wait = Math.min(MAX_TIMEOUT, Math.max(0, at - 60_000 - Date.now()));
    this.#timer = setTimeout(() => void this.refresh(), wait);
  }

  /** Stops the renewal timer (the element was reset or removed). */
  stop(): void {
    clearTimeout(this.#timer);
  }
}

/**
 * The token of a `<kyb-form>`: the active token (the page's, or the last one `tokenProvider` returned),
 * renewal through the provider (one call at a time), and the timer that renews it 60 s before a known
 * expiry. When neither can give a valid token the session has ended: the element keeps the user's input
 * and waits for the page to set a new `token` (see `kyb-session-expired`).
 */
import type { TokenProvider } from './types.ts';

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
        const result = await provider();
        const token = typeof result === 'string' ? result : result?.token;
        if (typeof token !== 'string' || token === '') return null;
        this.active = token;
        this.#schedule(typeof result === 'string' ? null : (result.expiresAt ?? null));
        return token;
      } catch {
        return null;
      } finally {
        this.#refreshing = null;
      }
    })();
    return this.#refreshing;
  }

  #schedule(expiresAt: number | string | Date | null) {
    clearTimeout(this.#timer);
    if (expiresAt === null || !this.#provider()) return;
    const at =
      expiresAt instanceof Date
        ? expiresAt.getTime()
        : typeof expiresAt === 'string'
          ? Date.parse(expiresAt)
          : expiresAt;
    if (!Number.isFinite(at)) return;
    const wait = Math.min(MAX_TIMEOUT, Math.max(0, at - 60_000 - Date.now()));
    this.#timer = setTimeout(() => void this.refresh(), wait);
  }

  /** Stops the renewal timer (the element was reset or removed). */
  stop(): void {
    clearTimeout(this.#timer);
  }
}

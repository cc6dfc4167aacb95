/**
 * The token of a `<kyb-form>`: the active token (the page's, or the last one `tokenProvider` returned),
 * renewal through the provider (one call at a time), and the timer that renews it 60 s before a known
 * expiry. When neither can give a valid token the session has ended: the element keeps the user's input
 * and waits for the page to set a new `token` (see `kyb-session-expired`).
 *
 * Before a known expiry the person is warned (WCAG 2.2.1 Timing adjustable): without a provider, from
 * `WARN_BEFORE_MS` before the end (the page's token with its `token-expires`); with one, only when the
 * silent renewal failed, and the warning then offers "Get more time" (`extend`), as `<age-check>` does.
 */
import { ApiError } from '../../api/http.ts';
import type { ErrorInfo } from '../form-reducer.ts';
import type { TokenProvider } from '../shell/types.ts';
import { readTokenResult, type TokenExpiry } from '../token-result.ts';

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
/** How long before a known expiry the warning shows when the token cannot be renewed silently. */
export const WARN_BEFORE_MS = 5 * 60_000;

/** The warning before the session ends: when it ends, and whether more time can be asked for. */
export interface SessionWarning {
  endsAt: number;
  /** A `tokenProvider` is there: "Get more time" asks it again. */
  canExtend: boolean;
  /** An extension is being asked for. */
  busy: boolean;
}

export class TokenSession {
  /** The token requests carry now. */
  active = '';
  /** The active token's expiry (ms since the epoch), when known. */
  expiresAt: number | null = null;
  #refreshing: Promise<string | null> | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #warnTimer: ReturnType<typeof setTimeout> | undefined;
  /** The warning time has come (without a provider), or the silent renewal failed (with one). */
  #warn = false;
  readonly #provider: () => TokenProvider | null;
  readonly #changed: () => void;

  /** `changed`: the warning appeared or went (the element renders again). */
  constructor(provider: () => TokenProvider | null, changed: () => void = () => {}) {
    this.#provider = provider;
    this.#changed = changed;
  }

  /** Adopts the page's token and its expiry (`token-expires`; null when not known). */
  adopt(token: string, expires: TokenExpiry | undefined): void {
    this.active = token;
    this.#setExpiry(readTokenResult({ token: 'x', expiresAt: expires ?? null })?.expiresAt ?? null);
  }

  /** The warning to show now, or null. */
  get warning(): SessionWarning | null {
    if (!this.#warn || this.expiresAt === null) return null;
    const canExtend = !!this.#provider();
    return { endsAt: this.expiresAt, canExtend, busy: canExtend && this.#refreshing !== null };
  }

  /** "Get more time": asks the provider again (the warning goes once it answered with a token). */
  extend(): void {
    const asked = this.refresh();
    this.#changed();
    void asked.then(() => this.#changed());
  }

  /** Asks the provider for a fresh token (shared by concurrent callers); null when there is none. */
  refresh(): Promise<string | null> {
    const provider = this.#provider();
    if (!provider) return Promise.resolve(null);
    this.#refreshing ??= (async () => {
      try {
        const result = readTokenResult(await provider());
        if (!result) return this.#renewalFailed();
        this.active = result.token;
        this.#setExpiry(result.expiresAt);
        return result.token;
      } catch {
        return this.#renewalFailed();
      } finally {
        this.#refreshing = null;
      }
    })();
    return this.#refreshing;
  }

  /** With a provider, a failed renewal before a known expiry shows the warning (with "Get more time"). */
  #renewalFailed(): null {
    if (this.expiresAt !== null && !this.#warn) {
      this.#warn = true;
      this.#changed();
    }
    return null;
  }

  /** A new expiry: renew 60 s before it (with a provider), or warn `WARN_BEFORE_MS` before it (without). */
  #setExpiry(at: number | null) {
    this.stop();
    this.expiresAt = at;
    if (this.#warn) {
      this.#warn = false;
      this.#changed();
    }
    if (at === null) return;
    const provider = !!this.#provider();
    const wait = (before: number) => Math.min(MAX_TIMEOUT, Math.max(0, at - before - Date.now()));
    if (provider) this.#timer = setTimeout(() => void this.refresh(), wait(60_000));
    else
      this.#warnTimer = setTimeout(() => {
        this.#warn = true;
        this.#changed();
      }, wait(WARN_BEFORE_MS));
  }

  /** Stops the renewal and warning timers (the element was reset or removed). */
  stop(): void {
    clearTimeout(this.#timer);
    clearTimeout(this.#warnTimer);
  }
}

/**
 * `Idempotency-Key` on the sandbox's POST routes: the first request with a key runs; every later request
 * with the same key (same credential, method and path) and the same body gets the first one's answer
 * again, and no second record is made. A request that arrives while the first is still running waits for
 * it. Only successful answers (2xx) are kept: a refused or failed write made no record, so the same key
 * may try again (with a corrected body, for example).
 *
 * A key reused with a different body (or, while the first is running, arriving with one) is refused with
 * 422 `BAD_VALUE` (`code: idempotency_key_reused`), as Stripe does: a client that reuses a key for another
 * write has a bug, and answering the first write's result would hide it.
 *
 * Keys are kept per account (24 hours, 10,000 per account, the oldest go first), so one tenant's keys
 * can never evict another's.
 */
import { errorResponse } from './util.ts';

interface Stored {
  fingerprint: string;
  status: number;
  headers: [string, string][];
  body: ArrayBuffer;
  at: number;
}

interface Running {
  fingerprint: string;
  done: Promise<Stored | null>;
}

interface AccountKeys {
  done: Map<string, Stored>;
  running: Map<string, Running>;
}

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const MAX_KEYS_PER_ACCOUNT = 10_000;
/** Printable ASCII, 1-255 characters (a UUID fits). */
const KEY = /^[\x21-\x7e]{1,255}$/;

/** The fingerprint of a request body (hex SHA-256; the empty body has one too). */
export async function bodyFingerprint(body: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', body);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export const reusedKey = () =>
  errorResponse(
    422,
    'BAD_VALUE',
    'This Idempotency-Key was already used with a different request body. Use a new key for a new write.',
    { code: 'idempotency_key_reused' },
  );

export class IdempotencyStore {
  readonly #accounts = new Map<string, AccountKeys>();

  constructor(private readonly now: () => number) {}

  /**
   * Runs `handler` once per account + `scope` + key for one body (`fingerprint`). Without a key it just
   * runs. A malformed key is refused with 400, a key reused with another body with 422.
   */
  async run(
    key: string | null,
    account: string,
    scope: string,
    fingerprint: () => Promise<string>,
    handler: () => Promise<Response>,
  ): Promise<Response> {
    if (key === null) return handler();
    if (!KEY.test(key))
      return errorResponse(400, 'BAD_VALUE', 'Idempotency-Key must be 1-255 printable ASCII characters.');
    const keys = this.#keysOf(account);
    const id = `${scope}\n${key}`;
    const print = await fingerprint();
    this.#expire(keys);
    const done = keys.done.get(id);
    if (done) return done.fingerprint === print ? replay(done) : reusedKey();
    const running = keys.running.get(id);
    if (running) {
      if (running.fingerprint !== print) return reusedKey();
      const first = await running.done;
      if (first) return replay(first);
      return handler(); // the first one made no record: this one runs for real
    }
    let settle!: (s: Stored | null) => void;
    keys.running.set(id, { fingerprint: print, done: new Promise((r) => (settle = r)) });
    try {
      const res = await handler();
      if (res.status < 200 || res.status >= 300) {
        settle(null);
        return res;
      }
      const stored: Stored = {
        fingerprint: print,
        status: res.status,
        headers: [...res.headers.entries()],
        body: await res.arrayBuffer(),
        at: this.now(),
      };
      keys.done.set(id, stored);
      if (keys.done.size > MAX_KEYS_PER_ACCOUNT) keys.done.delete(keys.done.keys().next().value!);
      settle(stored);
      return replay(stored, false);
    } catch (e) {
      settle(null);
      throw e;
    } finally {
      keys.running.delete(id);
    }
  }

  /** How many keys an account holds (tests). */
  size(account: string): number {
    return this.#accounts.get(account)?.done.size ?? 0;
  }

  #keysOf(account: string): AccountKeys {
    let keys = this.#accounts.get(account);
    if (!keys) {
      keys = { done: new Map(), running: new Map() };
      this.#accounts.set(account, keys);
    }
    return keys;
  }

  #expire(keys: AccountKeys) {
    const limit = this.now() - IDEMPOTENCY_TTL_MS;
    for (const [id, s] of keys.done) {
      if (s.at >= limit) break;
      keys.done.delete(id);
    }
  }
}

function replay(s: Stored, replayed = true): Response {
  const headers = new Headers(s.headers);
  if (replayed) headers.set('Idempotent-Replayed', 'true');
  const body = s.status === 204 || s.status === 304 ? null : s.body.slice(0);
  return new Response(body, { status: s.status, headers });
}

/**
 * `Idempotency-Key` on the sandbox's POST routes: the first request with a key runs; every later request
 * with the same key (same credential, method and path) gets the first one's answer again, and no second
 * record is made. A request that arrives while the first is still running waits for it. Only successful
 * answers (2xx) are kept: a refused or failed write made no record, so the same key may try again (with a
 * corrected body, for example).
 *
 * This is how a client makes a create safe to repeat after an unclear failure (a dropped connection after
 * the service saved, a timeout, a browser re-sending on a reused connection). Keys are kept 24 hours,
 * 10,000 at most (the oldest go first).
 */
import { errorResponse } from './util.ts';

interface Stored {
  status: number;
  headers: [string, string][];
  body: ArrayBuffer;
  at: number;
}

const TTL_MS = 24 * 60 * 60 * 1000;
const MAX_KEYS = 10_000;
/** Printable ASCII, 1-255 characters (a UUID fits). */
const KEY = /^[\x21-\x7e]{1,255}$/;

export class IdempotencyStore {
  readonly #done = new Map<string, Stored>();
  readonly #running = new Map<string, Promise<Stored | null>>();

  constructor(private readonly now: () => number) {}

  /**
   * Runs `handler` once per `scope` + key. Without a key (or for methods other than POST) it just runs.
   * A malformed key is refused with 400.
   */
  async run(key: string | null, scope: string, handler: () => Promise<Response>): Promise<Response> {
    if (key === null) return handler();
    if (!KEY.test(key))
      return errorResponse(400, 'BAD_VALUE', 'Idempotency-Key must be 1-255 printable ASCII characters.');
    const id = `${scope}\n${key}`;
    this.#expire();
    const done = this.#done.get(id);
    if (done) return replay(done);
    const running = this.#running.get(id);
    if (running) {
      const first = await running;
      if (first) return replay(first);
      return handler(); // the first one made no record: this one runs for real
    }
    let settle!: (s: Stored | null) => void;
    this.#running.set(id, new Promise((r) => (settle = r)));
    try {
      const res = await handler();
      if (res.status < 200 || res.status >= 300) {
        settle(null);
        return res;
      }
      const stored: Stored = {
        status: res.status,
        headers: [...res.headers.entries()],
        body: await res.arrayBuffer(),
        at: this.now(),
      };
      this.#done.set(id, stored);
      if (this.#done.size > MAX_KEYS) this.#done.delete(this.#done.keys().next().value!);
      settle(stored);
      return replay(stored, false);
    } catch (e) {
      settle(null);
      throw e;
    } finally {
      this.#running.delete(id);
    }
  }

  #expire() {
    const limit = this.now() - TTL_MS;
    for (const [id, s] of this.#done) {
      if (s.at >= limit) break;
      this.#done.delete(id);
    }
  }
}

function replay(s: Stored, replayed = true): Response {
  const headers = new Headers(s.headers);
  if (replayed) headers.set('Idempotent-Replayed', 'true');
  const body = s.status === 204 || s.status === 304 ? null : s.body.slice(0);
  return new Response(body, { status: s.status, headers });
}

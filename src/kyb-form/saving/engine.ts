/**
 * The save engine of one resource that saves itself (the company, one questionnaire's answers), behind
 * autosave.ts (which loads it with the first change, so the first screen does not wait for it): a change
 * is sent after a debounce (at once on leaving a field, on `flush`); changes made while a save runs are
 * merged into one next save; an identical body is not sent again; a failed save keeps the input and is
 * tried again with backoff that honours `Retry-After` (backoff.ts) and when the browser is back online,
 * only when the one rule says a retry may help (rule.ts); after an attempt whose answer was lost, the
 * current body is sent again once a late copy can no longer land (late-writes.ts); a write that needs
 * an idempotency key gets the one bound to its body (write-key.ts).
 *
 * "Saved" is decided here: a change is saved when a body built after it was stored (its version), and
 * the step reports exactly that state to the shell (`SaveReport`).
 */
import { ApiError } from '../../api/http.ts';
import type { SaveState } from '../context.ts';
import { retryDelay, whenOnline } from './backoff.ts';
import { LateWrites } from './late-writes.ts';
import { retryMayHelp } from './rule.ts';
import { WriteKey } from './write-key.ts';
import type { SaveTarget } from './autosave.ts';

export const asApiError = (err: unknown): ApiError =>
  err instanceof ApiError
    ? err
    : new ApiError({
        kind: 'invalid-response',
        message: err instanceof Error ? err.message : String(err),
        cause: err,
      });

export class SaveEngine<B> {
  /** JSON of the last body the service holds (or that was loaded); null: unknown, send the next body. */
  lastSent: string | null;
  readonly key = new WriteKey();
  readonly #target: SaveTarget<B>;
  readonly #debounceMs: number;
  readonly #late: LateWrites;
  #version = 0;
  #savedVersion = 0;
  #state: SaveState = 'idle';
  #error: ApiError | null = null;
  #failures = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  #cancelOnline: () => void = () => undefined;
  #inflight: Promise<void> | null = null;
  #again = false;
  #disposed = false;

  /** `state`: what the front (autosave.ts) already reported before the engine arrived. */
  constructor(
    target: SaveTarget<B>,
    opts: { debounceMs: number; lastSent: string | null; state?: SaveState },
  ) {
    this.#target = target;
    this.#debounceMs = opts.debounceMs;
    this.#state = opts.state ?? 'idle';
    this.lastSent = opts.lastSent;
    this.#late = new LateWrites(
      () => target.timeoutMs(),
      () => void this.save().catch(() => undefined),
    );
  }

  get state(): SaveState {
    return this.#state;
  }
  get error(): ApiError | null {
    return this.#error;
  }
  /** Whether a change is not stored yet (pending, being sent, or failed). */
  get dirty(): boolean {
    return this.#version !== this.#savedVersion || this.#inflight !== null || this.#state === 'error';
  }
  /** Whether a change waits for its debounce. */
  get waiting(): boolean {
    return this.#timer !== undefined;
  }
  /** Whether a save is running. */
  get busy(): boolean {
    return this.#inflight !== null;
  }

  #report(state: SaveState, error?: ApiError) {
    this.#state = state;
    this.#error = error ?? null;
    this.#target.report(state, error);
  }

  /** The user changed something: save after the debounce. */
  changed(): void {
    this.#version++;
    if (this.#disposed || this.#target.readOnly()) return;
    if (this.#state !== 'saving' && this.#state !== 'pending' && this.#state !== 'error')
      this.#report('pending');
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.save().catch(() => undefined);
    }, this.#debounceMs);
  }

  /** Saves now when something is pending (a field was left, a discrete choice). */
  soon(): void {
    if (this.#version === this.#savedVersion && !this.#inflight && this.#state !== 'error') return;
    void this.save().catch(() => undefined);
  }

  /** Saves now (after the running save: merged into one). Rejects with the ApiError of a failed save. */
  save(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    clearTimeout(this.#retryTimer);
    this.#retryTimer = undefined;
    if (this.#disposed || this.#target.readOnly()) return Promise.resolve();
    if (this.#inflight) {
      this.#again = true;
      // The running save may already be past its loop (it reported, its `finally` has not run yet): then
      // it will not see `#again`, and this change goes in a save of its own once it has ended.
      return this.#inflight.then(() => (this.#again ? this.save() : undefined));
    }
    const run = this.#run().finally(() => {
      this.#inflight = null;
    });
    this.#inflight = run;
    return run;
  }

  async #run(): Promise<void> {
    // yield first, so `#inflight` is assigned before the `finally` clears it
    await null;
    let version = this.#version;
    try {
      do {
        this.#again = false;
        version = this.#version;
        const body = this.#target.body();
        if (body === null) {
          // Nothing can be sent yet (the form cannot be created): the step counts that input as held.
          this.#savedVersion = Math.max(this.#savedVersion, version);
          if (this.#state === 'pending') this.#report('idle');
          return;
        }
        const json = JSON.stringify(body);
        // After an unclear attempt the whole current body goes again (PUT, a whole PATCH), even unchanged.
        const resend = this.#late.due;
        if (json !== this.lastSent || resend) {
          const generation = resend ? this.#late.begin() : 0;
          this.#report('saving');
          const held = await this.#target.send(body, {
            json,
            key: this.key,
            onAttemptError: (err) => {
              this.#late.attemptFailed(err);
              this.key.failed(err);
            },
          });
          if (this.#disposed) return;
          this.lastSent = held === undefined ? json : held;
          if (resend) this.#late.resent(generation);
          // What the service holds is not this body (unknown, or an older one): send it again.
          if (this.lastSent !== json) this.#again = true;
        }
        if (this.lastSent === json) this.#savedVersion = Math.max(this.#savedVersion, version);
      } while (this.#again && !this.#disposed);
      this.#failures = 0;
      this.#cancelOnline();
      this.#report(this.#savedVersion === this.#version ? 'saved' : 'pending');
      this.#late.saved();
    } catch (err) {
      if (this.#disposed) return;
      const error = asApiError(err);
      this.#failures++;
      this.#report('error', error);
      this.#scheduleRetry(error);
      throw error;
    }
  }

  #scheduleRetry(error: ApiError): void {
    clearTimeout(this.#retryTimer);
    this.#cancelOnline();
    // Refused writes and invalid data need something else: retried on the next change or `retry()`.
    if (!retryMayHelp(error)) return;
    this.#cancelOnline = whenOnline(() => void this.retry().catch(() => undefined));
    this.#retryTimer = setTimeout(
      () => void this.save().catch(() => undefined),
      retryDelay(this.#failures, error),
    );
  }

  /** Tries a failed save again now (a retry button, the session renewed). */
  retry(): Promise<void> {
    this.#failures = 0;
    return this.save();
  }

  /**
   * Sends everything pending now, and the current body again after an unclear attempt (in case its late
   * copy already landed); resolves once stored, rejects with the error of a failed save.
   */
  async flush(): Promise<void> {
    this.#late.hurry();
    if (this.#target.readOnly() || this.#disposed) return;
    do await this.save();
    while (!this.#disposed && (this.#version !== this.#savedVersion || this.#inflight || this.#late.hurried));
  }

  dispose(): void {
    this.#disposed = true;
    clearTimeout(this.#timer);
    clearTimeout(this.#retryTimer);
    this.#cancelOnline();
    this.#late.dispose();
  }
}

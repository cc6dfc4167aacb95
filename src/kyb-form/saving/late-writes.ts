/**
 * Late writes: an attempt whose outcome is unclear (it timed out, or lost its connection after it may
 * have been sent) can still be processed by the service afterwards, after a newer write of the same
 * resource, and its older value then overwrites the newer one. The interface has no version or
 * `If-Match`, so the saver repairs it: after the next successful save of the resource, once a stale copy
 * can no longer be in flight (a settle delay derived from the client's per-attempt timeout), it sends the
 * current value again. Nothing extra is sent when no attempt was unclear. The settle delay is an
 * assumption about the service (it processes a request within that time after the client gave up), not a
 * guarantee: without versions a copy held back longer can still overwrite.
 */
import type { ApiError } from '../../api/http.ts';
import { mayLandLate } from './rule.ts';

/** One resource's unclear writes: when its current value must be sent again. */
export class LateWrites {
  /**
   * How long after an unclear attempt was given up a stale copy may still be processed, from the client's
   * per-attempt timeout (default: twice that timeout). Tests may replace it.
   */
  static settleMs: (timeoutMs: number) => number = (timeoutMs) => 2 * timeoutMs;

  /** Bumped on every unclear attempt, so a re-send clears only the marks it covers. */
  #generation = 0;
  /** The generation the last successful re-send covered. */
  #covered = 0;
  /** Before this time (ms since the epoch) a stale copy may still land. */
  #until = 0;
  /** A flush asked for a re-send before the settle delay ends (see {@link hurry}). */
  #hurry = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #timeoutMs: () => number;
  readonly #resend: () => void;

  /** `resend` is called once the current value is due again: it saves (see {@link due}). */
  constructor(timeoutMs: () => number, resend: () => void) {
    this.#timeoutMs = timeoutMs;
    this.#resend = resend;
  }

  /** For `onAttemptError`: marks the resource when the attempt's outcome is unclear. */
  readonly attemptFailed = (err: ApiError): void => {
    if (!mayLandLate(err)) return;
    this.#generation++;
    this.#until = Math.max(this.#until, Date.now() + LateWrites.settleMs(this.#timeoutMs()));
    // A scheduled re-send now waits for this attempt's settle delay (set again by the next save).
    clearTimeout(this.#timer);
    this.#timer = undefined;
  };

  /** Whether an unclear attempt has not been covered by a re-send yet. */
  get marked(): boolean {
    return this.#generation !== this.#covered;
  }

  /** Whether the current value must be sent again now (even if identical to the last body sent). */
  get due(): boolean {
    return this.marked && (this.#hurry || Date.now() >= this.#until);
  }

  /** Whether a flush asked for a re-send that has not started yet. */
  get hurried(): boolean {
    return this.#hurry && this.marked;
  }

  /**
   * A flush (before a submit, or leaving the step) when marked: the next save sends the current value
   * again at once, in case the late copy already landed. It covers nothing: the re-send at the end of the
   * settle delay still follows.
   */
  hurry(): void {
    if (this.marked) this.#hurry = true;
  }

  /** A re-send starts now: the generation it covers (pass it to {@link resent} once it succeeded). */
  begin(): number {
    this.#hurry = false;
    return Date.now() >= this.#until ? this.#generation : this.#covered;
  }

  /** A re-send that started at `generation` succeeded. */
  resent(generation: number): void {
    this.#covered = Math.max(this.#covered, generation);
  }

  /** A save of the resource succeeded: when marked, schedule the re-send for the end of the settle delay. */
  saved(): void {
    if (!this.marked) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(
      () => {
        this.#timer = undefined;
        if (this.marked) this.#resend();
      },
      Math.max(0, this.#until - Date.now() + 1),
    );
  }

  dispose(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}

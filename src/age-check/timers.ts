/**
 * The timers of `<age-check>`: the second tick while a session runs (the expiry countdown and the
 * expiry itself) and the delay before a safe redirect is followed.
 */
export class Timers {
  #clock: ReturnType<typeof setInterval> | undefined;
  #redirect: ReturnType<typeof setTimeout> | undefined;

  /** Ticks every second while `wanted` (the first tick at once when it starts); stops otherwise. */
  clock(wanted: boolean, tick: () => void): void {
    if (wanted && this.#clock === undefined) {
      this.#clock = setInterval(tick, 1000);
      tick();
    } else if (!wanted) this.stopClock();
  }

  stopClock(): void {
    if (this.#clock !== undefined) clearInterval(this.#clock);
    this.#clock = undefined;
  }

  /** Runs `go` after `ms` (instead of a redirect already waiting). */
  redirect(ms: number, go: () => void): void {
    this.stopRedirect();
    this.#redirect = setTimeout(() => {
      this.#redirect = undefined;
      go();
    }, ms);
  }

  stopRedirect(): void {
    if (this.#redirect !== undefined) clearTimeout(this.#redirect);
    this.#redirect = undefined;
  }
}

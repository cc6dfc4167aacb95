/**
 * The timers of `<age-check>`: the second tick while a session runs (the expiry countdown and the
 * expiry itself) and the delay before a safe redirect is followed.
 */
export class Timers {
  // Plain fields: private `#` fields cost a WeakMap each in the Safari 15 build, on the first screen.
  private clockId: ReturnType<typeof setInterval> | undefined;
  private redirectId: ReturnType<typeof setTimeout> | undefined;

  /** Ticks every second while `wanted` (the first tick at once when it starts); stops otherwise. */
  clock(wanted: boolean, tick: () => void): void {
    if (wanted && this.clockId === undefined) {
      this.clockId = setInterval(tick, 1000);
      tick();
    } else if (!wanted) this.stopClock();
  }

  stopClock(): void {
    if (this.clockId !== undefined) clearInterval(this.clockId);
    this.clockId = undefined;
  }

  /** Runs `go` after `ms` (instead of a redirect already waiting). */
  redirect(ms: number, go: () => void): void {
    this.stopRedirect();
    this.redirectId = setTimeout(() => {
      this.redirectId = undefined;
      go();
    }, ms);
  }

  stopRedirect(): void {
    if (this.redirectId !== undefined) clearTimeout(this.redirectId);
    this.redirectId = undefined;
  }
}

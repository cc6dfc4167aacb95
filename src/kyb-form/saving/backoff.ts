/**
 * When the save engine tries a failed save again: exponential backoff with jitter (1 s doubling up to a
 * minute), never sooner than the service's `Retry-After` (429, 503), and at once when the browser comes
 * back online. One `online` listener serves every engine waiting for the network.
 */

/** The wait before retry number `failures` (1-based) of a failed save. */
export function retryDelay(
  failures: number,
  error: { readonly retryAfterMs?: number | undefined },
  random = Math.random,
): number {
  const base = Math.min(60_000, 1000 * 2 ** Math.min(Math.max(0, failures - 1), 6));
  return Math.max(error.retryAfterMs ?? 0, base * (0.8 + random() * 0.4));
}

const waiting = new Set<() => void>();
const onOnline = () => {
  const all = [...waiting];
  waiting.clear();
  window.removeEventListener('online', onOnline);
  for (const resume of all) resume();
};

/** Calls `resume` once when the browser is back online (a failed save waits for it too). Returns a cancel. */
export function whenOnline(resume: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  if (waiting.size === 0) window.addEventListener('online', onOnline);
  waiting.add(resume);
  return () => {
    waiting.delete(resume);
    if (waiting.size === 0) window.removeEventListener('online', onOnline);
  };
}

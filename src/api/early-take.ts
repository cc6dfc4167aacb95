/**
 * The HTTP client's side of the loader's early requests (see early.ts): takes the answer the loader already
 * requested, from the page's registry. A module of its own, so the element chunks do not import the loader.
 */
import type { Early, EarlyResponse } from './early.ts';

const registry = globalThis as typeof globalThis & { [key: symbol]: Map<string, Early> | undefined };
/** Same key as early.ts's `EARLY_KEY` (a `Symbol.for` key: one registry per page). */
const KEY = Symbol.for('verify-elements.early');

/**
 * Takes the early answer to `GET url` with this `Authorization` value, once, or null when there is none.
 * Aborting `signal` aborts it.
 */
export function takeEarly(
  url: string,
  authorization: string,
  signal: AbortSignal,
): Promise<EarlyResponse> | null {
  const pending = registry[KEY];
  const key = `${url}\n${authorization}`;
  const early = pending?.get(key);
  if (!pending || !early) return null;
  pending.delete(key);
  clearTimeout(early.timer);
  if (signal.aborted) {
    early.controller.abort();
    return null;
  }
  signal.addEventListener('abort', () => early.controller.abort(), { once: true });
  return early.promise;
}

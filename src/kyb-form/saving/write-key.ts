/**
 * A key means one body: the idempotency key of a write is bound to the exact JSON it was made for. A
 * retry of that body carries the same key (the service replays the first answer); a body that differs
 * (the user typed meanwhile) gets a new key, and only once the first write's outcome is known: the
 * caller asks {@link WriteKey.unresolved} and looks first (a create lists, an update re-sends whole).
 */
import { newIdempotencyKey } from '../../api/http.ts';
import { outcomeUnclear, type FailureLike } from './rule.ts';

export class WriteKey {
  #json: string | null = null;
  #key = '';
  /** The last attempt with the current key failed with an unclear outcome (it may be stored). */
  #unclear = false;

  /** The key for `json`: the same as before for the same body, a new one for another body. */
  for(json: string): string {
    if (json !== this.#json) {
      this.#json = json;
      this.#key = newIdempotencyKey();
      this.#unclear = false;
    }
    return this.#key;
  }

  /** Whether the body `json` may be sent under its own key now: no other body's outcome is unknown. */
  unresolved(json: string): boolean {
    return this.#unclear && json !== this.#json;
  }

  /** An attempt failed: remember whether it may have been stored. */
  failed(err: FailureLike): void {
    this.#unclear = outcomeUnclear(err);
  }

  /** The outcome is known now (the write was found, or known not stored): the next body gets a new key. */
  resolved(): void {
    this.#unclear = false;
    this.#json = null;
  }
}

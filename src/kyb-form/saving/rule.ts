/**
 * The one rule for a failed request: what its outcome means for the data, and whether sending it again
 * may help. Every retry of the project asks here: the HTTP client's own retries (api/http.ts), the save
 * engine's backoff (autosave.ts), the late-write repair (late-writes.ts), the search for copies after a
 * lost create (write-copies.ts) and the retry button of an error (kyb-form/state.ts `errorInfo`).
 *
 * | failure                                   | outcome        | retry may help |
 * | ----------------------------------------- | -------------- | -------------- |
 * | no answer: connection lost, timeout       | `in-flight`    | yes            |
 * | 5xx, or a 2xx/5xx answer that is unreadable | `maybe-stored` | yes          |
 * | 429 (rate limit, `Retry-After` honoured)  | `not-stored`   | yes            |
 * | any other answer (4xx, a redirect), refused before sending, cancelled | `not-stored` | no |
 *
 * No imports: the age element's client uses it too.
 */

/** What a rule reads of a failure (an `ApiError`). */
export interface FailureLike {
  readonly kind: string;
  readonly status: number;
}

/**
 * - `not-stored`: the service answered and did not store the write (or it was never sent);
 * - `maybe-stored`: the service answered after it may have stored it (5xx, an unreadable answer);
 * - `in-flight`: no answer came: the write may have been stored, and may still be, later (a late copy).
 */
export type Outcome = 'not-stored' | 'maybe-stored' | 'in-flight';

export function outcomeOf(err: FailureLike): Outcome {
  if (err.kind === 'network' || err.kind === 'timeout') return 'in-flight';
  if (err.status >= 500) return 'maybe-stored';
  if (err.kind === 'invalid-response' && (err.status === 0 || (err.status >= 200 && err.status < 300)))
    return 'maybe-stored';
  return 'not-stored';
}

/** Whether a failed write may have been stored all the same (look before writing it again as new). */
export const outcomeUnclear = (err: FailureLike): boolean => outcomeOf(err) !== 'not-stored';

/** Whether a copy of a failed write may still be processed later, over a newer write (late-writes.ts). */
export const mayLandLate = (err: FailureLike): boolean => outcomeOf(err) === 'in-flight';

/** Whether sending the same request again may succeed (the failure is not the request's fault). */
export const retryMayHelp = (err: FailureLike): boolean => outcomeUnclear(err) || err.status === 429;

/**
 * Whether a retry of a request, as it is, is safe: a request whose repetition stores nothing more (GET,
 * PUT, DELETE, a PATCH of a whole object), or a write with an idempotency key that carries the exact
 * body the key was made for (the service replays the first answer). A key never covers another body:
 * a write that carries more is a new write, sent once the first one's outcome is known (write-key.ts).
 */
export const retrySafe = (req: { idempotent: boolean; keyedSameBody?: boolean }): boolean =>
  req.idempotent || req.keyedSameBody === true;

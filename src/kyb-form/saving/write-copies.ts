/**
 * What a failed create may have left on the service, shared by the documents and the beneficiaries:
 * whether the failure is unclear (the write may have been saved all the same), and, after the list was
 * read again, which of the records that match the one logical write is its record and which are copies
 * (a browser re-sends a write on a reused connection whose answer it lost, and each copy is saved).
 */
import { ApiError } from '../../api/http.ts';
import { outcomeUnclear } from './rule.ts';

/** Whether a failed write may have been saved all the same (the rule: rule.ts). */
export const unclear = (err: unknown): boolean => err instanceof ApiError && outcomeUnclear(err);

/**
 * The records matching one logical write, in the service's order: the first is the write's record; the
 * copies are the other distinct ids. A list that names one id twice is the service's fault, not a copy:
 * the kept record is never among the copies. Null when nothing matches.
 */
export function firstAndCopies<T extends { id: string }>(
  matches: readonly T[],
): { first: T; copies: T[] } | null {
  const [first, ...rest] = matches;
  if (!first) return null;
  const seen = new Set([first.id]);
  const copies: T[] = [];
  for (const r of rest) {
    if (seen.has(r.id)) continue;
    seen.add(r.id);
    copies.push(r);
  }
  return { first, copies };
}

/**
 * Telling the page that the user is about to lose input that was not sent: the element is removed, the
 * page unloads, or the session ends. `kyb-unsaved-changes` carries how many changes are not stored
 * (a step's held values count one each; any other unsent input of a step counts one).
 */
import type { ShellContext, StepController } from '../context.ts';
import { emit } from '../shell/events.ts';
import type { KybUnsavedChangesDetail } from '../shell/types.ts';

type Step = Pick<StepController<ShellContext>, 'dirty' | 'held' | 'editing'>;

/** How many of the user's changes are not stored. */
export const unsentCount = (steps: readonly Step[]): number =>
  steps.reduce((n, c) => n + Math.max(c.held ?? 0, c.dirty || c.editing ? 1 : 0), 0);

/** Fires `kyb-unsaved-changes` when something would be lost; returns the count. */
export function warnUnsent(
  el: EventTarget,
  formId: string | null,
  steps: readonly Step[],
  reason: KybUnsavedChangesDetail['reason'],
): number {
  const count = unsentCount(steps);
  if (count > 0) emit(el, 'kyb-unsaved-changes', { formId, count, reason });
  return count;
}

/** How `<kyb-form>` fires its events: bubbling, composed `CustomEvent`s, typed by the global event map (types.ts). */
import type {} from './types.ts';

export type KybEventName =
  | 'kyb-ready'
  | 'kyb-saved'
  | 'kyb-error'
  | 'kyb-submitted'
  | 'kyb-step-change'
  | 'kyb-session-expired'
  | 'kyb-unsaved-changes';
export type KybEventDetail<K extends KybEventName> =
  GlobalEventHandlersEventMap[K] extends CustomEvent<infer D> ? D : never;

export function emit<K extends KybEventName>(el: EventTarget, name: K, detail: KybEventDetail<K>): void {
  el.dispatchEvent(new CustomEvent(name, { bubbles: true, composed: true, detail }));
}

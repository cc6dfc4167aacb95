/** The public types of `<kyb-form>`'s events and of `tokenProvider` (re-exported by kyb-form.ts). */
import type { SaveReport, StepId } from '../context.ts';
import type { KybFormElement } from '../kyb-form.ts';
import type { TokenResult } from '../token-result.ts';

export type { TokenExpiry, TokenResult } from '../token-result.ts';
export type TokenProvider = () => Promise<TokenResult>;

export interface KybReadyDetail {
  formId: string | null;
  locale: string;
  steps: StepId[];
}
export interface KybSavedDetail {
  kind: SaveReport['kind'];
  id?: string | undefined;
}
export interface KybErrorDetail {
  /** Error cause: `no-token`, `token`, `submitted`, `network`, `service`, or `save` for a failed save. */
  kind: string;
  status: number;
  identifier: string | null;
  message: string;
}
export interface KybSubmittedDetail {
  formId: string;
}
export interface KybStepChangeDetail {
  step: StepId;
  index: number;
}
/**
 * The token was refused (401) and no `tokenProvider` could renew it. The page answers by setting a new
 * `token` (or a `tokenProvider`): the form then sends the changes it kept, without reloading.
 */
export interface KybSessionExpiredDetail {
  /** The form's id, or null when no form exists yet. */
  formId: string | null;
  /** Whether changes are waiting to be saved (kept on screen until a new token is set). */
  unsaved: boolean;
}

/**
 * The user is about to lose input that was not sent: the element is being removed, the page is unloading
 * (fired from `beforeunload`: the page may ask the user to stay), or the session ended.
 */
export interface KybUnsavedChangesDetail {
  /** The form's id, or null when no form exists yet. */
  formId: string | null;
  /** How many changes are not stored (a value that fails its check counts too). */
  count: number;
  reason: 'removed' | 'unload' | 'session-ended';
}

declare global {
  interface HTMLElementTagNameMap {
    'kyb-form': KybFormElement;
  }
  interface GlobalEventHandlersEventMap {
    'kyb-ready': CustomEvent<KybReadyDetail>;
    'kyb-saved': CustomEvent<KybSavedDetail>;
    'kyb-error': CustomEvent<KybErrorDetail>;
    'kyb-submitted': CustomEvent<KybSubmittedDetail>;
    'kyb-step-change': CustomEvent<KybStepChangeDetail>;
    'kyb-session-expired': CustomEvent<KybSessionExpiredDetail>;
    'kyb-unsaved-changes': CustomEvent<KybUnsavedChangesDetail>;
  }
}

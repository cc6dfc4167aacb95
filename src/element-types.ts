/**
 * The public types of the two elements in one place, exported from the package root: what a page or a
 * framework binds (properties), what it listens to (events and their details), and what `tokenProvider`
 * returns. The template typings in `frameworks/` (Vue, Svelte, JSX) are built from these.
 */
import type { KybFormElement } from './kyb-form/kyb-form.ts';
import type { AgeCheckElement, AgeCheckEventMap } from './age-check/age-check.ts';

export type {
  KybErrorDetail,
  KybReadyDetail,
  KybSavedDetail,
  KybSessionExpiredDetail,
  KybStepChangeDetail,
  KybSubmittedDetail,
  TokenProvider,
  TokenResult,
} from './kyb-form/kyb-form.ts';
export type {
  AgeCheckAttemptDetail,
  AgeCheckCameraFallbackDetail,
  AgeCheckCompleteDetail,
  AgeCheckErrorDetail,
  AgeCheckEventMap,
  AgeCheckReadyDetail,
} from './age-check/age-check.ts';

/** The properties of `<kyb-form>` a page sets (bind `tokenProvider` as a property: `.tokenProvider`). */
export type KybFormProperties = Partial<
  Pick<KybFormElement, 'token' | 'apiBase' | 'allowInsecureHttp' | 'locale' | 'tokenProvider'>
>;
/** The properties of `<age-check>` a page sets. */
export type AgeCheckProperties = Partial<
  Pick<
    AgeCheckElement,
    | 'token'
    | 'apiBase'
    | 'allowInsecureHttp'
    | 'locale'
    | 'redirect'
    | 'autoCapture'
    | 'sessionUrl'
    | 'tokenProvider'
  >
>;

type KybEventName = Extract<keyof GlobalEventHandlersEventMap, `kyb-${string}`>;
/** Every `kyb-*` event `<kyb-form>` fires, with its `CustomEvent` type. */
export type KybFormEventMap = { [K in KybEventName]: GlobalEventHandlersEventMap[K] };
/** Every event of both elements. */
export type VerifyElementsEventMap = KybFormEventMap & AgeCheckEventMap;

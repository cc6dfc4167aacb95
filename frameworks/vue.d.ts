/**
 * Template types of `<kyb-form>` and `<age-check>` for Vue 3 (`vue-tsc`, Volar): add
 * `/// <reference types="verify-elements/vue" />` to a `.d.ts` of the app (or `import type {} from
 * 'verify-elements/vue'`). Types only; the elements are registered by `import 'verify-elements/define'`.
 *
 * Bind `tokenProvider` as a property (`:tokenProvider="fn"` or `.tokenProvider="fn"`), never as
 * `:token-provider` (Vue would set an attribute holding the function's source).
 */
import type { EmitFn, HTMLAttributes, PublicProps } from 'vue';
import type {
  AgeCheckElement,
  AgeCheckEventMap,
  AgeCheckProperties,
  KybFormElement,
  KybFormEventMap,
  KybFormProperties,
} from '../dist/types/index.js';

type VueEmit<Events> = EmitFn<{ [K in keyof Events]: (event: Events[K]) => void }>;

/** A custom element as a Vue component type: its properties as props, its events as emits. */
type DefineCustomElement<Element extends HTMLElement, Props, Events> = new () => Element & {
  /** @deprecated For template type checking only: do not read `$props` on the element. */
  $props: HTMLAttributes & Props & PublicProps;
  /** @deprecated For template type checking only: do not call `$emit` on the element. */
  $emit: VueEmit<Events>;
};

declare module 'vue' {
  interface GlobalComponents {
    'kyb-form': DefineCustomElement<KybFormElement, KybFormProperties, KybFormEventMap>;
    'age-check': DefineCustomElement<AgeCheckElement, AgeCheckProperties, AgeCheckEventMap>;
  }
}

export {};

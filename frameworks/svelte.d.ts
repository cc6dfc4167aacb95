/**
 * Template types of `<kyb-form>` and `<age-check>` for Svelte 5 (`svelte-check`): add
 * `/// <reference types="verify-elements/svelte" />` to a `.d.ts` of the app (or `import type {} from
 * 'verify-elements/svelte'`). Types only; register the elements with `import 'verify-elements/define'`.
 * Events are attributes: `<kyb-form {token} onkyb-submitted={(e) => e.detail.formId} />`.
 */
import type { HTMLAttributes } from 'svelte/elements';
import type {
  AgeCheckElement,
  AgeCheckEventMap,
  AgeCheckProperties,
  KybFormElement,
  KybFormEventMap,
  KybFormProperties,
} from '../dist/types/index.js';

type EventAttributes<Events> = { [K in keyof Events as `on${K & string}`]?: (event: Events[K]) => void };

declare module 'svelte/elements' {
  interface SvelteHTMLElements {
    'kyb-form': HTMLAttributes<KybFormElement> &
      KybFormProperties &
      EventAttributes<KybFormEventMap> & { 'api-base'?: string; 'allow-insecure-http'?: boolean };
    'age-check': HTMLAttributes<AgeCheckElement> &
      AgeCheckProperties &
      EventAttributes<AgeCheckEventMap> & {
        'api-base'?: string;
        'allow-insecure-http'?: boolean;
        'auto-capture'?: boolean;
        'session-url'?: string;
      };
  }
}

export {};

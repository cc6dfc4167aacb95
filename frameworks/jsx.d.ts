/**
 * JSX types (`IntrinsicElements`) of `<kyb-form>` and `<age-check>` for React 19 used without the
 * wrappers of `verify-elements/react`, and for other JSX runtimes reading the global `JSX` namespace
 * (Preact, Solid, Stencil): add `/// <reference types="verify-elements/jsx" />` to a `.d.ts` of the app.
 * React 19 sets known properties as properties (`tokenProvider={fn}`) and listens to `on` + the event
 * name (`onkyb-submitted={(e) => ...}`).
 */
import type {
  AgeCheckEventMap,
  AgeCheckProperties,
  KybFormEventMap,
  KybFormProperties,
} from '../dist/types/index.js';

type EventProps<Events> = { [K in keyof Events as `on${K & string}`]?: (event: Events[K]) => void };
type Base = {
  id?: string;
  class?: string;
  className?: string;
  slot?: string;
  hidden?: boolean;
  lang?: string;
  ref?: unknown;
  key?: string | number | null;
  children?: unknown;
};

/** The JSX props of `<kyb-form>`. */
export type KybFormJsxProps = Base &
  KybFormProperties &
  EventProps<KybFormEventMap> & { 'api-base'?: string; 'allow-insecure-http'?: boolean };
/** The JSX props of `<age-check>`. */
export type AgeCheckJsxProps = Base &
  AgeCheckProperties &
  EventProps<AgeCheckEventMap> & {
    'api-base'?: string;
    'allow-insecure-http'?: boolean;
    'auto-capture'?: boolean;
    'session-url'?: string;
  };

interface VerifyElementsIntrinsicElements {
  'kyb-form': KybFormJsxProps;
  'age-check': AgeCheckJsxProps;
}

declare module 'react' {
  namespace JSX {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface IntrinsicElements extends VerifyElementsIntrinsicElements {}
  }
}

declare global {
  namespace JSX {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface IntrinsicElements extends VerifyElementsIntrinsicElements {}
  }
}

/**
 * The deferred part of `<age-check>`: everything after its first screen (the capture screens, the camera
 * and upload control, the outcome screens, the redirect and the live region's texts). A chunk of its own
 * that the element prefetches once its consent screen is up (browser idle) and loads on demand before the
 * machine enters any state whose screen is in here (see `FIRST_SCREENS` in machine-session.ts): its first
 * download holds only the loading, consent and error screens.
 */
export { FlowControl } from './flow-control.ts';
export { transition } from './machine.ts';
export { captureErrorText } from './outcome.ts';
export { screenStyles } from './screen-styles.ts';

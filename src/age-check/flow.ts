/**
 * The deferred part of `<age-check>`: everything after its first screen (the capture screens, the camera
 * and upload control, the outcome screens, the redirect and the live region's texts). A chunk of its own
 * that the element prefetches once its consent screen is up (browser idle) and loads on demand before the
 * machine enters any state whose screen is in here (see `FIRST_SCREENS` in machine-session.ts): its first
 * download holds only the loading, consent and error screens.
 */
import { FlowControl } from './flow-control.ts';
import type { AgeCheckRuntime } from './runtime.ts';
import { safePrivacyUrl } from './shell.ts';

export { FlowControl };
export { transition } from './machine.ts';
export { captureErrorText } from './outcome.ts';
export { screenStyles } from './screen-styles.ts';

/** What runs the screens after consent, over the element's runtime (built here, in the deferred chunk). */
export function flowControl(rt: AgeCheckRuntime): FlowControl {
  return new FlowControl({
    element: rt.host,
    machine: () => rt.machine,
    replace: (state) => rt.replace(state),
    send: (event) => rt.send(event),
    step: (event, attempt) => rt.step(event, attempt),
    client: () => rt.client,
    signal: () => rt.aborter.signal,
    emitError: (err) => rt.emitError(err),
    announce: (text) => rt.announce(text),
    navigate: (url) => rt.leave(url),
    syncTimers: () => rt.syncTimers(),
    autoCapture: () => rt.host.autoCapture,
    redirect: () => rt.host.redirect,
    exit: () => ({ url: safePrivacyUrl(rt.host.exitUrl), label: rt.host.exitLabel || null }),
  });
}

/**
 * The deferred part of `<age-check>`: everything after its first screen (the capture screens, the camera
 * and upload control, the outcome screens and the live region's texts). A chunk of its own that the
 * element prefetches once its consent screen is up (browser idle) and loads on demand before the machine
 * enters any state whose screen is in here (see `FIRST_SCREENS` in machine.ts): its first download holds
 * only the loading, consent and error screens.
 */
import type { TemplateResult } from 'lit';
import { outcomeOf, safeRedirect, type MachineState } from './machine-first.ts';
import { expiredScreen, outcomeScreen } from './outcome.ts';
import { captureScreen, type CaptureHost } from './screens.ts';

export { CaptureControl } from './capture-control.ts';
export { transition } from './machine.ts';
export { announcementFor, captureErrorText } from './outcome.ts';
export { laterStyles } from './styles-later.ts';

/** The redirect notice's clock: when it is followed (0: not running), now, and whether it will be. */
export interface RedirectClock {
  redirectAt: number;
  now: number;
  follow: boolean;
}

/** The screen of a state after the first screen: capture, outcome or expired. */
export function flowScreen(m: MachineState, h: CaptureHost, r: RedirectClock): TemplateResult {
  switch (m.name) {
    case 'done':
    case 'locked':
    case 'completed-already': {
      const url = safeRedirect(m.session?.redirect_url);
      const secs = r.redirectAt > 0 ? Math.max(0, Math.ceil((r.redirectAt - r.now) / 1000)) : 0;
      return outcomeScreen({
        outcome: outcomeOf(m),
        already: m.name === 'completed-already',
        redirect: url !== null && r.follow ? { url, secs } : null,
      });
    }
    case 'expired':
      return expiredScreen();
    default:
      return captureScreen(m, h);
  }
}

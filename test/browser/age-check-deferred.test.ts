/**
 * `<age-check>`'s deferred chunk (flow.ts: the screens after consent, the capture control, the outcome
 * screens). It is requested only once the first screen is up, never in front of it; a step into a state
 * whose screen is in it waits for it, so the next screen renders with its code (no stale loading screen,
 * no render that never comes). Its own test file: a fresh page, so no earlier test has loaded the chunk.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import {
  ageSession,
  AgeCheckProbe,
  BASE,
  findButton,
  headingText,
  shadow,
  waitForState,
} from './age-helpers.ts';

const requested = (path: string) =>
  (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) =>
    new URL(e.name).pathname.endsWith(path),
  );

describe('<age-check> deferred chunk', () => {
  it('loads after the consent screen, and Agree renders the next screen with its code', async () => {
    const { token } = await ageSession();
    const el = await fixture<AgeCheckProbe>(
      html`<age-check-probe token=${token} api-base=${BASE}></age-check-probe>`,
    );
    await waitForState(el, 'consent');
    expect(shadow(el).querySelector('[part~="start-button"]')).not.to.equal(null);
    // The session answer arrived before the deferred chunk was asked for (it is prefetched when idle).
    await waitUntil(() => requested('/src/age-check/flow.ts').length > 0, 'the idle prefetch', {
      timeout: 5000,
    });
    const session = requested('/age-estimation/session/')[0];
    const flow = requested('/src/age-check/flow.ts')[0]!;
    expect(session, 'the session request').not.to.equal(undefined);
    expect(flow.startTime).to.be.at.least(session!.responseEnd);

    findButton(el, /agree and start/i).click();
    // updateComplete also covers a chunk the step waits for: the next screen is there, with its controls.
    await el.updateComplete;
    await waitForState(el, ['camera-starting', 'live', 'fallback']);
    expect(headingText(el)).to.match(/starting the camera|take a selfie|add a photo/i);
    expect(shadow(el).querySelector('[part~="start-button"]')).to.equal(null);
  });
});

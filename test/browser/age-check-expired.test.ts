/**
 * `<age-check>`'s expired screen, against the sandbox over HTTP: it says plainly that the time ran out and
 * promises no "new link" (the shopper is on the partner's page and has none to ask for). Like the underage
 * and locked screens it offers the partner's next step (`exit-url` a link, `exit-label` alone a button),
 * which fires a cancelable `age-check-exit` with `outcome: null`; without one it says who can help.
 */
import { expect, oneEvent } from '@open-wc/testing';
import {
  AgeCheckProbe,
  ageSession,
  findButton,
  headingText,
  shadow,
  waitForState,
  mountWithExit,
  exitPrevented,
} from './age-helpers.ts';

const mount = mountWithExit;

const text = (el: AgeCheckProbe) => (shadow(el).textContent ?? '').replace(/\s+/g, ' ');

/** A session whose time ran out while the shopper was on the camera screen. */
async function expiredOnCamera(attrs: { exitUrl?: string; exitLabel?: string } = {}) {
  const { control, token } = await ageSession({}, { estimates: [{ age: 35, confidence: 95 }] });
  const el = await mount(token, attrs);
  await waitForState(el, 'consent');
  findButton(el, /agree/i).click();
  await waitForState(el, 'live');
  await control.expireAgeSession(token);
  findButton(el, /take photo/i).click();
  await waitForState(el, 'selfie-review');
  findButton(el, /use this photo/i).click();
  await waitForState(el, 'expired');
  return { el, token };
}

describe('<age-check> expired', function () {
  this.timeout(60000);

  it('says the time ran out, no new link; exit-url is the way back and fires a cancelable age-check-exit', async () => {
    const { el, token } = await expiredOnCamera({ exitUrl: '/shop?from=age', exitLabel: 'Back to the shop' });
    expect(headingText(el)).to.equal('This age check has expired');
    expect(text(el)).to.contain('The time allowed for it ran out before it was finished');
    expect(text(el)).to.not.match(/new link/i);
    await exitPrevented(el, token, null);
  });

  it('exit-label alone: a button that fires age-check-exit', async () => {
    const { el } = await expiredOnCamera({ exitLabel: 'Return to checkout' });
    expect(shadow(el).querySelector('[part~="exit-link"]')).to.equal(null);
    const exit = oneEvent(el, 'age-check-exit');
    findButton(el, /return to checkout/i).click();
    expect((await exit).detail).to.deep.equal({ outcome: null });
  });

  it('opened after it expired, without a next step set: says who can help, offers no dead link', async () => {
    const { control, token } = await ageSession();
    await control.expireAgeSession(token);
    const el = await mount(token);
    await waitForState(el, 'expired');
    expect(headingText(el)).to.equal('This age check has expired');
    expect(text(el)).to.contain('The site that asked for this check can tell you what to do next.');
    expect(text(el)).to.not.match(/new link/i);
    expect(shadow(el).querySelector('[part~="exit"]')).to.equal(null);
    await expect(el).to.be.accessible();
  });
});

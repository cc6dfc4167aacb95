/**
 * `<age-check>` hosted mode (issue 13 item 5), end to end against the sandbox: the token answer's
 * `session_url` is the sandbox's hosted page; the element frames it after its own consent; the hosted page
 * runs the capture (fake camera, or its photo-file input) and ends on the partner's return page, which
 * posts the outcome to the element. The webhook confirms the same outcome server side.
 */
import { expect, fixture, oneEvent, waitUntil } from '@open-wc/testing';
import { returnOutcome, HOSTED_OUTCOMES } from '../../src/age-check/hosted.ts';
import type { AgeCheckElement } from '../../src/age-check/age-check.ts';
import '../../src/age-check/define.ts';
import { ageSession, findButton, shadow } from './age-helpers.ts';

const RETURN_PAGE = `${location.origin}/src/age-check/return-page.html`;
const redirects = {
  success_redirect: `${RETURN_PAGE}?outcome=SUCCESS`,
  underage_redirect: `${RETURN_PAGE}?outcome=UNDERAGE`,
  uncertain_redirect: `${RETURN_PAGE}?outcome=UNCERTAIN`,
};

async function mountHosted(sessionUrl: string): Promise<AgeCheckElement> {
  const el = document.createElement('age-check');
  el.sessionUrl = sessionUrl;
  el.privacyUrl = 'https://partner.example/privacy';
  return fixture<AgeCheckElement>(el);
}

const frameOf = (el: AgeCheckElement) => shadow(el).querySelector<HTMLIFrameElement>('iframe')!;

/** Consent, then the hosted page in the frame until its capture controls are there. */
async function openFrame(el: AgeCheckElement): Promise<Document> {
  findButton(el, /agree/i).click();
  await waitUntil(() => frameOf(el), 'the hosted frame');
  const frame = frameOf(el);
  await waitUntil(
    () => frame.contentDocument?.querySelector('#file') && frame.contentDocument.querySelector('h1'),
    'the hosted page loaded in the frame',
    { timeout: 10000 },
  );
  return frame.contentDocument!;
}

async function webhookOutcome(control: Awaited<ReturnType<typeof ageSession>>['control']) {
  let outcome: unknown;
  await waitUntil(
    async () => {
      const hooks = await control.listWebhooks();
      const age = hooks.find((h) => h.eventType === 'AGE_ESTIMATION');
      outcome = age ? (JSON.parse(age.body) as { outcome?: unknown }).outcome : undefined;
      return outcome !== undefined;
    },
    'the age webhook',
    { timeout: 5000 },
  );
  return outcome;
}

describe('<age-check> hosted mode', () => {
  it('the sandbox token answer points session_url at its hosted page', async () => {
    const { sessionUrl, token } = await ageSession(redirects);
    const url = new URL(sessionUrl);
    expect(url.origin).to.equal(location.origin);
    expect(url.pathname).to.equal('/sandbox/age-estimation/hosted/');
    expect(url.searchParams.get('token')).to.equal(token);
    const res = await fetch(sessionUrl);
    expect(res.headers.get('content-type')).to.match(/^text\/html/);
    expect(res.headers.get('content-security-policy')).to.match(/script-src 'self'/);
    const page = await res.text();
    expect(page).not.to.match(/<script>|<style>| style=| on\w+=/i);
  });

  it('camera: consent, the provider page in a sized camera-allowed frame, outcome SUCCESS by the return page', async () => {
    const { sessionUrl, control } = await ageSession(redirects, { estimates: [{ age: 35, confidence: 95 }] });
    const el = await mountHosted(sessionUrl);
    const events: string[] = [];
    for (const t of ['age-check-complete', 'age-check-error'])
      el.addEventListener(t, (e) => events.push(`${t}:${JSON.stringify((e as CustomEvent).detail)}`));
    // The element's own consent screen comes first, with the privacy link; no frame yet.
    expect(shadow(el).querySelector('[part~="start-button"]')).not.to.equal(null);
    expect(shadow(el).querySelector('iframe')).to.equal(null);
    expect(shadow(el).querySelector('a[part="privacy-link"]')).not.to.equal(null);
    await expect(el).to.be.accessible();

    const doc = await openFrame(el);
    const frame = frameOf(el);
    expect(frame.getAttribute('allow')).to.equal('camera');
    expect(frame.getAttribute('sandbox')!.split(' ').sort()).to.deep.equal([
      'allow-forms',
      'allow-same-origin',
      'allow-scripts',
    ]);
    expect(frame.title).to.match(/age check/i);
    expect(frame.getBoundingClientRect().height).to.be.at.least(300);
    expect(shadow(el).querySelector('h2')!.textContent).to.match(/confirm your age/i);
    await expect(el).to.be.accessible();

    await waitUntil(() => doc.querySelector<HTMLButtonElement>('#take-photo:not([disabled])'), 'camera on', {
      timeout: 10000,
    });
    const complete = oneEvent(el, 'age-check-complete');
    doc.querySelector<HTMLButtonElement>('#take-photo')!.click();
    expect((await complete).detail).to.deep.equal({ outcome: 'SUCCESS' });
    await el.updateComplete;
    expect(shadow(el).querySelector('iframe'), 'the frame is gone').to.equal(null);
    expect(shadow(el).querySelector('[part="outcome"]')!.getAttribute('data-outcome')).to.equal('SUCCESS');
    expect(shadow(el).querySelector('[part="announcer"]')!.textContent).to.match(/age confirmed/i);
    expect(events).to.deep.equal(['age-check-complete:{"outcome":"SUCCESS"}']);
    await expect(el).to.be.accessible();
    // The server side learns the same outcome from the signed webhook.
    expect(await webhookOutcome(control)).to.equal('SUCCESS');
  });

  it('file fallback on the provider page: a chosen photo -> UNDERAGE, reported the same way', async () => {
    const { sessionUrl, control } = await ageSession(redirects, { estimates: [{ age: 12, confidence: 95 }] });
    const el = await mountHosted(sessionUrl);
    const doc = await openFrame(el);
    const canvas = document.createElement('canvas');
    canvas.width = 480;
    canvas.height = 640;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#c08060';
    ctx.fillRect(0, 0, 480, 640);
    const blob = await new Promise<Blob>((r) => canvas.toBlob((b) => r(b!), 'image/png'));
    const dt = new DataTransfer();
    dt.items.add(new File([blob], 'me.png', { type: 'image/png' }));
    const input = doc.querySelector<HTMLInputElement>('#file')!;
    input.files = dt.files;
    const complete = oneEvent(el, 'age-check-complete');
    input.dispatchEvent(new Event('change', { bubbles: true }));
    expect((await complete).detail).to.deep.equal({ outcome: 'UNDERAGE' });
    expect(await webhookOutcome(control)).to.equal('UNDERAGE');
  });

  it('accepts only its own frame: another frame, the page itself and outcomes outside the enum are ignored', async () => {
    const { sessionUrl } = await ageSession(redirects);
    const el = await mountHosted(sessionUrl);
    await openFrame(el);
    const completes: unknown[] = [];
    el.addEventListener('age-check-complete', (e) => completes.push((e as CustomEvent).detail));
    // The page itself.
    window.postMessage({ type: 'age-check-return', outcome: 'SUCCESS' }, location.origin);
    // Another frame of the same origin running the real return page.
    const other = document.createElement('iframe');
    const otherLoaded = new Promise((r) => other.addEventListener('load', r, { once: true }));
    other.src = `${RETURN_PAGE}?outcome=SUCCESS`;
    document.body.append(other);
    await otherLoaded;
    // The element's own frame with an outcome that is not in the enum.
    const frame = frameOf(el);
    const bogus = new Promise((r) => frame.addEventListener('load', r, { once: true }));
    frame.contentWindow!.location.href = `${RETURN_PAGE}?outcome=APPROVED`;
    await bogus;
    await new Promise((r) => setTimeout(r, 200)); // let any message arrive (nothing may)
    other.remove();
    expect(completes).to.deep.equal([]);
    expect(frameOf(el), 'still framing the provider page').not.to.equal(null);
    // The same frame with a valid outcome is accepted.
    const done = oneEvent(el, 'age-check-complete');
    frame.contentWindow!.location.href = `${RETURN_PAGE}?outcome=UNCERTAIN`;
    expect((await done).detail).to.deep.equal({ outcome: 'UNCERTAIN' });
  });

  it('returnOutcome checks source, origin, shape and the published enum', () => {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    try {
      const source = frame.contentWindow;
      const ok = { source, origin: location.origin, data: { type: 'age-check-return', outcome: 'SUCCESS' } };
      expect(returnOutcome(ok, frame, location.origin)).to.equal('SUCCESS');
      expect(returnOutcome({ ...ok, origin: 'https://evil.example' }, frame, location.origin)).to.equal(null);
      expect(returnOutcome({ ...ok, source: window }, frame, location.origin)).to.equal(null);
      expect(returnOutcome(ok, null, location.origin)).to.equal(null);
      expect(returnOutcome({ ...ok, data: 'SUCCESS' }, frame, location.origin)).to.equal(null);
      expect(
        returnOutcome({ ...ok, data: { type: 'x', outcome: 'SUCCESS' } }, frame, location.origin),
      ).to.equal(null);
      for (const outcome of HOSTED_OUTCOMES)
        expect(
          returnOutcome({ ...ok, data: { type: 'age-check-return', outcome } }, frame, location.origin),
        ).to.equal(outcome);
      expect(
        returnOutcome(
          { ...ok, data: { type: 'age-check-return', outcome: 'success' } },
          frame,
          location.origin,
        ),
      ).to.equal(null);
    } finally {
      frame.remove();
    }
  });

  it('a session URL that is not https (or http on localhost) is refused: no frame', async () => {
    for (const bad of ['javascript:alert(1)', 'http://provider.example/s', 'data:text/html,x']) {
      const el = await mountHosted(bad);
      expect(shadow(el).querySelector('iframe'), bad).to.equal(null);
      expect(shadow(el).querySelector('[role="alert"]')!.textContent).to.match(/not valid/i);
      el.remove();
    }
  });
});

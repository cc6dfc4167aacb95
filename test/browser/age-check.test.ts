import { expect, fixture, html, oneEvent, waitUntil, aTimeout } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/age-check/define.ts';
import { SandboxControl, type AgeScenario } from '../../src/sandbox/control-client.ts';
import { PartnerClient } from '../../src/server/index.ts';
import { ageRequest, type AgeTokenSettings } from '../support/age-request.ts';
import {
  AgeCheckProbe,
  BASE,
  findButton,
  headingText,
  sendSelfie,
  shadow,
  waitForState,
} from './age-helpers.ts';

async function setup(req: AgeTokenSettings = {}, scenario?: AgeScenario) {
  const anon = new SandboxControl({ baseUrl: BASE });
  const account = await anon.createAccount({});
  const control = anon.withAccount(account);
  const partner = new PartnerClient({ baseUrl: BASE, apiKey: account.apiKey, apiSecret: account.apiSecret });
  const created = await partner.createAgeToken(ageRequest(req));
  if (scenario) await control.setAgeScenario(created.token, scenario);
  return { control, token: created.token };
}

async function mount(token: string, extra: { redirect?: string; autoCapture?: boolean } = {}) {
  return fixture<AgeCheckProbe>(
    html`<age-check-probe
      token=${token}
      api-base=${BASE}
      redirect=${extra.redirect ?? ''}
      ?auto-capture=${extra.autoCapture ?? false}
    ></age-check-probe>`,
  );
}

const hasButton = (el: HTMLElement, name: RegExp) =>
  [...shadow(el).querySelectorAll('button')].some((x) => name.test(x.textContent?.trim() ?? ''));

/**
 * Decoded sizes (upper bound: the log keeps a string's first 512 characters and its length, as
 * `head…(N chars)`) and magic bytes of every image the sandbox received.
 */
async function uploadedImages(control: SandboxControl) {
  const log = await control.listRequests();
  const out: { path: string; bytes: number; jpeg: boolean }[] = [];
  for (const r of log) {
    if (r.method !== 'POST' || !/age-estimation\/session\/(selfie|document)/.test(r.path)) continue;
    const body = r.body as Record<string, unknown>;
    for (const key of ['image', 'front', 'back']) {
      const logged = body[key];
      if (typeof logged !== 'string') continue;
      const m = /^([A-Za-z0-9+/=]*)…\((\d+) chars\)$/.exec(logged);
      const head = m ? m[1]! : logged;
      const chars = m ? Number(m[2]) : logged.length;
      const bin = atob(head.slice(0, 8));
      out.push({
        path: r.path,
        bytes: Math.floor((chars * 3) / 4),
        jpeg: bin.charCodeAt(0) === 0xff && bin.charCodeAt(1) === 0xd8 && bin.charCodeAt(2) === 0xff,
      });
    }
  }
  return out;
}

function collect(el: HTMLElement, types: string[]) {
  const events: { type: string; detail: unknown }[] = [];
  for (const type of types)
    el.addEventListener(type, (e) => events.push({ type, detail: (e as CustomEvent).detail }));
  return events;
}

const EVENTS = [
  'age-check-ready',
  'age-check-attempt',
  'age-check-step-up',
  'age-check-complete',
  'age-check-error',
  'age-check-camera-fallback',
];

describe('<age-check>', () => {
  it('confident adult: consent, camera, selfie -> SUCCESS; events carry no token or image; JPEG <= 100 kB', async () => {
    const { control, token } = await setup({ min_age: 18 }, { estimates: [{ age: 35, confidence: 95 }] });
    const el = document.createElement('age-check-probe') as AgeCheckProbe;
    const events = collect(el, EVENTS);
    el.token = token;
    el.apiBase = BASE;
    const ready = oneEvent(el, 'age-check-ready');
    await fixture(el);
    const r = await ready;
    expect(r.detail).to.deep.equal({ status: 'PENDING', step: 'SELFIE', attemptsLeft: 3 });
    await waitForState(el, 'consent');
    await expect(el).to.be.accessible();
    findButton(el, /agree/i).click();
    await waitForState(el, 'live');
    const video = shadow(el).querySelector('video')!;
    expect(video.getAttribute('part')).to.equal('video');
    expect(shadow(el).querySelector('[part="guide"]')!.getAttribute('aria-hidden')).to.equal('true');
    await expect(el).to.be.accessible();
    findButton(el, /take photo/i).click();
    await waitForState(el, 'selfie-review');
    await expect(el).to.be.accessible();
    findButton(el, /use this photo/i).click();
    await waitForState(el, 'done');
    expect(shadow(el).querySelector('[part="outcome"]')!.getAttribute('data-outcome')).to.equal('SUCCESS');
    await expect(el).to.be.accessible();
    expect(el.stream).to.equal(null);

    const complete = events.find((e) => e.type === 'age-check-complete');
    expect(complete?.detail).to.deep.equal({ outcome: 'SUCCESS' });
    // The deciding attempt is reported before the completion (README, "Events").
    expect(events.map((e) => e.type)).to.deep.equal([
      'age-check-ready',
      'age-check-attempt',
      'age-check-complete',
    ]);
    expect(events.find((e) => e.type === 'age-check-attempt')?.detail).to.deep.equal({
      result: 'DECIDED',
      attemptsLeft: 2,
    });
    const serialized = JSON.stringify(events);
    expect(serialized).not.to.include(token);
    expect(serialized).not.to.match(/\/9j\/|data:image/);

    const images = await uploadedImages(control);
    expect(images).to.have.length(1);
    for (const img of images) {
      expect(img.jpeg, 'JPEG magic bytes').to.equal(true);
      expect(img.bytes).to.be.greaterThan(1000);
      expect(img.bytes).to.be.at.most(102_400);
    }
  });

  it('minor -> UNDERAGE', async () => {
    const { token } = await setup({ min_age: 18, buffer: 2 }, { estimates: [{ age: 12, confidence: 95 }] });
    const el = await mount(token, { redirect: 'none' });
    await waitForState(el, 'consent');
    const complete = oneEvent(el, 'age-check-complete');
    await sendSelfie(el);
    expect(el.state.name).to.equal('done');
    expect((await complete).detail).to.deep.equal({ outcome: 'UNDERAGE' });
    expect(shadow(el).querySelector('[part="outcome"]')!.getAttribute('data-outcome')).to.equal('UNDERAGE');
    await expect(el).to.be.accessible();
  });

  it('uncertain with DOC -> step-up -> document (front and back, back camera) -> SUCCESS', async () => {
    const { control, token } = await setup(
      { min_age: 18, buffer: 3, escalation: 'DOC' },
      { estimates: [{ age: 19, confidence: 95 }], documentAge: 30 },
    );
    const el = await mount(token);
    const order = collect(el, ['age-check-attempt', 'age-check-step-up', 'age-check-complete']);
    const gum = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    const constraints: MediaStreamConstraints[] = [];
    navigator.mediaDevices.getUserMedia = (c?: MediaStreamConstraints) => {
      if (c) constraints.push(c);
      return gum(c);
    };
    try {
      await waitForState(el, 'consent');
      const stepUp = oneEvent(el, 'age-check-step-up');
      await sendSelfie(el);
      expect(el.state.name).to.equal('step-up');
      await stepUp;
      await expect(el).to.be.accessible();
      findButton(el, /id document/i).click();
      await waitForState(el, 'document-live');
      await expect(el).to.be.accessible();
      findButton(el, /take photo/i).click();
      await waitForState(el, 'document-review');
      await expect(el).to.be.accessible();
      findButton(el, /back side/i).click();
      await waitForState(el, 'document-live');
      expect(headingText(el)).to.match(/back/i);
      findButton(el, /take photo/i).click();
      await waitForState(el, 'document-review');
      const complete = oneEvent(el, 'age-check-complete');
      findButton(el, /^use these photos$/i).click();
      await waitForState(el, 'done');
      expect((await complete).detail.outcome).to.equal('SUCCESS');
    } finally {
      navigator.mediaDevices.getUserMedia = gum;
    }
    const facing = constraints.map(
      (c) => ((c.video as MediaTrackConstraints).facingMode as { ideal: string }).ideal,
    );
    expect(facing).to.deep.equal(['user', 'environment', 'environment']);
    expect(order.map((e) => [e.type, (e.detail as { result?: string }).result])).to.deep.equal([
      ['age-check-attempt', 'STEP_UP'],
      ['age-check-step-up', undefined],
      ['age-check-attempt', 'DECIDED'],
      ['age-check-complete', undefined],
    ]);
    const images = await uploadedImages(control);
    expect(images.map((i) => i.path.includes('document'))).to.deep.equal([false, true, true]);
    for (const img of images) {
      expect(img.jpeg).to.equal(true);
      expect(img.bytes).to.be.at.most(102_400);
    }
  });

  it('uncertain with NONE -> UNCERTAIN', async () => {
    const { token } = await setup(
      { min_age: 18, escalation: 'NONE' },
      { estimates: [{ age: 30, confidence: 20 }] },
    );
    const el = await mount(token);
    await waitForState(el, 'consent');
    const complete = oneEvent(el, 'age-check-complete');
    await sendSelfie(el);
    expect(el.state.name).to.equal('done');
    expect((await complete).detail).to.deep.equal({ outcome: 'UNCERTAIN' });
    await expect(el).to.be.accessible();
  });

  it('no face three times with retry_limit 3 -> ATTEMPTS_EXCEEDED, attempts left shown before each retry', async () => {
    const { token } = await setup({ retry_limit: 3 }, { estimates: ['no-face'] });
    const el = await mount(token);
    const events = collect(el, ['age-check-attempt', 'age-check-complete']);
    const attempts = () => events.filter((e) => e.type === 'age-check-attempt');
    await waitForState(el, 'consent');
    await sendSelfie(el);
    expect(el.state.name).to.equal('retry');
    expect(shadow(el).querySelector('[part="attempts"]')!.textContent).to.match(/Attempts left: 2/);
    await expect(el).to.be.accessible();
    await sendSelfie(el);
    expect(shadow(el).querySelector('[part="attempts"]')!.textContent).to.match(/Attempts left: 1/);
    const complete = oneEvent(el, 'age-check-complete');
    await sendSelfie(el);
    expect(el.state.name).to.equal('locked');
    expect((await complete).detail).to.deep.equal({ outcome: 'ATTEMPTS_EXCEEDED' });
    expect(attempts().map((a) => a.detail)).to.deep.equal([
      { result: 'RETRY', attemptsLeft: 2 },
      { result: 'RETRY', attemptsLeft: 1 },
      { result: 'RETRY', attemptsLeft: 0 },
    ]);
    // The last (locking) attempt is reported before the completion.
    expect(events.at(-1)?.type).to.equal('age-check-complete');
    expect(events.at(-2)?.detail).to.deep.equal({ result: 'RETRY', attemptsLeft: 0 });
    expect(headingText(el)).to.match(/too many attempts/i);
    await expect(el).to.be.accessible();
  });

  it('an expired token shows the expired screen', async () => {
    const { control, token } = await setup();
    await control.expireAgeSession(token);
    const el = await mount(token);
    await waitForState(el, 'expired');
    expect(headingText(el)).to.match(/expired/i);
    await expect(el).to.be.accessible();
  });

  it('a link that expires while open shows the expired screen and stops the camera; countdown in the last 5 minutes', async () => {
    const { control, token } = await setup({ expiry_minutes: 5 });
    const el = await mount(token);
    await waitForState(el, 'consent');
    await waitUntil(() => shadow(el).querySelector('[part="countdown"]'), 'countdown');
    const timer = shadow(el).querySelector('[part="countdown"]')!;
    expect(timer.getAttribute('role')).to.equal('timer');
    expect(timer.textContent).to.match(/[0-5]:\d\d/);
    findButton(el, /agree/i).click();
    await waitForState(el, 'live');
    const tracks = el.stream!.getTracks();
    await control.expireAgeSession(token);
    findButton(el, /take photo/i).click();
    await waitForState(el, 'selfie-review');
    expect(tracks.every((t) => t.readyState === 'ended')).to.equal(true);
    findButton(el, /use this photo/i).click();
    await waitForState(el, 'expired');
    expect(tracks.every((t) => t.readyState === 'ended')).to.equal(true);
    expect(shadow(el).querySelector('[part="countdown"]')).to.equal(null);
  });

  // The countdown is announced twice (as it appears, and in its last minute), not each minute (issue 25).
  it('the expiry clock: minutes:seconds countdown, two polite announcements, expired screen at expires_at', async () => {
    const { token } = await setup({ expiry_minutes: 5 });
    const el = await mount(token);
    await waitForState(el, 'consent');
    findButton(el, /agree/i).click();
    await waitForState(el, 'live');
    const tracks = el.stream!.getTracks();
    const realNow = Date.now;
    const expiresAt = Date.parse(el.state.session!.expires_at);
    try {
      Date.now = () => expiresAt - 61_500;
      await waitUntil(
        () => /1:0[12]/.test(shadow(el).querySelector('[part="countdown"]')?.textContent ?? ''),
        'at 1:01',
        { timeout: 3000 },
      );
      const polite = shadow(el).querySelector('[part="announcer"]')!;
      expect(polite.textContent).to.match(/Less than 5 minutes left\./);
      Date.now = () => expiresAt - 30_000;
      await waitUntil(
        () => /0:(29|30)/.test(shadow(el).querySelector('[part="countdown"]')?.textContent ?? ''),
        'at 0:30',
        { timeout: 3000 },
      );
      expect(polite.textContent).to.match(/less than a minute/i);
      Date.now = () => expiresAt + 10;
      await waitForState(el, 'expired', 3000);
    } finally {
      Date.now = realNow;
    }
    expect(tracks.every((t) => t.readyState === 'ended')).to.equal(true);
    expect(headingText(el)).to.match(/expired/i);
  });

  it('camera denied -> fallback event, file input + QR, the chosen file completes the flow (<= 100 kB JPEG)', async () => {
    const { control, token } = await setup({}, { estimates: [{ age: 40, confidence: 99 }] });
    const gum = navigator.mediaDevices.getUserMedia;
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('', 'NotAllowedError'));
    try {
      const el = await mount(token);
      await waitForState(el, 'consent');
      const fallback = oneEvent(el, 'age-check-camera-fallback');
      findButton(el, /agree/i).click();
      expect((await fallback).detail).to.deep.equal({ reason: 'denied' });
      await waitForState(el, 'fallback');
      const input = shadow(el).querySelector<HTMLInputElement>('input[type="file"]')!;
      expect(input.getAttribute('capture')).to.equal('user');
      const label = shadow(el).querySelector(`label[for="${input.id}"]`);
      expect(label?.textContent?.trim()).to.not.equal('');
      const qr = shadow(el).querySelector('[part="qr"]')!;
      expect(qr.getAttribute('role')).to.equal('img');
      expect(qr.getAttribute('aria-label')).to.match(/QR/);
      // The QR code module loads on demand (its own chunk).
      await waitUntil(() => qr.querySelector('svg path'), 'QR code rendered');
      await expect(el).to.be.accessible();

      // A big noisy PNG "photo" from the file picker.
      const canvas = document.createElement('canvas');
      canvas.width = 2000;
      canvas.height = 1500;
      const ctx = canvas.getContext('2d')!;
      const img = ctx.createImageData(2000, 1500);
      for (let i = 0; i < img.data.length; i++) img.data[i] = (i * 2654435761) >>> 24;
      ctx.putImageData(img, 0, 0);
      const blob = await new Promise<Blob>((res) => canvas.toBlob((b) => res(b!), 'image/png'));
      expect(blob.size).to.be.greaterThan(102_400);
      const dt = new DataTransfer();
      dt.items.add(new File([blob], 'photo.png', { type: 'image/png' }));
      input.files = dt.files;
      const complete = oneEvent(el, 'age-check-complete');
      input.dispatchEvent(new Event('change', { bubbles: true }));
      // A look at the chosen photo first, then "Use this photo".
      await waitForState(el, 'selfie-review');
      findButton(el, /use this photo/i).click();
      expect((await complete).detail.outcome).to.equal('SUCCESS');
      await waitForState(el, 'done');
    } finally {
      navigator.mediaDevices.getUserMedia = gum;
    }
    const images = await uploadedImages(control);
    expect(images).to.have.length(1);
    expect(images[0]!.jpeg).to.equal(true);
    expect(images[0]!.bytes).to.be.at.most(102_400);
  });

  it('"Use a photo file instead" stops the camera; "Try the camera again" restarts it', async () => {
    const { token } = await setup();
    const el = await mount(token);
    await waitForState(el, 'consent');
    findButton(el, /agree/i).click();
    await waitForState(el, 'live');
    const tracks = el.stream!.getTracks();
    findButton(el, /photo file instead/i).click();
    await waitForState(el, 'fallback');
    expect(tracks.every((t) => t.readyState === 'ended')).to.equal(true);
    expect(shadow(el).querySelector('input[type="file"]')).to.not.equal(null);
    await expect(el).to.be.accessible();
    findButton(el, /camera again/i).click();
    await waitForState(el, 'live');
    expect(el.stream!.getTracks().every((t) => t.readyState === 'live')).to.equal(true);
  });

  it('a javascript: redirect is refused: never navigated to, never a link', async () => {
    const bad = ['java', 'script:alert(1)'].join('');
    const { token } = await setup({ success_redirect: bad }, { estimates: [{ age: 35, confidence: 95 }] });
    const el = await mount(token);
    await waitForState(el, 'consent');
    const complete = oneEvent(el, 'age-check-complete');
    await sendSelfie(el);
    expect((await complete).detail).to.deep.equal({ outcome: 'SUCCESS' });
    await aTimeout(3600);
    expect(el.navigated).to.deep.equal([]);
    const links = [...shadow(el).querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '');
    expect(links.some((h) => /script:/i.test(h))).to.equal(false);
    expect(shadow(el).innerHTML).not.to.include(bad);
  });

  it('an https redirect is offered as a "Continue" link and followed only when chosen (WCAG 2.2.1)', async () => {
    // Before issue 25 it was followed after a 3-second notice; age-check-timing.test.ts covers redirect="auto".
    const url = 'https://shop.example/age-ok?ref=1';
    const { token } = await setup({ success_redirect: url }, { estimates: [{ age: 35, confidence: 95 }] });
    const el = await mount(token);
    await waitForState(el, 'consent');
    const complete = oneEvent(el, 'age-check-complete');
    await sendSelfie(el);
    expect((await complete).detail).to.deep.equal({ outcome: 'SUCCESS', redirectUrl: url });
    const link = shadow(el).querySelector<HTMLAnchorElement>('[part="redirect-link"]')!;
    expect(link.getAttribute('href')).to.equal(url);
    expect(link.textContent).to.match(/^\s*continue\s*$/i);
    await expect(el).to.be.accessible();
    await aTimeout(3600);
    expect(el.navigated).to.deep.equal([]);
  });

  it('redirect="none" never navigates but reports the redirect in the event', async () => {
    const url = 'https://shop.example/age-ok';
    const { token } = await setup({ success_redirect: url }, { estimates: [{ age: 35, confidence: 95 }] });
    const el = await mount(token, { redirect: 'none' });
    await waitForState(el, 'consent');
    const complete = oneEvent(el, 'age-check-complete');
    await sendSelfie(el);
    expect((await complete).detail).to.deep.equal({ outcome: 'SUCCESS', redirectUrl: url });
    await aTimeout(3500);
    expect(el.navigated).to.deep.equal([]);
  });

  it('removing the element stops the camera tracks', async () => {
    const { token } = await setup();
    const el = await mount(token);
    await waitForState(el, 'consent');
    findButton(el, /agree/i).click();
    await waitForState(el, 'live');
    const tracks = el.stream!.getTracks();
    expect(tracks.length).to.be.greaterThan(0);
    expect(tracks.every((t) => t.readyState === 'live')).to.equal(true);
    el.remove();
    expect(tracks.every((t) => t.readyState === 'ended')).to.equal(true);
    expect(el.stream).to.equal(null);
  });

  it('hiding the page stops the camera; showing it again resumes', async () => {
    const { token } = await setup();
    const el = await mount(token);
    await waitForState(el, 'consent');
    findButton(el, /agree/i).click();
    await waitForState(el, 'live');
    const tracks = el.stream!.getTracks();
    const desc = Object.getOwnPropertyDescriptor(Document.prototype, 'visibilityState')!;
    let visibility: DocumentVisibilityState = 'hidden';
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
    try {
      document.dispatchEvent(new Event('visibilitychange'));
      await waitForState(el, 'paused');
      expect(tracks.every((t) => t.readyState === 'ended')).to.equal(true);
      expect(hasButton(el, /resume/i)).to.equal(true);
      visibility = 'visible';
      document.dispatchEvent(new Event('visibilitychange'));
      await waitForState(el, 'live');
      expect(el.stream!.getTracks().every((t) => t.readyState === 'live')).to.equal(true);
    } finally {
      delete (document as { visibilityState?: unknown }).visibilityState;
      Object.defineProperty(Document.prototype, 'visibilityState', desc);
    }
  });

  it('completes with the keyboard only (Tab to each control, Enter / Space to activate)', async () => {
    const { token } = await setup({}, { estimates: ['no-face', { age: 35, confidence: 95 }] });
    const el = await mount(token, { redirect: 'none' });
    await waitForState(el, 'consent');
    const focused = () => shadow(el).activeElement as HTMLElement | null;
    async function tabTo(name: RegExp) {
      for (let i = 0; i < 10; i++) {
        await sendKeys({ press: 'Tab' });
        if (focused() && name.test(focused()!.textContent?.trim() ?? '')) return;
      }
      throw new Error(`could not Tab to ${name}`);
    }
    await tabTo(/agree/i);
    await sendKeys({ press: 'Enter' });
    await waitForState(el, 'live');
    await tabTo(/take photo/i);
    await sendKeys({ press: 'Space' });
    await waitForState(el, 'selfie-review');
    await tabTo(/use this photo/i);
    await sendKeys({ press: 'Enter' });
    await waitForState(el, 'retry');
    await tabTo(/try again/i);
    await sendKeys({ press: 'Enter' });
    await waitForState(el, 'live');
    await tabTo(/take photo/i);
    await sendKeys({ press: 'Enter' });
    await waitForState(el, 'selfie-review');
    await tabTo(/use this photo/i);
    await sendKeys({ press: 'Space' });
    await waitForState(el, 'done');
    expect(shadow(el).querySelector('[part="outcome"]')!.getAttribute('data-outcome')).to.equal('SUCCESS');
  });

  it('an invalid token shows the invalid-link error (401)', async () => {
    const el = await mount('not-a-real-token');
    const err = oneEvent(el, 'age-check-error');
    await waitForState(el, 'error');
    expect((await err).detail.status).to.equal(401);
    expect(headingText(el)).to.match(/not valid/i);
    await expect(el).to.be.accessible();
  });

  it('a completed session shows "already completed"', async () => {
    const { token } = await setup({}, { estimates: [{ age: 35, confidence: 95 }] });
    const first = await mount(token, { redirect: 'none' });
    await waitForState(first, 'consent');
    await sendSelfie(first);
    first.remove();
    const el = await mount(token);
    await waitForState(el, 'completed-already');
    expect(headingText(el)).to.match(/already/i);
    await expect(el).to.be.accessible();
  });

  describe('upload failures (no attempt used)', () => {
    /** The selfie bodies the element sends (Chromium itself may repeat a POST on a reset keep-alive socket). */
    async function spySelfies(run: () => Promise<void>): Promise<string[]> {
      const send = XMLHttpRequest.prototype.send;
      const sent: string[] = [];
      XMLHttpRequest.prototype.send = function (
        this: XMLHttpRequest,
        body?: Document | XMLHttpRequestBodyInit | null,
      ) {
        if (typeof body === 'string' && body.includes('"image"')) sent.push(body);
        return send.call(this, body);
      };
      try {
        await run();
      } finally {
        XMLHttpRequest.prototype.send = send;
      }
      return sent;
    }
    const selfiePosts = async (control: SandboxControl) =>
      (await control.listRequests()).filter(
        (r) => r.method === 'POST' && r.path.includes('/session/selfie/'),
      );

    it('a dropped connection re-sends the same image once after checking the session, then offers "Try again"', async () => {
      const { control, token } = await setup({}, { estimates: [{ age: 35, confidence: 95 }] });
      await control.setFaults({ dropRate: 1, paths: 'session/selfie/' });
      const el = await mount(token, { redirect: 'none' });
      await waitForState(el, 'consent');
      const errors = collect(el, ['age-check-error']);
      const sentImages = await spySelfies(() => sendSelfie(el));
      expect(el.state.name).to.equal('error');
      expect(el.state.error?.reason).to.equal('network');
      expect(el.state.session?.attempts_used).to.equal(0);
      expect(sentImages.length).to.equal(2);
      expect(sentImages[0]).to.equal(sentImages[1]);
      expect((await selfiePosts(control)).length).to.be.at.least(2);
      expect((errors[0]?.detail as { kind: string }).kind).to.equal('network');
      expect(shadow(el).querySelector('[role="alert"]')!.textContent).to.match(/no attempt was used/i);
      await expect(el).to.be.accessible();
      await control.setFaults({});
      await sendSelfie(el);
      expect(el.state.name).to.equal('done');
      expect(el.state.session?.outcome).to.equal('SUCCESS');
    });

    it('an answer lost after the service processed the attempt is not re-sent: the session tells the outcome', async () => {
      const { control, token } = await setup({}, { estimates: [{ age: 35, confidence: 95 }] });
      await control.setFaults({ dropRate: 1, paths: 'session/selfie/', afterCommit: true });
      const el = await mount(token, { redirect: 'none' });
      await waitForState(el, 'consent');
      const complete = oneEvent(el, 'age-check-complete');
      const sentImages = await spySelfies(() => sendSelfie(el));
      expect((await complete).detail).to.deep.equal({ outcome: 'SUCCESS' });
      expect(el.state.name).to.equal('done');
      expect(sentImages.length).to.equal(1);
      expect((await selfiePosts(control)).length).to.be.at.least(1);
    });

    it('a 503 on upload is not re-sent automatically and uses no attempt', async () => {
      const { control, token } = await setup();
      await control.setFaults({ failRate: 1, paths: 'session/selfie/' });
      const el = await mount(token);
      await waitForState(el, 'consent');
      await sendSelfie(el);
      expect(el.state.name).to.equal('error');
      expect(el.state.error?.reason).to.equal('server');
      expect(hasButton(el, /try again/i)).to.equal(true);
      expect((await selfiePosts(control)).length).to.equal(1);
      await control.setFaults({});
      await control.clearRequests();
    });
  });

  it('auto-capture takes the photo after a countdown', async () => {
    const { token } = await setup({}, { estimates: [{ age: 35, confidence: 95 }] });
    const el = await mount(token, { autoCapture: true, redirect: 'none' });
    await waitForState(el, 'consent');
    findButton(el, /agree/i).click();
    await waitForState(el, 'live');
    await waitUntil(() => /taking the photo in/i.test(shadow(el).textContent ?? ''), 'countdown text', {
      timeout: 3000,
    });
    // The countdown, then the camera's first frame (seconds with WebKitGTK's mock camera), then a look at
    // the photo (taken by itself, it is still sent only when the user chooses it), then the upload.
    await waitForState(el, 'selfie-review', 15000);
    findButton(el, /use this photo/i).click();
    await waitForState(el, 'done');
  });
});

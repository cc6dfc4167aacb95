/**
 * `<age-check>`'s second chances (issue 24), against the sandbox over HTTP with Chromium's fake camera: a
 * look at each photo before it is sent (only the photo chosen with "Use this photo" is sent, counted on the
 * sandbox); the file fallback through the upload component, where a wrong file is explained and offered
 * again; the underage and locked screens offer the partner's next step (`exit-url`, `exit-label`) and fire
 * `age-check-exit`, and the locked screen does not say "Ask for a new link".
 */
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import type { SandboxControl } from '../../src/sandbox/control-client.ts';
import {
  AgeCheckProbe,
  ageSession,
  findButton,
  headingText,
  shadow,
  waitForState,
  sendSelfie,
  mountWithExit,
  exitPrevented,
} from './age-helpers.ts';

const mount = mountWithExit;

const selfiePosts = async (control: SandboxControl) =>
  (await control.listRequests()).filter((r) => r.method === 'POST' && /\/session\/selfie/.test(r.path));

async function base64Of(url: string): Promise<string> {
  const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

/** The sandbox's log of a sent image: its first 512 characters and its length (`head…(N chars)`). */
function logged(body: unknown): { head: string; chars: number } {
  const v = (body as { image: string }).image;
  const m = /^([A-Za-z0-9+/=]*)…\((\d+) chars\)$/.exec(v);
  return m ? { head: m[1]!, chars: Number(m[2]) } : { head: v, chars: v.length };
}

const preview = (el: AgeCheckProbe) => shadow(el).querySelector<HTMLImageElement>('[part~="photo-preview"]');
const text = (el: AgeCheckProbe) => (shadow(el).textContent ?? '').replace(/\s+/g, ' ');

/** A real PNG photo of `w` x `h` pixels (noise, so it does not compress to nothing). */
async function photoFile(name: string, w = 320, h = 400): Promise<File> {
  const c = document.createElement('canvas');
  c.width = w;
  c.height = h;
  const ctx = c.getContext('2d')!;
  ctx.fillStyle = '#c98';
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = '#333';
  ctx.beginPath();
  ctx.arc(w / 2, h / 2, w / 4, 0, Math.PI * 2);
  ctx.fill();
  const blob = await new Promise<Blob>((r) => c.toBlob((b) => r(b!), 'image/png'));
  return new File([blob], name, { type: 'image/png' });
}

function choose(el: AgeCheckProbe, file: File) {
  const input = shadow(el).querySelector<HTMLInputElement>('#file')!;
  const dt = new DataTransfer();
  dt.items.add(file);
  input.files = dt.files;
  input.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
}
const fileError = (el: AgeCheckProbe) =>
  (shadow(el).querySelector('#file-err')?.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('<age-check> second chances', function () {
  this.timeout(60000);

  it('a preview after the selfie: Retake sends nothing, "Use this photo" sends only the chosen photo', async () => {
    const { token, control } = await ageSession({}, { estimates: [{ age: 35, confidence: 95 }] });
    const el = await mount(token);
    await waitForState(el, 'consent');
    await control.clearRequests();
    findButton(el, /agree/i).click();
    await waitForState(el, 'live');
    findButton(el, /take photo/i).click();
    await waitForState(el, 'selfie-review');
    expect(headingText(el)).to.equal('Check your photo');
    const first = preview(el)!;
    expect(first.src).to.match(/^blob:/);
    expect(first.alt).to.equal('The photo you took');
    await waitUntil(() => first.complete && first.naturalWidth > 0, 'the preview shows');
    await expect(el).to.be.accessible();
    expect(await selfiePosts(control)).to.have.length(0);

    findButton(el, /^retake$/i).click();
    await waitForState(el, 'live');
    expect(await selfiePosts(control)).to.have.length(0);
    // Some frames later (the fake camera's picture moves), the second photo.
    await new Promise((r) => setTimeout(r, 300));
    findButton(el, /take photo/i).click();
    await waitForState(el, 'selfie-review');
    const chosen = await base64Of(preview(el)!.src);
    findButton(el, /use this photo/i).click();
    await waitForState(el, 'done');
    expect(shadow(el).querySelector('[part="outcome"]')!.getAttribute('data-outcome')).to.equal('SUCCESS');

    const posts = await selfiePosts(control);
    expect(posts, 'one photo sent').to.have.length(1);
    const sent = logged(posts[0]!.body);
    expect(sent.chars).to.equal(chosen.length);
    expect(chosen.startsWith(sent.head)).to.equal(true);
    expect(el.state.session?.attempts_used).to.equal(1);
  });

  it('a preview after the ID photo too: Retake sends nothing, only the side chosen is sent', async () => {
    const { token, control } = await ageSession(
      { min_age: 18, buffer: 3, escalation: 'DOC' },
      { estimates: [{ age: 19, confidence: 95 }], documentAge: 30 },
    );
    const el = await mount(token);
    await sendSelfie(el, 'step-up');
    await control.clearRequests();
    findButton(el, /id document/i).click();
    await waitForState(el, 'document-live');
    findButton(el, /take photo/i).click();
    await waitForState(el, 'document-review');
    expect(preview(el)!.src).to.match(/^blob:/);
    await expect(el).to.be.accessible();
    findButton(el, /retake the front side/i).click();
    await waitForState(el, 'document-live');
    findButton(el, /take photo/i).click();
    await waitForState(el, 'document-review');
    const chosen = await base64Of(preview(el)!.src);
    findButton(el, /^use this photo$/i).click();
    await waitForState(el, 'done');
    const posts = (await control.listRequests()).filter(
      (r) => r.method === 'POST' && /\/session\/document/.test(r.path),
    );
    expect(posts).to.have.length(1);
    const front = (posts[0]!.body as { front: string }).front;
    const m = /^([A-Za-z0-9+/=]*)…\((\d+) chars\)$/.exec(front);
    expect(m ? Number(m[2]) : front.length).to.equal(chosen.length);
    expect(chosen.startsWith(m ? m[1]! : front)).to.equal(true);
  });

  it('the file fallback: types and size stated; a wrong file is explained and offered again, not the camera', async () => {
    const { token, control } = await ageSession({}, { estimates: [{ age: 35, confidence: 95 }] });
    const el = await mount(token);
    const errors: unknown[] = [];
    el.addEventListener('age-check-error', (e) => errors.push(e.detail));
    await waitForState(el, 'consent');
    findButton(el, /agree/i).click();
    await waitForState(el, 'live');
    findButton(el, /use a photo file instead/i).click();
    await waitForState(el, 'fallback');
    await control.clearRequests();
    const input = shadow(el).querySelector<HTMLInputElement>('#file')!;
    expect(input.closest('[part~="upload-dropzone"]')).to.not.equal(null);
    expect(input.accept).to.contain('image/jpeg');
    expect(shadow(el).querySelector('#file-hint')!.textContent!.trim()).to.equal(
      'JPG, PNG, WebP, or HEIC, up to 20 MB',
    );
    expect(input.getAttribute('aria-describedby')!.split(' ')).to.include('file-hint');

    // A text file: explained on the file choice, which stays (no camera, no "Something went wrong").
    choose(el, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await el.updateComplete;
    expect(el.state.name).to.equal('fallback');
    expect(fileError(el)).to.equal('This file is not a photo. Choose a JPG, PNG, WebP or HEIC image.');
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(text(el)).to.not.contain('Something went wrong');
    await expect(el).to.be.accessible();

    // Too big: the size with one decimal beside the limit.
    choose(el, new File([new Uint8Array(20.5 * 1024 * 1024)], 'huge.jpg', { type: 'image/jpeg' }));
    await el.updateComplete;
    expect(fileError(el)).to.equal('This file is 20.5 MB; the limit is 20 MB.');

    // A ".jpg" that is not an image: read, refused, offered again.
    choose(el, new File(['not a jpeg'], 'broken.jpg', { type: 'image/jpeg' }));
    await waitUntil(
      () => fileError(el) === 'The photo could not be read. Try again with another photo.',
      'unreadable',
    );
    expect(el.state.name).to.equal('fallback');
    expect(errors.map((d) => (d as { kind: string }).kind)).to.deep.equal(['image']);
    expect(await selfiePosts(control)).to.have.length(0);

    // A good photo: the error goes, the photo is shown, and sent once chosen.
    choose(el, await photoFile('me.png'));
    await waitForState(el, 'selfie-review');
    expect(preview(el)).to.not.equal(null);
    findButton(el, /use this photo/i).click();
    await waitForState(el, ['done', 'retry', 'step-up']);
    expect(await selfiePosts(control)).to.have.length(1);
  });

  it("underage: the partner's next step (exit-url) fires age-check-exit, with no image and no token", async () => {
    const { token } = await ageSession(
      { min_age: 18, buffer: 2 },
      { estimates: [{ age: 12, confidence: 95 }] },
    );
    const el = await mount(token, { exitUrl: '/shop?from=age', exitLabel: 'Back to the shop' });
    await sendSelfie(el, 'done');
    await exitPrevented(el, token, 'UNDERAGE');
  });

  it('locked: no "Ask for a new link"; exit-label alone is a button that fires age-check-exit', async () => {
    const { token } = await ageSession({ retry_limit: 1 }, { estimates: ['no-face'] });
    const el = await mount(token, { exitLabel: 'Return to checkout' });
    await sendSelfie(el, 'locked');
    expect(text(el)).to.contain('All attempts were used, so this age check is locked');
    expect(text(el)).to.not.contain('Ask for a new link');
    await expect(el).to.be.accessible();
    const exit = oneEvent(el, 'age-check-exit');
    findButton(el, /return to checkout/i).click();
    expect((await exit).detail).to.deep.equal({ outcome: 'ATTEMPTS_EXCEEDED' });
  });

  it('locked without a next step set: says who can help, offers no dead link', async () => {
    const { token } = await ageSession({ retry_limit: 1 }, { estimates: ['no-face'] });
    const el = await mount(token);
    await sendSelfie(el, 'locked');
    expect(text(el)).to.contain('The site that asked for this check can tell you what to do next.');
    expect(shadow(el).querySelector('[part~="exit"]')).to.equal(null);
  });
});

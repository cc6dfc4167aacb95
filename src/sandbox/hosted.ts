/**
 * The sandbox's hosted capture page: what the real service serves at the token answer's `session_url`,
 * simulated. `GET ${basePath}/age-estimation/hosted/?token=…` answers an HTML page with an external
 * script and stylesheet (no inline script or style: it runs under a strict CSP) that runs the capture
 * against the sandbox's own capture API (`GET /age-estimation/session/`, `POST …/selfie/`, `…/document/`)
 * with the token, camera first and a photo file otherwise, and at the end navigates to the session's
 * redirect URL (the partner's return page) with `?outcome=…`. Without a redirect it shows the outcome.
 *
 * Its text is English only: it stands in for the provider's page, it is not part of the elements.
 */
import type { Ctx, RouteDef } from './context.ts';

/** Path of the hosted page, relative to the base path (`session_url` points here). */
export const HOSTED_PATH = '/age-estimation/hosted/';

/** The `session_url` of a token: the hosted page with the token in its query string. */
export const hostedSessionUrl = (ctx: Ctx, token: string): string =>
  `${ctx.origin}${ctx.opts.basePath}${HOSTED_PATH}?token=${encodeURIComponent(token)}`;

const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob: mediastream:",
  "base-uri 'none'",
  "form-action 'none'",
  // The partner embeds it (the element's hosted mode), so any page may frame it.
  'frame-ancestors *',
].join('; ');

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const page = (apiBase: string) => `<!doctype html>
<html lang="en" data-api-base="${escapeAttr(apiBase)}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Age check (sandbox)</title>
    <link rel="stylesheet" href="hosted.css" />
    <script type="module" src="hosted.js"></script>
  </head>
  <body>
    <main id="app">
      <h1>Age check</h1>
      <p id="status">Loading…</p>
    </main>
    <p class="badge">Sandbox hosted page</p>
  </body>
</html>
`;

const STYLE = `html { font: 16px/1.5 system-ui, sans-serif; color: #111827; background: #ffffff; }
body { margin: 0; padding: 12px; }
h1 { font-size: 1.25em; margin: 0 0 8px; }
p { margin: 0 0 8px; }
.stage { background: #000000; border-radius: 8px; overflow: hidden; max-width: 320px; aspect-ratio: 3 / 4;
  max-height: calc(100vh - 250px); margin: 0 auto 8px; }
.stage[hidden] { display: none; }
video { width: 100%; height: 100%; object-fit: cover; transform: scaleX(-1); display: block; }
.actions { display: flex; justify-content: center; margin-bottom: 8px; }
button { font: inherit; min-height: 44px; padding: 8px 20px; border-radius: 8px; border: 2px solid #1d4ed8;
  background: #1d4ed8; color: #ffffff; cursor: pointer; }
button:disabled { opacity: 0.6; cursor: progress; }
button:focus-visible, input:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
.file { display: flex; flex-direction: column; gap: 4px; }
label { font-weight: 600; }
.badge { font-size: 0.75em; color: #4b5563; text-align: center; margin-top: 8px; }
`;

/* The page's script. Plain ES2020, DOM only; no innerHTML (text is set as text). */
const SCRIPT = `const api = document.documentElement.dataset.apiBase || '';
const token = new URLSearchParams(location.search).get('token') || '';
const app = document.getElementById('app');
let stream = null;
let step = 'SELFIE';

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (typeof v === 'function') e.addEventListener(k, v);
    else e.setAttribute(k, v);
  }
  e.append(...children);
  return e;
}
const show = (...nodes) => app.replaceChildren(...nodes);
function stopCamera() {
  if (stream) stream.getTracks().forEach((t) => t.stop());
  stream = null;
}
async function call(method, path, body) {
  const headers = { Authorization: 'Bearer ' + token };
  if (body) headers['Content-Type'] = 'application/json';
  const res = await fetch(api + path, { method, headers, body: body ? JSON.stringify(body) : undefined });
  return { status: res.status, data: await res.json().catch(() => null) };
}
function fail(text) {
  stopCamera();
  show(el('h1', {}, 'Age check'), el('p', { id: 'status', role: 'alert' }, text));
}
function finish(s) {
  stopCamera();
  const outcome = (s && s.outcome) || '';
  let url = null;
  try {
    url = s && s.redirect_url ? new URL(s.redirect_url) : null;
  } catch {
    url = null;
  }
  if (url && (url.protocol === 'https:' || url.protocol === 'http:')) {
    if (outcome) url.searchParams.set('outcome', outcome);
    show(el('h1', {}, 'Age check finished'), el('p', { id: 'status' }, 'Returning…'));
    location.assign(url.href);
    return;
  }
  show(
    el('h1', {}, 'Age check finished'),
    el('p', { id: 'status', 'data-outcome': outcome }, 'Outcome: ' + (outcome || 'unknown') + '. You can close this page.'),
  );
}
async function load() {
  const r = await call('GET', '/age-estimation/session/').catch(() => ({ status: 0, data: null }));
  if (r.status !== 200 || !r.data) {
    fail(r.status === 401 ? 'This link is not valid.' : 'The age check could not be loaded.');
    return;
  }
  const s = r.data;
  if (s.status === 'EXPIRED') fail('This link has expired.');
  else if (s.step === 'DONE' || s.status === 'COMPLETED' || s.status === 'FAILED') finish(s);
  else capture(s);
}
async function capture(s, note) {
  step = s.step;
  const doc = step === 'DOCUMENT';
  const video = el('video', { autoplay: '', playsinline: '', 'aria-label': 'Camera preview' });
  video.muted = true;
  const stage = el('div', { class: 'stage' }, video);
  const status = el('p', { id: 'status', role: 'status' },
    note || (doc ? 'Photograph the front of your ID document.' : 'Look at the camera and take a selfie.'));
  const take = el('button', { type: 'button', id: 'take-photo', disabled: '', click: () => snap(video) }, 'Take photo');
  const file = el('input', { type: 'file', id: 'file', accept: 'image/*', change: (e) => pick(e.target) });
  show(
    el('h1', {}, doc ? 'Photograph your ID document' : 'Take a selfie'),
    status,
    stage,
    el('div', { class: 'actions' }, take),
    el('div', { class: 'file' }, el('label', { for: 'file' }, 'Or choose a photo'), file),
  );
  stopCamera();
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      video: { facingMode: doc ? 'environment' : 'user' },
      audio: false,
    });
    video.srcObject = stream;
    await video.play().catch(() => undefined);
    take.disabled = false;
  } catch {
    stage.hidden = true;
    take.hidden = true;
    status.textContent = 'The camera cannot be used here. Choose a photo instead.';
  }
}
function jpeg(source, w, h) {
  const k = Math.min(1, 640 / Math.max(w, h));
  const c = document.createElement('canvas');
  c.width = Math.max(1, Math.round(w * k));
  c.height = Math.max(1, Math.round(h * k));
  c.getContext('2d').drawImage(source, 0, 0, c.width, c.height);
  const url = c.toDataURL('image/jpeg', 0.8);
  return url.slice(url.indexOf(',') + 1);
}
async function snap(video) {
  if (!video.videoWidth) return;
  const image = jpeg(video, video.videoWidth, video.videoHeight);
  stopCamera();
  await submit(image);
}
async function pick(input) {
  const f = input.files && input.files[0];
  if (!f) return;
  let image;
  try {
    const bmp = await createImageBitmap(f);
    image = jpeg(bmp, bmp.width, bmp.height);
    bmp.close();
  } catch {
    document.getElementById('status').textContent = 'That file could not be read. Choose another photo.';
    return;
  }
  stopCamera();
  await submit(image);
}
async function submit(image) {
  show(el('h1', {}, 'Checking'), el('p', { id: 'status', role: 'status' }, 'Checking the photo…'));
  const r = await (step === 'DOCUMENT'
    ? call('POST', '/age-estimation/session/document/', { front: image })
    : call('POST', '/age-estimation/session/selfie/', { image })
  ).catch(() => ({ status: 0, data: null }));
  const s = r.data;
  if (r.status === 200 && s && s.attempt) {
    if (s.attempt.result === 'DECIDED' || s.step === 'DONE') finish(s);
    else if (s.attempt.result === 'STEP_UP') capture(s, 'We need a photo of your ID document to confirm your age.');
    else capture(s, 'Let us try again: make sure your face is well lit. Attempts left: ' +
      Math.max(0, s.retry_limit - s.attempts_used) + '.');
  } else if (r.status === 409 || r.status === 410 || r.status === 423) {
    load();
  } else {
    fail('The photo could not be sent. Reload the page to try again.');
  }
}
load();
`;

const asset = (body: string, type: string) =>
  new Response(body, {
    status: 200,
    headers: {
      'Content-Type': type,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': CSP,
    },
  });

export const hostedRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: HOSTED_PATH,
    auth: 'none',
    handler: (ctx) => asset(page(ctx.opts.basePath), 'text/html; charset=utf-8'),
  },
  {
    method: 'GET',
    path: `${HOSTED_PATH}hosted.js`,
    auth: 'none',
    handler: () => asset(SCRIPT, 'text/javascript; charset=utf-8'),
  },
  {
    method: 'GET',
    path: `${HOSTED_PATH}hosted.css`,
    auth: 'none',
    handler: () => asset(STYLE, 'text/css; charset=utf-8'),
  },
];

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AttemptResponse, CaptureSession } from '../../src/api/age.ts';
import {
  applyHttpError,
  attemptsLeft,
  initialState,
  outcomeOf,
  resultFromSession,
  safeRedirect,
  stateForSession,
  transition,
  type MachineEvent,
  type MachineState,
  type StateName,
} from '../../src/age-check/machine.ts';
import {
  centreCrop,
  encodeWithinLimit,
  longSideSteps,
  MAX_IMAGE_BYTES,
  QUALITY_STEPS,
  scaledSize,
} from '../../src/age-check/capture.ts';
import { qrMatrix, qrPath } from '../../src/age-check/qr.ts';
import { classifyCameraError, cameraUnavailable } from '../../src/age-check/camera.ts';

const session = (o: Partial<CaptureSession> = {}): CaptureSession => ({
  status: 'PENDING',
  step: 'SELFIE',
  outcome: null,
  min_age: 18,
  escalation: 'DOC',
  retry_limit: 3,
  attempts_used: 0,
  expires_at: '2030-01-01T00:00:00Z',
  redirect_url: null,
  ...o,
});
const attempt = (
  result: AttemptResponse['attempt']['result'],
  o: Partial<CaptureSession> = {},
): AttemptResponse => ({
  ...session(o),
  attempt: { result },
});
const at = (name: StateName, o: Partial<MachineState> = {}): MachineState => ({
  ...initialState,
  session: session(),
  name,
  ...o,
});
const run = (state: MachineState, ...events: MachineEvent[]) => events.reduce(transition, state);

describe('age machine: loading a session', () => {
  const cases: [string, Partial<CaptureSession>, StateName][] = [
    ['pending selfie -> consent', {}, 'consent'],
    ['processing selfie -> consent', { status: 'PROCESSING' }, 'consent'],
    ['document step -> step-up', { step: 'DOCUMENT' }, 'step-up'],
    ['expired -> expired', { status: 'EXPIRED' }, 'expired'],
    [
      'locked -> locked',
      { status: 'FAILED', step: 'DONE', outcome: 'ATTEMPTS_EXCEEDED', attempts_used: 3 },
      'locked',
    ],
    [
      'completed SUCCESS -> completed-already',
      { status: 'COMPLETED', step: 'DONE', outcome: 'SUCCESS' },
      'completed-already',
    ],
    [
      'completed UNDERAGE -> completed-already',
      { status: 'COMPLETED', step: 'DONE', outcome: 'UNDERAGE' },
      'completed-already',
    ],
    [
      'completed UNCERTAIN -> completed-already',
      { status: 'COMPLETED', step: 'DONE', outcome: 'UNCERTAIN' },
      'completed-already',
    ],
  ];
  for (const [title, s, expected] of cases) {
    it(title, () => {
      const next = transition(initialState, { type: 'SESSION_LOADED', session: session(s) });
      assert.equal(next.name, expected);
      assert.deepEqual(next.session, session(s));
    });
  }
  it('the document step targets the document', () => {
    assert.equal(
      transition(initialState, { type: 'SESSION_LOADED', session: session({ step: 'DOCUMENT' }) }).target,
      'document',
    );
  });
  it('a reload mid-flow (session known) resumes at retry, not consent', () => {
    const next = stateForSession(at('loading'), session({ attempts_used: 1 }), false);
    assert.equal(next.name, 'retry');
  });
  it('SESSION_LOADED is ignored outside loading and uploading', () => {
    const s = at('live');
    assert.equal(transition(s, { type: 'SESSION_LOADED', session: session() }), s);
  });
});

describe('age machine: camera', () => {
  it('consent -> camera-starting -> live', () => {
    const s = run(at('consent'), { type: 'CONSENT' });
    assert.equal(s.name, 'camera-starting');
    assert.equal(s.target, 'selfie');
    assert.equal(transition(s, { type: 'CAMERA_READY' }).name, 'live');
  });
  for (const reason of ['denied', 'no-camera', 'busy', 'insecure', 'unsupported'] as const) {
    it(`camera failure ${reason} -> fallback, remembered for the next capture`, () => {
      const s = run(at('camera-starting'), { type: 'CAMERA_FAILED', reason });
      assert.equal(s.name, 'fallback');
      assert.equal(s.cameraFailure, reason);
      // Later captures skip the camera.
      const retry = run({ ...s, name: 'retry' }, { type: 'RETRY' });
      assert.equal(retry.name, 'fallback');
    });
  }
  it('document camera -> document-live', () => {
    const s = run(
      at('step-up', { target: 'document' }),
      { type: 'START_DOCUMENT' },
      { type: 'CAMERA_READY' },
    );
    assert.equal(s.name, 'document-live');
    assert.equal(s.side, 'front');
  });
  it('page hidden while live -> paused, visible -> camera-starting again', () => {
    const hidden = transition(at('live'), { type: 'PAGE_HIDDEN' });
    assert.equal(hidden.name, 'paused');
    assert.equal(transition(hidden, { type: 'PAGE_VISIBLE' }).name, 'camera-starting');
    assert.equal(transition(hidden, { type: 'RESUME' }).name, 'camera-starting');
  });
  it('page hidden while uploading or on consent changes nothing', () => {
    for (const name of ['uploading', 'consent', 'done'] as const) {
      const s = at(name);
      assert.equal(transition(s, { type: 'PAGE_HIDDEN' }), s);
    }
  });
  it('fallback -> try the camera again forgets the failure', () => {
    const s = transition(at('fallback', { cameraFailure: 'busy' }), { type: 'CAMERA_RETRY' });
    assert.equal(s.name, 'camera-starting');
    assert.equal(s.cameraFailure, null);
  });
  it('live -> use a photo file instead -> fallback without a camera failure', () => {
    for (const name of ['live', 'document-live', 'camera-starting'] as const) {
      const s = transition(at(name), { type: 'USE_FILE' });
      assert.equal(s.name, 'fallback');
      assert.equal(s.cameraFailure, null);
    }
    const s = at('consent');
    assert.equal(transition(s, { type: 'USE_FILE' }), s);
  });
  it('CAMERA_READY outside camera-starting is ignored', () => {
    const s = at('paused');
    assert.equal(transition(s, { type: 'CAMERA_READY' }), s);
  });
});

describe('age machine: capture and attempts (decision rules)', () => {
  const uploading = () => run(at('live'), { type: 'CAPTURE' }, { type: 'CAPTURED' }, { type: 'USE_PHOTO' });
  it('live -> capturing -> selfie-review: nothing is sent before "Use this photo"; Retake captures again', () => {
    const review = run(at('live'), { type: 'CAPTURE' }, { type: 'CAPTURED' });
    assert.equal(review.name, 'selfie-review');
    assert.equal(transition(review, { type: 'RETAKE' }).name, 'camera-starting');
    assert.equal(transition({ ...review, cameraFailure: 'denied' }, { type: 'RETAKE' }).name, 'fallback');
    assert.equal(transition(review, { type: 'UPLOAD_PROGRESS', fraction: 0.5 }), review);
  });
  it('a file that cannot be read goes back to the file choice (no error screen, no camera)', () => {
    const s = run(at('fallback'), { type: 'CAPTURE' }, { type: 'FILE_UNREADABLE' });
    assert.equal(s.name, 'fallback');
    assert.equal(s.error, null);
  });
  it('live -> capturing -> review -> uploading with progress', () => {
    const s = uploading();
    assert.equal(s.name, 'uploading');
    assert.equal(transition(s, { type: 'UPLOAD_PROGRESS', fraction: 0.5 }).progress, 0.5);
    assert.equal(transition(s, { type: 'UPLOAD_PROGRESS', fraction: 7 }).progress, 1);
  });
  it('DECIDED SUCCESS -> done', () => {
    const s = transition(uploading(), {
      type: 'ATTEMPT_RESULT',
      response: attempt('DECIDED', {
        status: 'COMPLETED',
        step: 'DONE',
        outcome: 'SUCCESS',
        attempts_used: 1,
      }),
    });
    assert.equal(s.name, 'done');
    assert.equal(outcomeOf(s), 'SUCCESS');
  });
  it('DECIDED UNDERAGE -> done', () => {
    const s = transition(uploading(), {
      type: 'ATTEMPT_RESULT',
      response: attempt('DECIDED', {
        status: 'COMPLETED',
        step: 'DONE',
        outcome: 'UNDERAGE',
        attempts_used: 1,
      }),
    });
    assert.equal(s.name, 'done');
    assert.equal(outcomeOf(s), 'UNDERAGE');
  });
  it('uncertain with escalation NONE -> DECIDED UNCERTAIN -> done', () => {
    const s = transition(uploading(), {
      type: 'ATTEMPT_RESULT',
      response: attempt('DECIDED', {
        status: 'COMPLETED',
        step: 'DONE',
        outcome: 'UNCERTAIN',
        escalation: 'NONE',
        attempts_used: 1,
      }),
    });
    assert.equal(s.name, 'done');
    assert.equal(outcomeOf(s), 'UNCERTAIN');
  });
  it('uncertain with escalation DOC -> STEP_UP -> step-up (document)', () => {
    const s = transition(uploading(), {
      type: 'ATTEMPT_RESULT',
      response: attempt('STEP_UP', { step: 'DOCUMENT', attempts_used: 1 }),
    });
    assert.equal(s.name, 'step-up');
    assert.equal(s.target, 'document');
  });
  it('RETRY with attempts left -> retry, attempts left counted', () => {
    const s = transition(uploading(), {
      type: 'ATTEMPT_RESULT',
      response: attempt('RETRY', { attempts_used: 1 }),
    });
    assert.equal(s.name, 'retry');
    assert.equal(attemptsLeft(s.session), 2);
    assert.equal(transition(s, { type: 'RETRY' }).name, 'camera-starting');
  });
  it('RETRY on the last attempt with the session locked -> locked (ATTEMPTS_EXCEEDED)', () => {
    const s = transition(uploading(), {
      type: 'ATTEMPT_RESULT',
      response: attempt('RETRY', {
        status: 'FAILED',
        step: 'DONE',
        outcome: 'ATTEMPTS_EXCEEDED',
        attempts_used: 3,
      }),
    });
    assert.equal(s.name, 'locked');
    assert.equal(outcomeOf(s), 'ATTEMPTS_EXCEEDED');
  });
  it('RETRY with no attempts left (even if the status lags) -> locked', () => {
    const s = transition(uploading(), {
      type: 'ATTEMPT_RESULT',
      response: attempt('RETRY', { attempts_used: 3 }),
    });
    assert.equal(s.name, 'locked');
  });
  it('DECIDED with ATTEMPTS_EXCEEDED -> locked', () => {
    const s = transition(uploading(), {
      type: 'ATTEMPT_RESULT',
      response: attempt('DECIDED', {
        status: 'FAILED',
        step: 'DONE',
        outcome: 'ATTEMPTS_EXCEEDED',
        attempts_used: 3,
      }),
    });
    assert.equal(s.name, 'locked');
  });
  it('ATTEMPT_RESULT outside uploading is ignored', () => {
    const s = at('live');
    assert.equal(transition(s, { type: 'ATTEMPT_RESULT', response: attempt('DECIDED') }), s);
  });
  it('CAPTURE_FAILED -> error(image) that recovers by capturing again', () => {
    const s = run(at('live'), { type: 'CAPTURE' }, { type: 'CAPTURE_FAILED' });
    assert.equal(s.name, 'error');
    assert.deepEqual(s.error, { reason: 'image', recovery: 'capture', status: 0, code: null });
    assert.equal(transition(s, { type: 'RETRY' }).name, 'camera-starting');
  });
});

describe('age machine: document step-up', () => {
  const docLive = () =>
    run(
      at('step-up', { target: 'document', session: session({ step: 'DOCUMENT' }) }),
      { type: 'START_DOCUMENT' },
      { type: 'CAMERA_READY' },
    );
  it('front -> review -> send -> uploading', () => {
    const review = run(docLive(), { type: 'CAPTURE' }, { type: 'CAPTURED' });
    assert.equal(review.name, 'document-review');
    assert.equal(transition(review, { type: 'SUBMIT_DOCUMENT' }).name, 'uploading');
  });
  it('front -> add back -> camera for the back side -> review', () => {
    const review = run(docLive(), { type: 'CAPTURE' }, { type: 'CAPTURED' });
    const back = transition(review, { type: 'ADD_BACK' });
    assert.equal(back.name, 'camera-starting');
    assert.equal(back.side, 'back');
    const review2 = run(back, { type: 'CAMERA_READY' }, { type: 'CAPTURE' }, { type: 'CAPTURED' });
    assert.equal(review2.name, 'document-review');
    assert.equal(review2.side, 'back');
    // No third side.
    assert.equal(transition(review2, { type: 'ADD_BACK' }), review2);
  });
  it('retake keeps the side', () => {
    const review = run(docLive(), { type: 'CAPTURE' }, { type: 'CAPTURED' });
    const again = transition(review, { type: 'RETAKE' });
    assert.equal(again.name, 'camera-starting');
    assert.equal(again.side, 'front');
  });
  it('document DECIDED SUCCESS -> done; unreadable document RETRY -> retry on the document', () => {
    const up = run(docLive(), { type: 'CAPTURE' }, { type: 'CAPTURED' }, { type: 'SUBMIT_DOCUMENT' });
    const done = transition(up, {
      type: 'ATTEMPT_RESULT',
      response: attempt('DECIDED', {
        status: 'COMPLETED',
        step: 'DONE',
        outcome: 'SUCCESS',
        attempts_used: 1,
      }),
    });
    assert.equal(done.name, 'done');
    const retry = transition(up, {
      type: 'ATTEMPT_RESULT',
      response: attempt('RETRY', { step: 'DOCUMENT', attempts_used: 2 }),
    });
    assert.equal(retry.name, 'retry');
    assert.equal(retry.target, 'document');
    assert.equal(transition(retry, { type: 'RETRY' }).target, 'document');
  });
  it('document fallback (no camera) goes to the file input', () => {
    const s = run(at('step-up', { target: 'document', cameraFailure: 'denied' }), { type: 'START_DOCUMENT' });
    assert.equal(s.name, 'fallback');
    assert.equal(s.target, 'document');
  });
});

describe('age machine: HTTP errors', () => {
  const table: [number, string | null, string | undefined, StateName, string | null][] = [
    [401, null, 'http', 'error', 'invalid-link'],
    [409, 'session_completed', 'http', 'completed-already', null],
    [410, 'session_expired', 'http', 'expired', null],
    [423, 'session_locked', 'http', 'locked', null],
  ];
  for (const from of ['loading', 'uploading', 'live'] as const) {
    for (const [status, code, kind, expected, reason] of table) {
      it(`${status} while ${from} -> ${expected}`, () => {
        const s = transition(at(from), { type: 'HTTP_ERROR', status, code, kind });
        assert.equal(s.name, expected);
        assert.equal(s.error?.reason ?? null, reason);
      });
    }
  }
  it('401 offers no recovery', () => {
    assert.equal(transition(at('uploading'), { type: 'HTTP_ERROR', status: 401 }).error?.recovery, null);
  });
  it('network / timeout on upload -> error(network) that uses no attempt and captures again', () => {
    for (const kind of ['network', 'timeout']) {
      const s = applyHttpError(at('uploading', { session: session({ attempts_used: 1 }) }), 0, null, kind);
      assert.equal(s.name, 'error');
      assert.equal(s.error?.reason, 'network');
      assert.equal(s.error?.recovery, 'capture');
      assert.equal(s.session?.attempts_used, 1);
      assert.equal(transition(s, { type: 'RETRY' }).name, 'camera-starting');
    }
  });
  it('5xx and 429 on upload -> error(server), retryable', () => {
    for (const status of [500, 502, 503, 429]) {
      const s = applyHttpError(at('uploading'), status, null, 'http');
      assert.equal(s.error?.reason, 'server');
      assert.equal(s.error?.recovery, 'capture');
    }
  });
  it('400 (wrong step) on upload -> error(unexpected) that reloads the session', () => {
    const s = applyHttpError(at('uploading'), 400, null, 'http');
    assert.equal(s.error?.reason, 'unexpected');
    const reloaded = transition(s, { type: 'RELOAD' });
    assert.equal(reloaded.name, 'loading');
  });
  it('a failed load -> error(load-failed) -> reload', () => {
    const s = transition(initialState, { type: 'HTTP_ERROR', status: 0, kind: 'network' });
    assert.equal(s.error?.reason, 'load-failed');
    assert.equal(transition(s, { type: 'RELOAD' }).name, 'loading');
  });
  it('errors after a final state are ignored', () => {
    const s = at('done');
    assert.equal(transition(s, { type: 'HTTP_ERROR', status: 410 }), s);
  });
});

describe('age machine: expiry and recovery of lost answers', () => {
  for (const name of [
    'consent',
    'live',
    'uploading',
    'retry',
    'step-up',
    'document-live',
    'fallback',
    'paused',
    'error',
  ] as const) {
    it(`EXPIRED while ${name} -> expired`, () => {
      assert.equal(transition(at(name), { type: 'EXPIRED' }).name, 'expired');
    });
  }
  for (const name of ['done', 'locked', 'completed-already'] as const) {
    it(`EXPIRED after ${name} changes nothing`, () => {
      const s = at(name);
      assert.equal(transition(s, { type: 'EXPIRED' }), s);
    });
  }
  it('a session read after a lost answer maps to the attempt it implies', () => {
    assert.equal(resultFromSession(session({ attempts_used: 1 })), 'RETRY');
    assert.equal(resultFromSession(session({ step: 'DOCUMENT' })), 'STEP_UP');
    assert.equal(
      resultFromSession(session({ status: 'COMPLETED', step: 'DONE', outcome: 'SUCCESS' })),
      'DECIDED',
    );
    const s = transition(at('uploading'), {
      type: 'SESSION_LOADED',
      session: session({ status: 'COMPLETED', step: 'DONE', outcome: 'UNDERAGE', attempts_used: 1 }),
    });
    assert.equal(s.name, 'done');
    assert.equal(outcomeOf(s), 'UNDERAGE');
  });
});

describe('redirect safety', () => {
  it('accepts https and http on localhost only', () => {
    assert.equal(safeRedirect('https://shop.example/ok?x=1'), 'https://shop.example/ok?x=1');
    assert.equal(safeRedirect('http://localhost:3000/done'), 'http://localhost:3000/done');
    assert.equal(safeRedirect('http://127.0.0.1/done'), 'http://127.0.0.1/done');
  });
  it('refuses everything else', () => {
    for (const url of [
      ['java', 'script:alert(1)'].join(''),
      ['JAVA', 'SCRIPT:alert(1)'].join(''),
      [' java', 'script:alert(1)'].join(''),
      'data:text/html,<script>alert(1)</script>',
      'http://shop.example/',
      '//shop.example/',
      '/relative',
      'vbscript:x',
      'https://user:pw@shop.example/',
      '',
      null,
      undefined,
    ]) {
      assert.equal(safeRedirect(url), null, String(url));
    }
  });
});

describe('capture helpers', () => {
  it('centre crop is 3:4 and centred', () => {
    assert.deepEqual(centreCrop(1280, 720), { x: 370, y: 0, width: 540, height: 720 });
    assert.deepEqual(centreCrop(480, 1280), { x: 0, y: 320, width: 480, height: 640 });
  });
  it('scales the long side down, never up', () => {
    assert.deepEqual(scaledSize(540, 720, 640), { width: 480, height: 640 });
    assert.deepEqual(scaledSize(300, 200, 640), { width: 300, height: 200 });
  });
  it('long sides go from 640 down to 320', () => {
    const steps = longSideSteps(640);
    assert.equal(steps[0], 640);
    assert.equal(steps.at(-1), 320);
    assert.ok(steps.every((s, i) => i === 0 || s < steps[i - 1]!));
  });
  it('quality goes 0.92 -> 0.4 before downscaling, and the result is within 100 kB', async () => {
    const tried: [number, number][] = [];
    const out = await encodeWithinLimit(640, async (side, q) => {
      tried.push([side, q]);
      // A fake encoder: bytes grow with area and quality.
      return { size: Math.round(side * side * 0.75 * q) };
    });
    assert.ok(out && out.size <= MAX_IMAGE_BYTES);
    assert.deepEqual(
      tried.slice(0, QUALITY_STEPS.length).map(([, q]) => q),
      [...QUALITY_STEPS],
    );
    assert.ok(tried.every(([side]) => side >= 320));
  });
  it('gives up (null) rather than exceed the limit', async () => {
    const out = await encodeWithinLimit(640, async () => ({ size: MAX_IMAGE_BYTES + 1 }));
    assert.equal(out, null);
  });
});

describe('camera helpers and QR', () => {
  it('maps getUserMedia errors to fallback reasons', () => {
    const e = (name: string) => new DOMException('', name);
    assert.equal(classifyCameraError(e('NotAllowedError')), 'denied');
    assert.equal(classifyCameraError(e('NotFoundError')), 'no-camera');
    assert.equal(classifyCameraError(e('OverconstrainedError')), 'no-camera');
    assert.equal(classifyCameraError(e('NotReadableError')), 'busy');
    assert.equal(classifyCameraError(e('AbortError')), 'busy');
  });
  it('insecure context and missing getUserMedia are detected up front', () => {
    assert.equal(cameraUnavailable({ isSecureContext: false, mediaDevices: undefined }), 'insecure');
    assert.equal(cameraUnavailable({ isSecureContext: true, mediaDevices: undefined }), 'unsupported');
  });
  it('QR matrix is square and the path covers every dark module', () => {
    const m = qrMatrix('https://verify.example/age/abc?x=1');
    assert.ok(m.length >= 21);
    assert.ok(m.every((row) => row.length === m.length));
    const dark = m.flat().filter(Boolean).length;
    const path = qrPath(m, 4);
    const covered = [...path.matchAll(/h(\d+)v1/g)].reduce((n, r) => n + Number(r[1]), 0);
    assert.equal(covered, dark);
  });
});

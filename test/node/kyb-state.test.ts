import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError } from '../../src/api/http.ts';
import { Flow } from '../../src/api/kyb.ts';
import {
  canOpen,
  canSubmit,
  errorInfo,
  initialState,
  reduce,
  isStepChecked,
  stepsFor,
  type KybAction,
  type KybState,
} from '../../src/kyb-form/form-reducer.ts';

const run = (actions: KybAction[], s: KybState = initialState()) => actions.reduce(reduce, s);
const flow = (x: object) => Flow.parse(x);

test('stepsFor: flow null has every object step; questionnaires only when present', () => {
  assert.deepEqual(stepsFor(null, 0), ['company', 'beneficiaries', 'documents', 'review']);
  assert.deepEqual(stepsFor(null, 2), ['company', 'beneficiaries', 'documents', 'questionnaires', 'review']);
  assert.deepEqual(stepsFor(flow({}), 0), ['company', 'review']);
  assert.deepEqual(stepsFor(flow({ documents: [{ docType: 'X' }] }), 1), [
    'company',
    'documents',
    'questionnaires',
    'review',
  ]);
  assert.deepEqual(stepsFor(flow({ beneficiaries: [{}] }), 0), ['company', 'beneficiaries', 'review']);
});

test('load phases: start, info, objects; a new load resets and bumps the generation', () => {
  let s = run([{ type: 'load-start' }]);
  assert.equal(s.phase, 'loading');
  assert.equal(s.generation, 1);
  s = run([{ type: 'info-loaded', flow: null, formStatus: 'PENDING' }], s);
  assert.equal(s.phase, 'ready');
  assert.equal(s.current, 'company');
  s = run(
    [
      { type: 'objects-loaded', flow: null, questionnaireCount: 1 },
      { type: 'go', step: 'questionnaires' },
    ],
    s,
  );
  assert.equal(s.current, 'questionnaires');
  assert.equal(s.objectsLoaded, true);
  s = run([{ type: 'load-start' }], s);
  assert.deepEqual({ ...s, generation: 0 }, { ...initialState(), phase: 'loading' });
  assert.equal(s.generation, 2);
});

test('a questionnaire list that failed to load keeps its step (for the error and retry)', () => {
  assert.deepEqual(stepsFor(flow({}), null), ['company', 'questionnaires', 'review']);
  let s = run([
    { type: 'load-start' },
    { type: 'info-loaded', flow: flow({}), formStatus: 'PENDING' },
    { type: 'questionnaires-failed', flow: flow({}) },
  ]);
  assert.deepEqual(s.steps, ['company', 'questionnaires', 'review']);
  assert.equal(s.objectsLoaded, false);
  s = run([{ type: 'go', step: 'questionnaires' }], s);
  assert.equal(s.current, 'questionnaires');
  // the retry loads the list: the step stays while there are questionnaires
  s = run([{ type: 'objects-loaded', flow: flow({}), questionnaireCount: 2 }], s);
  assert.equal(s.current, 'questionnaires');
  assert.deepEqual(s.steps, ['company', 'questionnaires', 'review']);
});

test('next/back stay within the steps; go ignores unknown steps', () => {
  let s = run([{ type: 'load-start' }, { type: 'info-loaded', flow: flow({}), formStatus: null }]);
  assert.deepEqual(s.steps, ['company', 'review']);
  s = run([{ type: 'back' }], s);
  assert.equal(s.current, 'company');
  s = run([{ type: 'next' }, { type: 'next' }], s);
  assert.equal(s.current, 'review');
  s = run([{ type: 'go', step: 'documents' }], s);
  assert.equal(s.current, 'review');
});

test('a submitted form opens read-only on the review; an information request reopens it', () => {
  let s = run([{ type: 'load-start' }, { type: 'info-loaded', flow: null, formStatus: 'PROCESSING' }]);
  assert.equal(s.submit, 'submitted');
  assert.equal(s.current, 'review');
  assert.equal(canSubmit(s), false);
  s = run([{ type: 'form-status', status: 'PENDING' }], s);
  assert.equal(s.submit, 'idle');
  assert.equal(canSubmit(s), true);
});

test('submit lifecycle: in-flight guard, verify, failure and success', () => {
  let s = run([{ type: 'load-start' }, { type: 'info-loaded', flow: null, formStatus: 'PENDING' }]);
  s = run([{ type: 'submit-start' }], s);
  assert.equal(s.submit, 'sending');
  assert.equal(canSubmit(s), false);
  assert.equal(run([{ type: 'submit-start' }], s), s, 'a second start while sending changes nothing');
  s = run([{ type: 'submit-verify' }], s);
  assert.equal(s.submit, 'verifying');
  const error = errorInfo(new ApiError({ kind: 'network', message: 'x' }));
  s = run([{ type: 'submit-failed', error }], s);
  assert.equal(s.submit, 'failed');
  assert.equal(canSubmit(s), true);
  s = run([{ type: 'submit-start' }, { type: 'submit-ok' }], s);
  assert.equal(s.submit, 'submitted');
  assert.equal(s.formStatus, 'PROCESSING');
  assert.equal(s.submitError, null);
});

test('a blocked submit marks the attempt and shows the review', () => {
  const s = run([
    { type: 'load-start' },
    { type: 'info-loaded', flow: null, formStatus: 'PENDING' },
    { type: 'submit-blocked' },
  ]);
  assert.equal(s.submitAttempted, true);
  assert.equal(s.current, 'review');
  assert.equal(s.submit, 'idle');
});

test('server field issues are kept with the failure and cleared on the next start', () => {
  const err = new ApiError({
    kind: 'http',
    status: 400,
    identifier: 'VALIDATION_ERROR',
    message: 'bad',
    fields: { 'company.tin': ['missing'] },
  });
  let s = run([
    { type: 'load-start' },
    { type: 'info-loaded', flow: null, formStatus: 'PENDING' },
    { type: 'submit-start' },
  ]);
  s = run([{ type: 'submit-failed', error: errorInfo(err), serverIssues: err.fields }], s);
  assert.deepEqual(s.serverIssues, { 'company.tin': ['missing'] });
  s = run([{ type: 'submit-start' }], s);
  assert.deepEqual(s.serverIssues, {});
});

test('errorInfo maps causes and retryability', () => {
  const e = (init: ConstructorParameters<typeof ApiError>[0]) => errorInfo(new ApiError(init));
  assert.deepEqual(
    [
      e({ kind: 'network', message: '' }),
      e({ kind: 'timeout', message: '' }),
      e({ kind: 'http', status: 401, identifier: 'TOKEN_NOT_VALID', message: '' }),
      e({ kind: 'http', status: 403, identifier: 'PERMISSIONS_ERROR', message: '' }),
      e({ kind: 'http', status: 500, identifier: 'INTERNAL_ERROR', message: 'boom' }),
      e({ kind: 'http', status: 400, identifier: 'VALIDATION_ERROR', message: '' }),
      e({ kind: 'invalid-response', status: 200, message: '' }),
    ].map((i) => [i.cause, i.retryable]),
    [
      ['network', true],
      ['network', true],
      ['token', false],
      ['submitted', false],
      ['service', true],
      ['service', false],
      ['service', true],
    ],
  );
  assert.equal(e({ kind: 'http', status: 500, message: 'boom' }).message, 'boom');
});

test('Continue checks the step: with problems it stays and the step shows all its errors', () => {
  let s = run([
    { type: 'load-start' },
    { type: 'info-loaded', flow: null, formStatus: null },
    { type: 'steps-known', flow: null, questionnaireCount: 0 },
  ]);
  assert.equal(s.stepsKnown, true);
  assert.equal(isStepChecked(s, 'company'), false);
  s = run([{ type: 'next', ok: false }], s);
  assert.equal(s.current, 'company');
  assert.equal(isStepChecked(s, 'company'), true);
  assert.equal(isStepChecked(s, 'beneficiaries'), false);
  s = run([{ type: 'next', ok: true }], s);
  assert.equal(s.current, 'beneficiaries');
  assert.deepEqual(s.reached, ['company', 'beneficiaries']);
  // A submit attempt shows every step's errors.
  assert.equal(isStepChecked(run([{ type: 'submit-blocked' }], s), 'documents'), true);
});

test('the progress opens earlier and reached steps only; a returning user may open every step', () => {
  let s = run([
    { type: 'load-start' },
    { type: 'info-loaded', flow: null, formStatus: null },
    { type: 'steps-known', flow: null, questionnaireCount: 1 },
  ]);
  assert.equal(canOpen(s, 'documents'), false);
  assert.equal(run([{ type: 'go', step: 'documents' }], s).current, 'company');
  s = run([{ type: 'next' }, { type: 'next' }, { type: 'back' }, { type: 'back' }], s);
  assert.equal(s.current, 'company');
  assert.equal(canOpen(s, 'documents'), true);
  assert.equal(canOpen(s, 'questionnaires'), false);
  assert.equal(run([{ type: 'go', step: 'documents' }], s).current, 'documents');
  const back = run([
    { type: 'load-start' },
    { type: 'info-loaded', flow: null, formStatus: 'PENDING' },
    { type: 'steps-known', flow: null, questionnaireCount: 1 },
  ]);
  assert.equal(back.returning, true);
  assert.equal(canOpen(back, 'review'), true);
});

test('the step list is not known until the questionnaires are (no progress count before)', () => {
  let s = run([{ type: 'load-start' }, { type: 'info-loaded', flow: null, formStatus: null }]);
  assert.equal(s.stepsKnown, false);
  s = run([{ type: 'questionnaires-failed', flow: null }], s);
  assert.equal(s.stepsKnown, true);
  assert.ok(s.steps.includes('questionnaires'));
});

test('session end and renewal (only once the form is shown)', () => {
  assert.equal(run([{ type: 'load-start' }, { type: 'session-ended' }]).sessionEnded, false);
  let s = run([
    { type: 'load-start' },
    { type: 'info-loaded', flow: null, formStatus: null },
    { type: 'session-ended' },
  ]);
  assert.equal(s.sessionEnded, true);
  s = run([{ type: 'session-renewed' }], s);
  assert.equal(s.sessionEnded, false);
});

/**
 * `<age-check>`'s runtime, its pure rules (machine-session.ts): which screen is shown (the focus follows a
 * change of it) and when the expiry clock runs.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CaptureSession } from '../../src/api/age.ts';
import {
  clockWanted,
  initialState,
  screenKey,
  type MachineState,
  type StateName,
} from '../../src/age-check/machine-session.ts';

const session: CaptureSession = {
  status: 'PENDING',
  step: 'SELFIE',
  outcome: null,
  min_age: 18,
  escalation: 'DOC',
  retry_limit: 3,
  attempts_used: 0,
  expires_at: '2030-01-01T00:00:00Z',
  redirect_url: null,
};
const at = (name: StateName, withSession = true): MachineState => ({
  ...initialState,
  session: withSession ? session : null,
  name,
});

test("screenKey: the machine's state, or hosted mode's step (consent until its chunk says more)", () => {
  assert.equal(screenKey(false, undefined, 'live'), 'live');
  assert.equal(screenKey(false, 'frame', 'consent'), 'consent');
  assert.equal(screenKey(true, undefined, 'loading'), 'hosted:consent');
  assert.equal(screenKey(true, 'frame', 'loading'), 'hosted:frame');
});

test('clockWanted: runs while a session runs, stops on an outcome, an error or removal', () => {
  for (const name of ['consent', 'live', 'uploading', 'step-up', 'retry'] as const)
    assert.equal(clockWanted(true, at(name), 0), true, name);
  for (const name of ['done', 'locked', 'expired', 'completed-already', 'error'] as const)
    assert.equal(clockWanted(true, at(name), 0), false, name);
  assert.equal(clockWanted(true, at('loading', false), 0), false, 'no session yet');
  assert.equal(clockWanted(false, at('live'), 0), false, 'removed from the page');
});

test('clockWanted: a redirect notice counting down keeps it running after the outcome', () => {
  assert.equal(clockWanted(true, at('done'), Date.now() + 3000), true);
  assert.equal(clockWanted(false, at('done'), Date.now() + 3000), false);
});

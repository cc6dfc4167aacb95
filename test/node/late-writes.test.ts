/**
 * `LateWrites` (the bookkeeping behind re-sending a value after an unclear write): which failures mark,
 * when the re-send is due, what a flush's early re-send covers, and that nothing is due without a mark.
 * The element-level proof against the sandbox is `test/browser/write-once-late.test.ts`.
 */
import { afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError } from '../../src/api/http.ts';
import { LateWrites } from '../../src/kyb-form/saving/late-writes.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const err = (kind: 'timeout' | 'network' | 'http', status = 0) =>
  new ApiError({ kind, message: kind, status });

describe('LateWrites', () => {
  const settle = LateWrites.settleMs;
  beforeEach(() => {
    LateWrites.settleMs = (t) => t; // the settle delay: one client timeout here
  });
  afterEach(() => {
    LateWrites.settleMs = settle;
  });

  test('a refused or answered failure does not mark; nothing is re-sent without a mark', async () => {
    let resends = 0;
    const late = new LateWrites(
      () => 30,
      () => resends++,
    );
    late.attemptFailed(err('http', 503));
    late.attemptFailed(err('http', 400));
    assert.equal(late.marked, false);
    late.saved();
    late.hurry();
    assert.equal(late.due, false);
    await sleep(60);
    assert.equal(resends, 0);
  });

  test('a timeout marks; the re-send is due after the settle delay and covers the mark', async () => {
    let resends = 0;
    const late = new LateWrites(
      () => 40,
      () => resends++,
    );
    late.attemptFailed(err('timeout'));
    assert.equal(late.marked, true);
    assert.equal(late.due, false, 'not before the settle delay');
    late.saved();
    await sleep(20);
    assert.equal(resends, 0);
    await sleep(40);
    assert.equal(resends, 1, 'the saver is asked to save once the delay ended');
    assert.equal(late.due, true);
    const generation = late.begin();
    late.resent(generation);
    assert.equal(late.marked, false);
    assert.equal(late.due, false);
  });

  test('a flush re-sends at once but covers nothing: the settled re-send still follows', async () => {
    let resends = 0;
    const late = new LateWrites(
      () => 40,
      () => resends++,
    );
    late.attemptFailed(err('network'));
    late.saved();
    late.hurry();
    assert.equal(late.hurried, true);
    assert.equal(late.due, true, 'due at once after a flush');
    late.resent(late.begin());
    assert.equal(late.hurried, false);
    assert.equal(late.marked, true, 'still marked: the late copy may land after');
    assert.equal(late.due, false);
    await sleep(70);
    assert.equal(resends, 1);
  });

  test('an unclear attempt during the re-send keeps the mark', () => {
    const late = new LateWrites(
      () => 0,
      () => undefined,
    );
    late.attemptFailed(err('timeout'));
    const generation = late.begin();
    late.attemptFailed(err('timeout'));
    late.resent(generation);
    assert.equal(late.marked, true);
  });
});

/** The save engine's one retry rule, the key bound to a body, and the backoff (saving/). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError } from '../../src/api/http.ts';
import { retryDelay } from '../../src/kyb-form/saving/backoff.ts';
import { Limiter } from '../../src/kyb-form/saving/limit.ts';
import { mayLandLate, outcomeOf, outcomeUnclear, retryMayHelp } from '../../src/kyb-form/saving/rule.ts';
import { WriteKey } from '../../src/kyb-form/saving/write-key.ts';
import { errorInfo } from '../../src/kyb-form/form-reducer.ts';

const err = (kind: ApiError['kind'], status = 0) => new ApiError({ kind, status, message: '' });

test('one rule: outcome, late copies and retries for every failure', () => {
  const cases: [ApiError, string, boolean, boolean][] = [
    [err('network'), 'in-flight', true, true],
    [err('timeout'), 'in-flight', true, true],
    [err('http', 503), 'maybe-stored', false, true],
    [err('http', 500), 'maybe-stored', false, true],
    [err('invalid-response', 200), 'maybe-stored', false, true],
    [err('http', 429), 'not-stored', false, true],
    [err('http', 400), 'not-stored', false, false],
    [err('http', 422), 'not-stored', false, false],
    [err('invalid-response', 302), 'not-stored', false, false],
    [err('input'), 'not-stored', false, false],
    [err('aborted'), 'not-stored', false, false],
  ];
  for (const [e, outcome, late, retry] of cases) {
    const what = `${e.kind} ${e.status}`;
    assert.equal(outcomeOf(e), outcome, what);
    assert.equal(outcomeUnclear(e), outcome !== 'not-stored', what);
    assert.equal(mayLandLate(e), late, what);
    assert.equal(retryMayHelp(e), retry, what);
    // Every caller asks the same rule.
    assert.equal(e.transient, retry, what);
    if (e.status !== 401 && e.status !== 403) assert.equal(errorInfo(e).retryable, retry, what);
  }
});

test('a key means one body: the same key for the same body, a new one for another', () => {
  const k = new WriteKey();
  const a = k.for('{"a":1}');
  assert.equal(k.for('{"a":1}'), a);
  k.failed(err('network'));
  assert.equal(k.unresolved('{"a":1}'), false, 'the same body may be replayed');
  assert.equal(k.unresolved('{"a":1,"city":"V"}'), true, 'another body waits for the outcome');
  k.resolved();
  const b = k.for('{"a":1,"city":"V"}');
  assert.notEqual(b, a);
  k.failed(err('http', 400));
  assert.equal(k.unresolved('{"other":1}'), false, 'a refused write stored nothing');
});

test('backoff honours Retry-After and grows to a minute', () => {
  const mid = () => 0.5;
  assert.equal(retryDelay(1, {}, mid), 1000);
  assert.equal(retryDelay(3, {}, mid), 4000);
  assert.equal(retryDelay(20, {}, mid), 60000);
  assert.equal(retryDelay(1, { retryAfterMs: 30000 }, mid), 30000);
});

test('the limiter runs at most its bound at once, in order', async () => {
  const limit = new Limiter(2);
  let running = 0;
  let most = 0;
  const order: number[] = [];
  await Promise.all(
    Array.from({ length: 7 }, (_, i) =>
      limit.run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        order.push(i);
        running--;
      }),
    ),
  );
  assert.equal(most, 2);
  assert.deepEqual(order, [0, 1, 2, 3, 4, 5, 6]);
});

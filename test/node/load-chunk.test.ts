/**
 * chunkLoader: a failed `import()` reaches the screens as a network ApiError with the element's message
 * (the text users see), keeps the real cause on the error, and writes that cause to the console once for
 * developers.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { chunkLoader } from '../../src/api/load-chunk.ts';
import { ApiError } from '../../src/api/http.ts';

const MESSAGE = 'Part of the form could not be downloaded.';

describe('chunkLoader', () => {
  test('a chunk that fails to run: the user sees the message, the console gets the cause once', async (t) => {
    const warn = t.mock.method(console, 'warn', () => undefined);
    const cause = new TypeError("Cannot read properties of undefined (reading '_$cssResult$')");
    let calls = 0;
    const load = chunkLoader<{ ok: true }>(() => {
      calls++;
      return calls < 3 ? Promise.reject(cause) : Promise.resolve({ ok: true });
    }, MESSAGE);
    for (let i = 0; i < 2; i++) {
      const err = await load().then(
        () => assert.fail('the load should fail'),
        (e: unknown) => e,
      );
      assert.ok(err instanceof ApiError);
      assert.equal(err.kind, 'network');
      assert.equal(err.message, MESSAGE);
      assert.equal(err.cause, cause);
    }
    assert.equal(warn.mock.callCount(), 1, 'warned once, not on every try');
    const [text, logged] = warn.mock.calls[0]!.arguments as unknown[];
    assert.match(String(text), /^verify-elements: Part of the form could not be downloaded\./);
    assert.equal(logged, cause);
    // A failed load is tried again; once it succeeds, the result is shared.
    assert.deepEqual(await load(), { ok: true });
    assert.deepEqual(await load(), { ok: true });
    assert.equal(calls, 3);
  });

  test('a load that succeeds writes nothing to the console', async (t) => {
    const warn = t.mock.method(console, 'warn', () => undefined);
    const load = chunkLoader(() => Promise.resolve(1), MESSAGE);
    assert.equal(await load(), 1);
    assert.equal(warn.mock.callCount(), 0);
  });
});

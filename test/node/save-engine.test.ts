/**
 * The save engine (src/kyb-form/saving/engine.ts) over a fake target: a change made in the window between
 * a save's last report and the end of its run (a save asked for then joins the running one) is still sent.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SaveState } from '../../src/kyb-form/context.ts';
import { SaveEngine } from '../../src/kyb-form/saving/engine.ts';

test('a change made as a save reports "saved" is sent by a save of its own', async () => {
  let value = 'a';
  const sent: string[] = [];
  const states: SaveState[] = [];
  let poked = false;
  const engine: SaveEngine<{ value: string }> = new SaveEngine(
    {
      body: () => ({ value }),
      send: async (body) => {
        await new Promise((r) => setTimeout(r, 5));
        sent.push(body.value);
      },
      report: (state) => {
        states.push(state);
        // The user types while the first save reports: the run is past its loop, not yet ended.
        if (state === 'saved' && !poked) {
          poked = true;
          value = 'b';
          engine.changed();
          void engine.save();
        }
      },
      readOnly: () => false,
      timeoutMs: () => 1000,
    },
    { debounceMs: 10_000, lastSent: null },
  );
  engine.changed();
  await engine.save();
  await new Promise((r) => setTimeout(r, 50));
  assert.deepEqual(sent, ['a', 'b']);
  assert.equal(states.at(-1), 'saved');
  assert.equal(engine.dirty, false);
  engine.dispose();
});

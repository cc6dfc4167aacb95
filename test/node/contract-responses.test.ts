/**
 * Contract, responses: for every response schema of the supplement's call-to-schema table, samples
 * generated from the published schema (every optional member present, every nullable member `null`,
 * required members only, each enum value, each oneOf branch) are valid per the published JSON Schema
 * (ajv) and accepted by the project's own parsing for that call (its client, through a stand-in fetch).
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { check, samples } from '../support/contract.ts';
import { fakeService, RESPONSE_CALLS } from '../support/contract-project.ts';

const counts = { tried: 0, valid: 0, accepted: 0 };
const refusedBy = new Map<string, string[]>();

describe('published response samples are read by the project', () => {
  for (const entry of RESPONSE_CALLS) {
    test(`${entry.call} <- ${entry.published}${entry.list ? '[]' : ''}`, async () => {
      const list = samples(entry.published, 'response');
      assert.ok(list.length >= 2, 'samples generated');
      const refused: string[] = [];
      for (const sample of list) {
        counts.tried++;
        const problem = check(entry.published, sample.value);
        assert.equal(problem, null, `${sample.label}: the generator made an invalid sample: ${problem}`);
        counts.valid++;
        const body = entry.list ? [sample.value] : sample.value;
        try {
          await entry.read(fakeService(entry.status, body).fetch, body);
          counts.accepted++;
        } catch (e) {
          const fields = (e as { fields?: Record<string, string[]> }).fields;
          const why = fields && Object.keys(fields).length ? JSON.stringify(fields) : String(e);
          refused.push(`${sample.label}: ${why.slice(0, 300)}`);
        }
      }
      if (refused.length) refusedBy.set(`${entry.call} <- ${entry.published}`, refused);
      assert.deepEqual(refused.slice(0, 5), [], `${refused.length} of ${list.length} samples refused`);
    });
  }
});

after(() => {
  console.log(
    `contract responses: ${counts.tried} samples tried, ${counts.valid} valid per the published schemas, ` +
      `${counts.accepted} accepted by the project (${RESPONSE_CALLS.length} calls)`,
  );
  for (const [call, refused] of refusedBy)
    console.log(`  refused: ${call}: ${refused.length} (${refused[0]})`);
});

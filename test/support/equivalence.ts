/**
 * Helpers of the schema-equivalence tests: run a replacement and the zod schema it replaces on the same
 * inputs and compare what each shows.
 */
import assert from 'node:assert/strict';
import type * as z from 'zod/mini';
import { issuesToFields } from '../../src/sandbox/util.ts';

export type Schema = z.ZodMiniType;

/** What a parse shows: success and output, or each issue's code, path and message. */
export function outcome(schema: Schema, input: unknown) {
  const r = schema.safeParse(input);
  if (r.success) return { ok: true, data: r.data as unknown };
  return {
    ok: false,
    issues: r.error.issues.map((i) => ({ code: i.code, path: i.path, message: i.message })),
    fields: issuesToFields(r.error.issues),
  };
}

/** Every member of every issue (the union's note and options too), for replacements that build them alike. */
export function whole(schema: Schema, input: unknown) {
  const r = schema.safeParse(input);
  return r.success ? { ok: true, data: r.data as unknown } : { ok: false, issues: r.error.issues };
}

/** Asserts both schemas agree on every input, and that the table holds both accepted and refused inputs. */
export function same(
  ours: Schema,
  original: Schema,
  inputs: readonly unknown[],
  show: (schema: Schema, input: unknown) => { ok: boolean } = outcome,
) {
  let accepted = 0;
  for (const input of inputs) {
    const a = show(ours, input);
    assert.deepEqual(a, show(original, input), `input ${JSON.stringify(input)}`);
    if (a.ok) accepted++;
  }
  assert.ok(accepted > 0 && accepted < inputs.length, `the table mixes valid and invalid (${accepted})`);
}

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { composition, decodeVlq, groupOfSource } from '../../bench/composition.ts';

describe('bench composition (source-map attribution)', () => {
  it('decodes base64 VLQ segments', () => {
    assert.deepEqual(decodeVlq('AAAA'), [0, 0, 0, 0]);
    assert.deepEqual(decodeVlq('CAAC'), [1, 0, 0, 1]);
    assert.deepEqual(decodeVlq('D'), [-1]);
    assert.deepEqual(decodeVlq('gB'), [16]);
    assert.throws(() => decodeVlq('!'));
  });

  it('groups sources by package or src folder', () => {
    assert.equal(groupOfSource('../../node_modules/zod/v4/core/schemas.js'), 'zod');
    assert.equal(groupOfSource('../../node_modules/@lit/reactive-element/x.js'), '@lit/reactive-element');
    assert.equal(groupOfSource('../../src/kyb-form/company/controller.ts'), 'src/kyb-form');
    assert.equal(groupOfSource('\0vite/preload-helper'), '(other)');
  });

  it('attributes every byte of a mapped file to its source', () => {
    const dir = mkdtempSync(join(tmpdir(), 'composition-'));
    const file = join(dir, 'a.js');
    // "aaaa" from source 0 (lit), "bb" from source 1 (src/api), on one line.
    writeFileSync(file, 'aaaabb');
    writeFileSync(
      `${file}.map`,
      JSON.stringify({
        version: 3,
        sources: ['../node_modules/lit-html/lit-html.js', '../src/api/http.ts'],
        mappings: 'AAAA,ICAA',
      }),
    );
    const parts = composition([file]);
    assert.deepEqual(
      parts.map((p) => [p.group, p.raw]),
      [
        ['lit-html', 4],
        ['src/api', 2],
      ],
    );
  });
});

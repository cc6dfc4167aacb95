/**
 * Generators that `npm run check` and `npm test` run write a file only when its text changes, so running
 * them again leaves every file as it was, mtime included (a running `vite` demo does not reload and the
 * form keeps what was typed): the locale modules (localize:check), the contract schemas
 * (contract:generate) and the API report.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { buildLocales } from '../../src/i18n/build-locales.ts';
import { writeIfChanged } from '../../scripts/write-if-changed.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** Every file below `dir` with its mtime (ns). */
function mtimes(dir: string): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const d of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (d.isFile()) {
      const file = join(d.parentPath, d.name);
      out.set(relative(dir, file), statSync(file, { bigint: true }).mtimeNs);
    }
  return out;
}

describe('writeIfChanged', () => {
  let dir = '';
  before(() => (dir = mkdtempSync(join(tmpdir(), 'write-if-changed-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));
  test('writes a new or changed file, leaves an unchanged one alone', async () => {
    const file = join(dir, 'a/b.txt');
    assert.equal(writeIfChanged(file, 'one'), true);
    const first = statSync(file, { bigint: true }).mtimeNs;
    await new Promise((r) => setTimeout(r, 20));
    assert.equal(writeIfChanged(file, 'one'), false);
    assert.equal(statSync(file, { bigint: true }).mtimeNs, first);
    assert.equal(writeIfChanged(file, 'two'), true);
    assert.notEqual(statSync(file, { bigint: true }).mtimeNs, first);
  });
});

describe('the locale modules (build-locales, run by localize:check)', () => {
  let out = '';
  before(() => (out = mkdtempSync(join(tmpdir(), 'locales-'))));
  after(() => rmSync(out, { recursive: true, force: true }));

  test('a second run writes nothing and keeps every mtime; a stale file goes, a changed one is rewritten', async () => {
    const first = await buildLocales(out);
    assert.ok(first.written.length > 50, `${first.written.length} files written`);
    const before = mtimes(out);
    await new Promise((r) => setTimeout(r, 20));
    const second = await buildLocales(out);
    assert.deepEqual(second, { written: [], removed: [] });
    assert.deepEqual(mtimes(out), before);
    // A file no longer generated is removed; a file edited by hand is put back; the rest is untouched.
    writeFileSync(join(out, 'kyb/xx.ts'), 'export const t = {};\n');
    writeFileSync(join(out, 'key-length.ts'), '// edited\n');
    const third = await buildLocales(out);
    assert.deepEqual(third, { written: ['key-length.ts'], removed: ['kyb/xx.ts'] });
    const now = mtimes(out);
    for (const [file, mtime] of before)
      if (file !== 'key-length.ts') assert.equal(now.get(file), mtime, file);
  });
});

describe('the contract schemas (contract:generate)', () => {
  const yaml = [
    process.env.CONTRACT_YAML,
    join(ROOT, '../shared/interface/openapi-subset.yml'),
    '/work/shared/interface/openapi-subset.yml',
  ].find((p): p is string => !!p && existsSync(p));
  test('a second run keeps every mtime', { skip: yaml ? false : 'no openapi-subset.yml here' }, async () => {
    const generate = () =>
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/openapi-to-json-schema.ts', yaml!], {
        cwd: ROOT,
        stdio: 'ignore',
      });
    const dir = join(ROOT, 'test/contract/schemas');
    generate();
    const before = mtimes(dir);
    await new Promise((r) => setTimeout(r, 20));
    generate();
    assert.deepEqual(mtimes(dir), before);
  });
});

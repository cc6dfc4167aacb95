/**
 * The public surface is deliberate (run after `npm run build`): the report of every entry point, made
 * from the built declarations, equals the checked-in `api-report/` (after a meant change:
 * `npm run api:report` and commit the result), and the report notices what it is there to notice.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { differences, packageEntries, renderReports, writeReports } from '../../scripts/api-report.ts';

const ROOT = resolve(import.meta.dirname, '../..');

describe('the package', () => {
  before(() => {
    assert.ok(existsSync(join(ROOT, 'dist/types/index.d.ts')), 'dist/ is missing: run `npm run build` first');
  });

  test('its public surface equals api-report/ (update with `npm run api:report`)', () => {
    const reports = renderReports(packageEntries());
    assert.equal(reports.size, packageEntries().length);
    const diff = differences(reports);
    assert.deepEqual(
      diff,
      [],
      'the public surface changed: if meant, run `npm run api:report` and commit it',
    );
  });

  test('the root exports the elements, the two clients, ApiError and registerLocale, nothing else at run time', async () => {
    const root = (await import(join(ROOT, 'dist/index.js'))) as Record<string, unknown>;
    assert.deepEqual(Object.keys(root).sort(), [
      'AgeCheckElement',
      'AgeClient',
      'ApiError',
      'KybClient',
      'KybFormElement',
      'registerLocale',
    ]);
    const schemas = (await import(join(ROOT, 'dist/schemas.js'))) as Record<string, unknown>;
    for (const name of ['KybToken', 'KybInfo', 'AgeWebhook', 'COUNTRY_CODES'])
      assert.ok(name in schemas, name);
    for (const helper of ['opt', 'orCatch', 'orElse', 'matching', 'dict'])
      assert.equal(helper in schemas, false);
  });

  test('the report shows schemas as the type they parse to, and the global tag and event declarations', () => {
    const schemas = readFileSync(join(ROOT, 'api-report/schemas.d.ts'), 'utf8');
    assert.match(schemas, /^export declare const KybToken: Schema<\{ .*tokenString: string;/m);
    assert.doesNotMatch(schemas, /^export declare const \w+: z\.ZodMini/m);
    const index = readFileSync(join(ROOT, 'api-report/index.d.ts'), 'utf8');
    assert.match(index, /interface HTMLElementTagNameMap \{[\s\S]*["']kyb-form["']: KybFormElement;/);
    assert.match(index, /["']kyb-submitted["']: CustomEvent<KybSubmittedDetail>;/);
  });
});

describe('the report of a small package', () => {
  let dir = '';
  const write = (dts: string) => {
    writeFileSync(join(dir, 'index.d.ts'), dts);
    return renderReports(packageEntries(dir), dir);
  };
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'api-report-'));
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'small', exports: { '.': { types: './index.d.ts', default: './index.js' } } }),
    );
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('a changed signature, a new export and a removed one are differences; private members are not API', () => {
    const first = write(`/** Docs are not API. */
export declare function greet(name: string): string;
export declare class Box { private secret; protected inner(): void; #hidden; open(): void; }
export declare const LIMIT = 3;
declare global { interface HTMLElementTagNameMap { 'x-box': Box } }
`);
    const text = first.get('index')!;
    assert.match(text, /greet\(name: string\): string;/);
    assert.doesNotMatch(text, /Docs are not API|secret|inner|hidden/);
    assert.match(text, /open\(\): void;/);
    assert.match(text, /"x-box": Box;|'x-box': Box;/);
    assert.deepEqual(writeReports(first, join(dir, 'report')), ['index']);
    assert.deepEqual(differences(first, join(dir, 'report')), []);
    // Written only when the text changes (a second run touches nothing).
    assert.deepEqual(writeReports(first, join(dir, 'report')), []);
    // Private details change: no difference.
    const same = write(`export declare function greet(name: string): string;
export declare class Box { private other; open(): void; }
export declare const LIMIT = 3;
declare global { interface HTMLElementTagNameMap { 'x-box': Box } }
`);
    assert.deepEqual(differences(same, join(dir, 'report')), []);
    for (const changed of [
      'export declare function greet(name: number): string;', // a parameter's type
      'export declare function greet(name: string): string;\nexport declare const EXTRA = 1;', // an export more
      '', // every export gone
    ]) {
      const next = write(`${changed}
export declare class Box { open(): void; }
declare global { interface HTMLElementTagNameMap { 'x-box': Box } }
`);
      assert.notDeepEqual(differences(next, join(dir, 'report')), [], changed || 'removed exports');
    }
    // A tag name is part of the surface too.
    const renamed = write(`export declare function greet(name: string): string;
export declare class Box { open(): void; }
export declare const LIMIT = 3;
declare global { interface HTMLElementTagNameMap { 'x-crate': Box } }
`);
    assert.notDeepEqual(differences(renamed, join(dir, 'report')), []);
  });
});

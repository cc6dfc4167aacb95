/**
 * The one list formatter (upload/sizes.ts `formatList`) under both names it is used by: `orList` (the
 * upload component's accepted types) and format-steps.ts's `formatList` (the same function). Lists read
 * as the locale writes them; a locale or an engine that refuses gives a readable list, never an exception.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatList, orList } from '../../src/kyb-form/upload/sizes.ts';
import * as steps from '../../src/kyb-form/format-steps.ts';

test('format-steps.ts re-exports the one list formatter', () => {
  assert.equal(steps.formatList, formatList);
});

test('a conjunction by default, a disjunction on request, in the locale', () => {
  assert.equal(formatList(['A', 'B', 'C'], 'en'), 'A, B, and C');
  assert.equal(formatList(['A', 'B', 'C'], 'en', 'disjunction'), 'A, B, or C');
  assert.equal(formatList(['A', 'B', 'C'], 'de'), 'A, B und C');
  assert.equal(formatList(['A', 'B', 'C'], 'de', 'disjunction'), 'A, B oder C');
  // the locale's own words, whatever they are: the same as Intl's for a locale it knows
  for (const locale of ['lt', 'ja', 'ar', 'he', 'pt-BR'])
    for (const type of ['conjunction', 'disjunction'] as const)
      assert.equal(
        formatList(['x', 'y', 'z'], locale, type),
        new Intl.ListFormat(locale, { type }).format(['x', 'y', 'z']),
        `${locale} ${type}`,
      );
});

test('orList is the disjunction', () => {
  for (const locale of ['en', 'de', 'lt', 'ja', 'fr'])
    for (const items of [['PDF'], ['PDF', 'PNG'], ['PDF', 'PNG', 'JPEG', 'HEIC']])
      assert.equal(
        orList(items, locale),
        formatList(items, locale, 'disjunction'),
        `${locale} ${items.join()}`,
      );
  assert.equal(orList(['PDF', 'PNG', 'JPEG'], 'en'), 'PDF, PNG, or JPEG');
});

test('empty and single lists; a locale Intl refuses reads as English', () => {
  assert.equal(formatList([], 'en'), '');
  assert.equal(formatList(['only'], 'de', 'disjunction'), 'only');
  for (const bad of ['', 'xx_YY', 'not a locale', 'x'.repeat(300)]) {
    assert.equal(formatList(['A', 'B', 'C'], bad), 'A, B, and C', JSON.stringify(bad));
    assert.equal(orList(['A', 'B', 'C'], bad), 'A, B, or C', JSON.stringify(bad));
  }
});

test('an item Intl.ListFormat refuses falls back to a plain comma list', () => {
  // ListFormat's format() throws on a non-string item (a caller's bug): the text is still readable.
  const items = ['A', 1, 'B'] as unknown as string[];
  assert.throws(() => new Intl.ListFormat('en').format(items));
  assert.equal(formatList(items, 'en'), 'A, 1, B');
  assert.equal(orList(items, 'de'), 'A, 1, B');
});

/** The plural helper picks forms by Intl.PluralRules of the locale (src/i18n/plural.ts). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { plural, pluralCategory } from '../../src/i18n/plural.ts';

test('Arabic has six categories, and each count gets its own', () => {
  const got = [0, 1, 2, 3, 11, 100].map((n) => pluralCategory(n, 'ar'));
  assert.deepEqual(got, ['zero', 'one', 'two', 'few', 'many', 'other']);
});

test('the form of the category, else other; Russian 21 is one, 22 few, 25 many', () => {
  const forms = { one: () => 'one', few: () => 'few', other: () => 'other' };
  assert.equal(plural(21, forms, 'ru'), 'one');
  assert.equal(plural(22, forms, 'ru'), 'few');
  assert.equal(plural(25, forms, 'ru'), 'other'); // many: no form, so other
  assert.equal(plural(1, forms, 'en'), 'one');
  assert.equal(plural(21, forms, 'en'), 'other');
  assert.equal(plural(1, forms, 'ja'), 'other'); // Japanese has one category
});

test('the active locale by default (English before any), and English rules for a bad tag', () => {
  assert.equal(pluralCategory(1), 'one');
  assert.equal(pluralCategory(1, '!!'), 'one');
  let ran = 0;
  plural(2, { one: () => ran++, other: () => 0 }, 'en');
  assert.equal(ran, 0, 'only the chosen form runs');
});

/**
 * format.ts guards: every formatter gives a readable result for any input and any locale string (never
 * an exception), dates never shift by the time zone, and valid values are formatted for the locale.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  countryName,
  countryOptions,
  formatDate,
  formatNumber,
  safeLocale,
} from '../../src/kyb-form/format.ts';
import {
  formatBytes,
  formatDateTime,
  formatTime,
  hexColor,
  lowerCase,
} from '../../src/kyb-form/format-steps.ts';
import { answerValue } from '../../src/kyb-form/questionnaire/summary.ts';
import { customSummaryValue } from '../../src/kyb-form/review/summary-list.ts';
import type { Question } from '../../src/api/kyb.ts';

const ARBITRARY = [
  '',
  ' ',
  '\t\n',
  'x'.repeat(10000),
  'שלום',
  '🚀👨‍👩‍👧',
  '\u202Eevil',
  'DEU',
  'Germany',
  'xx-YY',
  '2024-13-45',
  '2024-02-30',
  'not a date',
  '<b>x</b>',
  '__proto__',
  '99:99',
  '2024-05-01T25:61',
  '\u0000',
];
const LOCALES = ['en', 'de', 'xx-YY', '', 'not a locale!', 'x'.repeat(300), 'en-US-u-nu-arab', '🚀'];

test('safeLocale: a usable tag or en, never an exception', () => {
  assert.equal(safeLocale('de'), 'de');
  assert.equal(safeLocale('en-us'), 'en-US');
  assert.equal(safeLocale('not a locale!'), 'en');
  assert.equal(safeLocale(''), 'en');
  assert.equal(safeLocale(null), 'en');
});

test('every formatter accepts arbitrary text in any locale and answers a string', () => {
  for (const locale of LOCALES) {
    for (const v of ARBITRARY) {
      for (const f of [countryName, formatDate, formatTime, formatDateTime, lowerCase]) {
        const out = f(v, locale);
        assert.equal(typeof out, 'string', `${f.name}(${JSON.stringify(v.slice(0, 20))}, ${locale})`);
      }
      assert.equal(typeof formatNumber(v, locale), 'string');
      assert.equal(hexColor(v), null);
    }
    for (const n of [0, -1, 1e21, Number.NaN, Number.POSITIVE_INFINITY, 1.23456789, -0])
      assert.equal(typeof formatNumber(n, locale, 99), 'string');
    for (const n of [0, 1, 1023, 1024, 5e6, 1e12, -5, Number.NaN])
      assert.equal(typeof formatBytes(n, locale), 'string');
    assert.ok(countryOptions(locale).length > 200);
  }
});

test('malformed values read as themselves', () => {
  for (const v of ['2024-13-45', '2024-02-30', 'not a date', '0000-00-00'])
    assert.equal(formatDate(v, 'en'), v);
  assert.equal(formatTime('99:99', 'en'), '99:99');
  assert.equal(formatTime('24:00', 'en'), '24:00');
  assert.equal(formatDateTime('2024-05-01T25:61', 'en'), '2024-05-01T25:61');
  assert.equal(countryName('DEU', 'en'), 'DEU');
  assert.equal(countryName('Germany', 'en'), 'Germany');
  assert.equal(formatNumber(Number.NaN, 'en'), 'NaN');
});

test('dates in the locale, never shifted by the time zone', () => {
  assert.equal(formatDate('2024-05-01', 'en'), 'May 1, 2024');
  assert.equal(formatDate('2024-05-01', 'de'), '1. Mai 2024');
  assert.equal(formatDate('2024-12-31', 'en'), 'December 31, 2024');
  assert.equal(formatDate('2024-01-01', 'xx-YY'), 'January 1, 2024');
  assert.equal(formatDate('0099-01-01', 'en'), 'January 1, 99');
  assert.equal(formatTime('09:30', 'en'), '9:30 AM');
  assert.equal(formatTime('09:30', 'de'), '09:30');
  assert.equal(formatTime('23:59:30', 'de'), '23:59:30');
  // a wall-clock date-time stays as written; one with an offset is an instant in the user's zone
  assert.match(formatDateTime('2024-05-01T14:05', 'en'), /^May 1, 2024.*2:05\sPM$/);
  assert.match(formatDateTime('2024-05-01T14:05', 'de'), /^1\. Mai 2024.*14:05$/);
  assert.match(formatDateTime('2024-05-01T12:00:00Z', 'en'), /2024/);
});

test('countries, numbers, sizes and colours', () => {
  assert.equal(countryName('de', 'en'), 'Germany');
  assert.equal(countryName('DE', 'de'), 'Deutschland');
  assert.equal(countryName('DE', 'xx-YY'), 'Germany');
  assert.equal(formatNumber(1234567.5, 'en'), '1,234,567.5');
  assert.equal(formatNumber(1234567.5, 'de'), '1.234.567,5');
  assert.equal(formatNumber(12.5, 'en', 6, { useGrouping: false }), '12.5');
  assert.equal(formatBytes(2048, 'en'), '2 kB');
  assert.equal(hexColor(' #AaBbCc '), '#AaBbCc');
  assert.equal(hexColor('#abc'), null);
  assert.equal(lowerCase('İSTANBUL', 'tr'), 'istanbul');
});

const q = (type: Question['type'], extra: Partial<Question> = {}): Question =>
  ({ key: 'k', title: 'T', type, required: false, choices: [], ...extra }) as Question;

test('answers as summary values: colour, list, files with size, date-time', () => {
  assert.deepEqual(answerValue(q('COLOR'), '#aabbcc', 'en'), { color: '#aabbcc' });
  assert.equal(answerValue(q('COLOR'), 'red', 'en'), 'red');
  assert.deepEqual(answerValue(q('LIST'), ['a', ' ', 'b'], 'en'), { list: ['a', 'b'] });
  assert.deepEqual(answerValue(q('COUNTRY_MULTI'), ['FR', 'DEU'], 'en'), { list: ['France', 'DEU'] });
  const file = answerValue(q('FILE'), { filename: 'a.pdf', file: btoa('x'.repeat(3072)) }, 'en');
  assert.deepEqual(file, { files: [{ name: 'a.pdf', detail: '3 kB' }] });
  assert.deepEqual(answerValue(q('FILE'), { filename: 'b.pdf', file: '/files/b.pdf' }, 'en'), {
    files: [{ name: 'b.pdf' }],
  });
  assert.equal(answerValue(q('TIME'), '18:00', 'en'), '6:00 PM');
  assert.equal(answerValue(q('DATE'), 'not a date', 'en'), 'not a date');
  assert.equal(answerValue(q('CHECKBOX'), true, 'de'), 'Yes');
  // arbitrary strings in every type: always a value, never an exception
  for (const type of ['DATE', 'TIME', 'DATETIME', 'COLOR', 'COUNTRY', 'SELECT', 'INTEGER', 'FILE'] as const)
    for (const v of ARBITRARY) assert.ok(answerValue(q(type), v, 'xx-YY') !== undefined);
});

test('custom field values: lists as lists', () => {
  assert.deepEqual(customSummaryValue({ type: 'COUNTRY_MULTI', choices: [] }, 'FR\nLT', 'en'), {
    list: ['France', 'Lithuania'],
  });
  assert.deepEqual(
    customSummaryValue({ type: 'SELECT_MULTI', choices: [{ key: 'a', title: 'Alpha' }] }, 'a\nz', 'en'),
    { list: ['Alpha', 'z'] },
  );
  assert.equal(customSummaryValue({ type: 'DATE', choices: [] }, '2024-05-01', 'de'), '1. Mai 2024');
  assert.equal(customSummaryValue({ type: 'CHECKBOX', choices: [] }, 'true', 'en'), 'Yes');
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Question } from '../../src/api/kyb.ts';
import { answerText } from '../../src/kyb-form/questionnaire/summary.ts';

const q = (type: Question['type'], extra: Partial<Question> = {}): Question =>
  ({ key: 'k', title: 'T', type, required: false, choices: [], ...extra }) as Question;
const CHOICES = [
  { key: 'a', title: 'Alpha' },
  { key: 'b', title: '' },
];

test('answerText: unanswered and empty values are empty (shown as "Not provided")', () => {
  assert.equal(answerText(q('TEXT'), null, 'en'), '');
  assert.equal(answerText(q('TEXT'), '', 'en'), '');
  assert.equal(answerText(q('SELECT_MULTI', { choices: CHOICES }), [], 'en'), '');
  assert.equal(answerText(q('LIST'), ['', '  '], 'en'), '');
  assert.equal(answerText(q('FILE_MULTI'), [], 'en'), '');
});

test('answerText: text as is, numbers formatted for the locale, service text never interpreted', () => {
  assert.equal(answerText(q('TEXT'), '<b>bold</b>', 'en'), '<b>bold</b>');
  assert.equal(answerText(q('DATE'), '2024-05-01', 'en'), 'May 1, 2024');
  assert.equal(answerText(q('DATE'), '2024-05-01', 'de'), '1. Mai 2024');
  assert.equal(answerText(q('INTEGER'), 1234567, 'en'), '1,234,567');
  assert.equal(answerText(q('FLOAT'), 0.125, 'de'), '0,125');
  assert.equal(answerText(q('COLOR'), '#aabbcc', 'en'), '#aabbcc');
  assert.equal(answerText(q('PASSWORD'), 'secret', 'en'), '(not shown)');
});

test('answerText: choices by title (key when untitled), countries by name', () => {
  assert.equal(answerText(q('SELECT', { choices: CHOICES }), 'a', 'en'), 'Alpha');
  assert.equal(answerText(q('RADIO', { choices: CHOICES }), 'b', 'en'), 'b');
  assert.equal(answerText(q('CHECKBOX', { choices: CHOICES }), ['a', 'b'], 'en'), 'Alpha, b');
  assert.equal(answerText(q('SELECT_MULTI', { choices: CHOICES }), ['b', 'a'], 'en'), 'b, Alpha');
  assert.equal(answerText(q('COUNTRY'), 'DE', 'en'), 'Germany');
  assert.equal(answerText(q('COUNTRY'), 'DE', 'de'), 'Deutschland');
  assert.equal(answerText(q('COUNTRY_MULTI'), ['FR', 'LT'], 'en'), 'France, Lithuania');
});

test('answerText: yes/no checkbox, lists, files by name', () => {
  assert.equal(answerText(q('CHECKBOX'), true, 'en'), 'Yes');
  assert.equal(answerText(q('CHECKBOX'), false, 'en'), 'No');
  assert.equal(answerText(q('LIST'), ['one', '', 'two'], 'en'), 'one, two');
  assert.equal(answerText(q('FILE'), { filename: 'a.pdf', file: 'JVBERi0=' }, 'en'), 'a.pdf');
  assert.equal(
    answerText(
      q('FILE_MULTI'),
      [
        { filename: 'a.pdf', file: 'JVBERi0=' },
        { filename: 'b.png', file: '/files/b.png' },
      ],
      'en',
    ),
    'a.pdf, b.png',
  );
});

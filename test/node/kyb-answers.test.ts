import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { answerValueSchema, type Question } from '../../src/api/kyb.ts';
import {
  buildPayload,
  checkValue,
  fromTextControl,
  isFileUrl,
  normalizeValue,
  problemFromIssue,
  readAnswers,
  safeFileHref,
  sanitizeId,
  sendableValue,
  toDatetimeLocal,
  toggleKey,
  toLocalValue,
  keyOrder,
  type ProblemCode,
} from '../../src/kyb-form/questionnaire/answers-state.ts';
import { problemMessage } from '../../src/kyb-form/questionnaire/validation.ts';

const choices = [
  { key: 'a', title: 'A' },
  { key: 'b', title: 'B' },
  { key: 'c', title: 'C' },
];
const q = (type: Question['type'], extra: Partial<Question> = {}): Question => ({
  key: `k_${type}`,
  title: type,
  description: '',
  type,
  choices: ['SELECT', 'RADIO', 'SELECT_MULTI'].includes(type) ? choices : [],
  required: false,
  ...extra,
});

describe('toLocalValue: service value -> local value per type', () => {
  const cases: [Question, unknown, unknown][] = [
    [q('TEXT'), 'hello', 'hello'],
    [q('TEXT'), 12, '12'],
    [q('TEXT'), { x: 1 }, null],
    [q('TEXT_AREA'), 'a\nb', 'a\nb'],
    [q('EMAIL'), 'a@b.co', 'a@b.co'],
    [q('DATE'), '2024-05-06', '2024-05-06'],
    [q('DATETIME'), '2024-05-06T07:08', '2024-05-06T07:08'],
    [q('DATETIME'), '2024-05-06T07:08:09', '2024-05-06T07:08:09'],
    [q('TIME'), '10:30', '10:30'],
    [q('COLOR'), '#AABBCC', '#aabbcc'],
    [q('COLOR'), 5, null],
    [q('COUNTRY'), 'DE', 'DE'],
    [q('SELECT'), 'b', 'b'],
    [q('RADIO'), 'c', 'c'],
    [q('INTEGER'), 42, 42],
    [q('INTEGER'), '42', 42],
    [q('INTEGER'), 'x', null],
    [q('FLOAT'), 2.5, 2.5],
    [q('FLOAT'), Number.NaN, null],
    [q('CHECKBOX'), true, true],
    [q('CHECKBOX'), 'false', false],
    [q('CHECKBOX'), 3, null],
    [q('CHECKBOX', { choices }), ['a', 'c'], ['a', 'c']],
    [q('CHECKBOX', { choices }), 'a', ['a']],
    [q('SELECT_MULTI'), ['a', 1, 'b'], ['a', 'b']],
    [q('COUNTRY_MULTI'), ['FR', 'DE'], ['FR', 'DE']],
    [q('LIST'), ['x', 'y'], ['x', 'y']],
    [q('LIST'), 'x', ['x']],
    [q('FILE'), { filename: 'a.pdf', file: 'AAAA', extra: 1 }, { filename: 'a.pdf', file: 'AAAA' }],
    [q('FILE'), [{ filename: 'a.pdf', file: 'AAAA' }], { filename: 'a.pdf', file: 'AAAA' }],
    [q('FILE'), 'AAAA', null],
    [q('FILE_MULTI'), [{ filename: 'a.pdf', file: 'AAAA' }, 'x'], [{ filename: 'a.pdf', file: 'AAAA' }]],
    [
      q('FILE_MULTI'),
      { filename: 'a.pdf', file: 'https://x/y' },
      [{ filename: 'a.pdf', file: 'https://x/y' }],
    ],
    [q('TEXT'), null, null],
    [q('TEXT'), undefined, null],
  ];
  for (const [question, input, expected] of cases) {
    it(`${question.type}${question.choices?.length ? '+choices' : ''} ${JSON.stringify(input)}`, () => {
      assert.deepEqual(toLocalValue(question, input), expected);
    });
  }
  it('converts an offset date-time to local wall time', () => {
    const out = toDatetimeLocal('2024-05-06T07:08:00Z');
    const d = new Date('2024-05-06T07:08:00Z');
    assert.equal(
      out.slice(11, 16),
      `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`,
    );
    assert.match(out, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  });
});

describe('control values', () => {
  it('empty text reads as unanswered, numbers parse', () => {
    assert.equal(fromTextControl(q('TEXT'), ''), null);
    assert.equal(fromTextControl(q('TEXT'), ' a '), ' a ');
    assert.equal(fromTextControl(q('INTEGER'), '17'), 17);
    assert.equal(fromTextControl(q('FLOAT'), '-1.25'), -1.25);
    assert.equal(fromTextControl(q('COLOR'), '#ABCDEF'), '#abcdef');
  });
  it('toggleKey keeps choice order and uniqueness', () => {
    const sm = q('SELECT_MULTI');
    let v = toggleKey(null, 'c', true, keyOrder(sm));
    v = toggleKey(v, 'a', true, keyOrder(sm));
    v = toggleKey(v, 'a', true, keyOrder(sm));
    assert.deepEqual(v, ['a', 'c']);
    assert.deepEqual(toggleKey(v, 'a', false, keyOrder(sm)), ['c']);
    const cm = q('COUNTRY_MULTI');
    const order = keyOrder(cm);
    const expected = ['DE', 'AF'].sort((x, y) => order.indexOf(x) - order.indexOf(y));
    assert.deepEqual(toggleKey(['DE'], 'AF', true, order), expected);
  });
  it('normalizeValue drops empty strings, empty list items and empty arrays', () => {
    assert.equal(normalizeValue(q('TEXT'), ''), null);
    assert.deepEqual(normalizeValue(q('LIST'), ['', 'x', '  ']), ['x']);
    assert.equal(normalizeValue(q('LIST'), ['', ' ']), null);
    assert.equal(normalizeValue(q('SELECT_MULTI'), []), null);
    assert.equal(normalizeValue(q('CHECKBOX'), false), false);
  });
});

describe('checkValue: problems per type', () => {
  const cases: [Question, unknown, ProblemCode | null][] = [
    [q('TEXT', { required: true }), null, 'required'],
    [q('TEXT', { required: true }), '', 'required'],
    [q('TEXT'), null, null],
    [q('TEXT'), 'x'.repeat(1001), 'too-long'],
    [q('TEXT_AREA'), 'x'.repeat(10000), null],
    [q('EMAIL'), 'nope', 'email'],
    [q('EMAIL'), 'a@b.co', null],
    [q('URL'), 'example.com', 'url'],
    [q('URL'), 'https://example.com/x', null],
    [q('TEL'), 'call me', 'phone'],
    [q('TEL'), '+44 20 7946 0958', null],
    [q('DATE'), '2024-13-01', 'date'],
    [q('DATETIME'), '2024-01-01T25:00', 'datetime'],
    [q('DATETIME'), '2024-01-01T10:00', null],
    [q('TIME'), '24:00', 'time'],
    [q('COLOR'), 'red', 'color'],
    [q('COUNTRY'), 'XX', 'country'],
    [q('COUNTRY_MULTI'), ['DE', 'XX'], 'country'],
    [q('COUNTRY_MULTI', { required: true }), [], 'required'],
    [q('SELECT'), 'zzz', 'choice'],
    [q('RADIO', { required: true }), null, 'required'],
    [q('SELECT_MULTI'), ['a', 'zzz'], 'choice'],
    [q('SELECT_MULTI'), ['a', 'a'], 'duplicate'],
    [q('INTEGER'), 1.5, 'integer'],
    [q('INTEGER'), 1e16, 'range'],
    [q('INTEGER'), -7, null],
    [q('FLOAT'), 0.1, null],
    [q('CHECKBOX', { required: true }), false, 'required-check'],
    [q('CHECKBOX', { required: true }), true, null],
    [q('CHECKBOX'), false, null],
    [q('CHECKBOX', { choices, required: true }), [], 'required'],
    [q('CHECKBOX', { choices }), ['b'], null],
    [q('LIST'), Array.from({ length: 101 }, (_, i) => `i${i}`), 'too-many'],
    [q('LIST'), ['x'.repeat(1001)], 'too-long'],
    [q('LIST', { required: true }), [''], 'required'],
    [q('FILE'), { filename: 'virus.exe', file: 'AAAA' }, 'file-type'],
    [
      q('FILE'),
      { filename: 'a.pdf', file: 'A'.repeat(Math.ceil((10 * 1024 * 1024) / 3) * 4 + 4) },
      'file-size',
    ],
    [q('FILE'), { filename: 'a.pdf', file: 'https://files.example/1' }, null],
    [q('FILE_MULTI'), Array.from({ length: 21 }, () => ({ filename: 'a.pdf', file: 'AAAA' })), 'too-many'],
    [q('FILE_MULTI', { required: true }), [], 'required'],
  ];
  for (const [question, value, code] of cases) {
    it(`${question.type}${question.required ? ' (required)' : ''} ${JSON.stringify(value).slice(0, 40)} -> ${code}`, () => {
      assert.equal(checkValue(question, value as never)?.code ?? null, code);
    });
  }
  it('bad number input is an error of its own', () => {
    assert.equal(checkValue(q('INTEGER'), null, true)?.code, 'integer');
    assert.equal(checkValue(q('FLOAT'), 3, true)?.code, 'number');
  });
  it('too-long carries the limit and the message names it', () => {
    const p = checkValue(q('TEXT'), 'x'.repeat(1001));
    assert.equal(p?.limit, 1000);
    assert.match(problemMessage(p!, q('TEXT')), /1000/);
  });
  it('maps raw zod issues of answerValueSchema', () => {
    const email = answerValueSchema(q('EMAIL')).safeParse('x');
    assert.equal(email.success, false);
    if (!email.success) assert.equal(problemFromIssue(q('EMAIL'), email.error.issues[0]!).code, 'email');
    assert.equal(problemFromIssue(q('FLOAT'), { code: 'invalid_type' }).code, 'number');
  });
  it('every problem has a distinct, non-empty message per type', () => {
    const codes: ProblemCode[] = [
      'required',
      'email',
      'url',
      'integer',
      'choice',
      'file-size',
      'file-type',
      'country',
    ];
    const msgs = codes.map((code) => problemMessage({ code }, q('TEXT')));
    for (const m of msgs) assert.ok(m.length > 3);
    assert.equal(new Set(msgs).size, msgs.length);
    assert.notEqual(
      problemMessage({ code: 'required' }, q('SELECT')),
      problemMessage({ code: 'required' }, q('TEXT')),
    );
  });
});

describe('buildPayload', () => {
  const sections = [
    {
      key: 's1',
      questions: [q('TEXT', { key: 'name' }), q('EMAIL', { key: 'mail' }), q('INTEGER', { key: 'n' })],
    },
    { key: 's2', questions: [q('LIST', { key: 'items' }), q('CHECKBOX', { key: 'ok' })] },
    { key: 's3', questions: [q('TEXT', { key: 'secret' })] },
  ];
  const values: Record<string, unknown> = {
    's1.name': 'Acme',
    's1.mail': 'not-an-email',
    's1.n': 5,
    's2.items': ['', 'one', ''],
    's2.ok': false,
    's3.secret': 'hidden value',
  };
  const get = (s: string, k: string) => values[`${s}.${k}`] as never;
  it('sends visible, answered, valid values only', () => {
    const body = buildPayload(sections, get, (s) => s !== 's3');
    assert.deepEqual(body, {
      sections: {
        s1: { name: { value: 'Acme' }, n: { value: 5 } },
        s2: { items: { value: ['one'] }, ok: { value: false } },
      },
    });
  });
  it('drops hidden questions whatever their value', () => {
    const body = buildPayload(sections, get, (s, k) => !(s === 's1' && k === 'name'));
    assert.equal(body.sections.s1?.name, undefined);
    assert.deepEqual(body.sections.s3, { secret: { value: 'hidden value' } });
  });
  it('an all-hidden questionnaire sends an empty set', () => {
    assert.deepEqual(
      buildPayload(sections, get, () => false),
      { sections: {} },
    );
  });
  it('sendableValue refuses invalid values', () => {
    assert.equal(sendableValue(q('URL'), 'nope'), undefined);
    assert.equal(sendableValue(q('URL'), 'https://a.b'), 'https://a.b');
  });
  it('readAnswers reads known questions and ignores prototype keys', () => {
    const map = readAnswers(sections, {
      sections: { s1: { name: { value: 'X' }, unknown: { value: 'Y' } }, ['__proto__']: {} },
    });
    assert.equal(map.get('s1')?.get('name'), 'X');
    assert.equal(map.get('s1')?.get('mail'), null);
    assert.equal(map.get('s1')?.has('unknown'), false);
    assert.equal(readAnswers(sections, null).get('s2')?.get('items'), null);
  });
});

describe('helpers', () => {
  it('sanitizeId keeps [A-Za-z0-9_-]', () => {
    assert.equal(sanitizeId('q', 0, 'sec tion', 'a.b/c'), 'q-0-sec_tion-a_b_c');
  });
  it('file URLs and safe links', () => {
    assert.equal(isFileUrl('https://x.y/f'), true);
    assert.equal(isFileUrl('/sandbox/files/1'), true);
    assert.equal(isFileUrl('JVBERi0x'), false);
    assert.equal(safeFileHref(['javascript', 'alert(1)'].join(':')), null);
    assert.equal(safeFileHref('/files/1'), '/files/1');
  });
});

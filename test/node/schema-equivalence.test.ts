/**
 * The schemas written without some of zod's types (to keep those types out of the elements' zod chunk)
 * accept and refuse exactly what the zod types they replace did, with the same output and the same
 * issues (code, path, message: what the sandbox publishes in `fields` and the elements map to texts).
 * Each replacement is compared with the original zod schema on a table of inputs, zod's edge cases included.
 */
import { describe, test } from 'node:test';
import * as z from 'zod/mini';
import { bounded, DateOnly, DateTime, dict, KybErrorBody, opt, orElse, Uuid } from '../../src/api/common.ts';
import { AdditionalInfoRead, Email } from '../../src/api/kyb-company.ts';
import { AdditionalInfoRequest } from '../../src/api/kyb-company-write.ts';
import { Theme, THEME_COLOR_KEYS } from '../../src/api/kyb-flow.ts';
import {
  Answers,
  AnswersRead,
  AnswerValue,
  answerValueSchema,
  ApplicantCreateRequest,
  ApplicantRequest,
  BeneficiaryCreate,
  BeneficiaryPatch,
  CompanyApplicantRequest,
  FileAnswer,
  IndividualApplicantRequest,
  LocalDateTime,
} from '../../src/api/kyb.ts';
import { same, whole } from '../support/equivalence.ts';

const NOT_STRINGS = [undefined, null, 0, 1, true, {}, [], ['2024-01-01']];

describe('string formats written as regex checks', () => {
  test('DateOnly is z.iso.date()', () => {
    same(DateOnly, z.iso.date(), [
      ...NOT_STRINGS,
      '2024-01-01',
      '2024-02-29',
      '2023-02-29',
      '2024-02-30',
      '1900-02-29',
      '2000-02-29',
      '2100-02-29',
      '2400-02-29',
      '2024-04-31',
      '2024-12-31',
      '2024-13-01',
      '2024-00-10',
      '2024-01-00',
      '0000-01-01',
      '9999-12-31',
      '24-01-01',
      '2024-1-1',
      '2024-01-01T00:00:00Z',
      ' 2024-01-01',
      '2024-01-01\n',
      '２０２４-01-01',
      '',
    ]);
  });

  const times = [
    '2024-01-01T00:00:00Z',
    '2024-01-01T23:59:59Z',
    '2024-01-01T24:00:00Z',
    '2024-01-01T12:60:00Z',
    '2024-01-01T12:00:60Z',
    '2024-01-01T12:00:00.1Z',
    '2024-01-01T12:00:00.123456789Z',
    '2024-01-01T12:00:00.Z',
    '2024-01-01T12:00:00+02:00',
    '2024-01-01T12:00:00-23:59',
    '2024-01-01T12:00:00+24:00',
    '2024-01-01T12:00:00+0200',
    '2024-01-01T12:00:00+02',
    '2024-01-01T12:00:00',
    '2024-01-01T12:00',
    '2024-01-01T12:00Z',
    '2024-01-01T12',
    '2024-01-01t12:00:00Z',
    '2024-01-01 12:00:00Z',
    '2024-01-01T12:00:00z',
    '2024-02-29T12:00:00Z',
    '2023-02-29T12:00:00Z',
    '2024-02-30T12:00:00Z',
    '2024-01-01',
    '',
  ];
  test('DateTime is z.iso.datetime({ offset: true })', () => {
    same(DateTime, z.iso.datetime({ offset: true }), [...NOT_STRINGS, ...times]);
  });
  test('LocalDateTime is z.iso.datetime({ local: true, offset: true })', () => {
    same(LocalDateTime, z.iso.datetime({ local: true, offset: true }), [...NOT_STRINGS, ...times]);
    same(
      answerValueSchema({ type: 'DATETIME', choices: [] }),
      z.iso.datetime({ local: true, offset: true }),
      times,
    );
  });

  test('Uuid is z.guid()', () => {
    same(Uuid, z.guid(), [
      ...NOT_STRINGS,
      '123e4567-e89b-12d3-a456-426614174000',
      '123E4567-E89B-12D3-A456-426614174000',
      '123e4567-E89B-12d3-A456-426614174000',
      '00000000-0000-0000-0000-000000000000',
      '123e4567-e89b-02d3-c456-426614174000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      '123e4567-e89b-f2d3-z456-426614174000',
      '123e4567-e89b-12d3-a456-42661417400',
      '123e4567-e89b-12d3-a456-4266141740000',
      '123e4567e89b12d3a456426614174000',
      '{123e4567-e89b-12d3-a456-426614174000}',
      '123e4567-e89b-12d3-a456-426614174000\n',
      'g23e4567-e89b-12d3-a456-426614174000',
      '',
    ]);
  });

  test('Email is bounded(3, 254) with z.email()', () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(180)}.com`;
    same(Email, bounded(3, 254).check(z.email()), [
      ...NOT_STRINGS,
      'name@example.com',
      'first.last@example.co.uk',
      'name+tag@example.com',
      "o'brien@example.ie",
      'under_score@example.org',
      'a-b@sub.example.com',
      'name@example.c',
      'name@localhost',
      'name@example.com.',
      '.name@example.com',
      'name.@example.com',
      'na..me@example.com',
      'name@-example.com',
      'name@example-.com',
      'name@exa_mple.com',
      'name@[127.0.0.1]',
      'name@127.0.0.1',
      'name@bücher.de',
      'name@xn--bcher-kva.de',
      'jörg@example.com',
      '"quoted"@example.com',
      'name @example.com',
      'name@example.com ',
      '@example.com',
      'name@',
      'a@b',
      'a@b.cd',
      long,
      `${long}m`,
      `${'a'.repeat(300)}@example.com`,
      '',
    ]);
  });
});

describe('unions', () => {
  test('AnswerValue: nullable union is the union with z.null() first', () => {
    const original = z.union([
      z.null(),
      z.string(),
      z.number(),
      z.boolean(),
      z.array(z.string()),
      FileAnswer,
      z.array(FileAnswer),
    ]);
    const file = { filename: 'a.pdf', file: 'QUJD' };
    same(AnswerValue, original, [
      null,
      undefined,
      '',
      'text',
      0,
      -1.5,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      true,
      false,
      [],
      ['a', 'b'],
      ['a', 1],
      file,
      { ...file, extra: 1 },
      { filename: 'a.exe', file: 'QUJD' },
      [file, file],
      [file, 'a'],
      [null],
      {},
      { value: 1 },
    ]);
  });

  test("infoType: z.enum(['INDIVIDUAL']) is z.literal('INDIVIDUAL')", () => {
    same(IndividualApplicantRequest.shape.infoType, z.literal('INDIVIDUAL'), [
      'INDIVIDUAL',
      'individual',
      'COMPANY',
      '',
      null,
      undefined,
      ['INDIVIDUAL'],
      0,
    ]);
  });
});

describe('applicants: byInfoType is z.discriminatedUnion', () => {
  const person = { infoType: 'INDIVIDUAL', name: 'Ada', surname: 'Lovelace' };
  const company = { infoType: 'COMPANY', companyName: 'Acme', country: 'GB' };
  const inherited: unknown = Object.assign(Object.create({ infoType: 'COMPANY' }) as object, {
    companyName: 'Acme',
    country: 'GB',
  });
  const inputs: unknown[] = [
    person,
    company,
    { ...person, email: 'ada@example.com', dateOfBirth: '1815-12-10', extra: 1 },
    { ...person, scanRef: 'scan-1' },
    { ...person, scanRef: '' },
    { ...person, email: 'not an email' },
    { ...person, name: '' },
    { ...person, name: undefined },
    { infoType: 'INDIVIDUAL' },
    { ...company, country: 'XX' },
    { ...company, infoType: 'INDIVIDUAL' },
    { ...person, infoType: 'COMPANY' },
    { ...person, infoType: 'individual' },
    { ...person, infoType: null },
    { name: 'Ada', surname: 'Lovelace' },
    { ...person, infoType: '__proto__' },
    { ...person, infoType: 'toString' },
    { ...person, infoType: ['INDIVIDUAL'] },
    JSON.parse('{"__proto__": {"infoType": "COMPANY"}, "companyName": "Acme", "country": "GB"}'),
    inherited,
    {},
    [],
    [person],
    null,
    undefined,
    'INDIVIDUAL',
    0,
    true,
  ];
  const createOriginal = z.discriminatedUnion('infoType', [
    z.object({ ...IndividualApplicantRequest.shape, scanRef: z.optional(z.string().check(z.minLength(1))) }),
    CompanyApplicantRequest,
  ]);

  test('ApplicantRequest', () => {
    const original = z.discriminatedUnion('infoType', [IndividualApplicantRequest, CompanyApplicantRequest]);
    same(ApplicantRequest, original, inputs, whole);
  });
  test('ApplicantCreateRequest', () => {
    same(ApplicantCreateRequest, createOriginal, inputs, whole);
  });
  test('BeneficiaryCreate and BeneficiaryPatch (info required, info optional)', () => {
    const bodies = [
      ...inputs.map((info) => ({ beneficiaryTypes: ['UBO'], info })),
      { beneficiaryTypes: ['UBO'] },
      { beneficiaryTypes: ['UBO'], info: person, parent: 'p1' },
      { beneficiaryTypes: [], info: { ...person, email: 'x' } },
      { ownershipPercentage: 101 },
      null,
    ];
    same(BeneficiaryCreate, z.object({ ...BeneficiaryCreate.shape, info: createOriginal }), bodies, whole);
    const patchOriginal = z.object({
      ...BeneficiaryPatch.shape,
      info: z.optional(
        z.discriminatedUnion('infoType', [IndividualApplicantRequest, CompanyApplicantRequest]),
      ),
    });
    same(BeneficiaryPatch, patchOriginal, bodies, whole);
  });
});

describe('records: dict is z.record / z.partialRecord', () => {
  class Thing {
    a = 'x';
  }
  const hidden = Object.defineProperty({ a: 'x' }, 'b', { value: 1, enumerable: false });
  const symbolic = { a: 'x', [Symbol('s')]: 'y' };
  const bare = Object.assign(Object.create(null) as object, { b: 'y', a: 'x' });
  /** Objects and non-objects every record table shares; `value` is a valid value, `bad` an invalid one. */
  const shapes = (value: unknown, bad: unknown): unknown[] => [
    {},
    { a: value },
    { b: value, a: value, 2: value, 1: value },
    { a: bad },
    { a: value, b: bad, c: bad },
    { '': value },
    { '': bad },
    JSON.parse(`{"__proto__": ${JSON.stringify(value)}, "a": ${JSON.stringify(value)}}`),
    JSON.parse(`{"constructor": ${JSON.stringify(value)}}`),
    { constructor: { prototype: 1 } },
    Object.create({ a: value }),
    bare,
    hidden,
    symbolic,
    new Thing(),
    new Date(0),
    new Map([['a', value]]),
    [value],
    [],
    null,
    undefined,
    'a',
    1,
    true,
  ];

  test('string keys, array values (KybErrorBody.fields)', () => {
    const original = z.record(z.string(), z.array(z.string()));
    same(dict(z.string(), z.array(z.string())), original, shapes(['m'], [1]), whole);
    const body = z.object({ ...KybErrorBody.shape, fields: z.optional(original) });
    const bodies = shapes(['m'], [1]).map((fields) => ({ identifier: 'VALIDATION_ERROR', fields }));
    same(KybErrorBody, body, [...bodies, {}, { fields: undefined }, { fields: null }], whole);
  });

  test('non-empty string keys (AdditionalInfoRequest)', () => {
    const original = z.record(
      z.string().check(z.minLength(1)),
      z.object({ value: z.nullable(z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])) }),
    );
    same(
      AdditionalInfoRequest,
      original,
      [...shapes({ value: 'v' }, { value: {} }), { a: { value: null } }],
      whole,
    );
  });

  test('values piped through a transform (AdditionalInfoRead)', () => {
    const original = z.record(
      z.string(),
      z.pipe(
        z.optional(z.nullable(z.object({ value: z.optional(z.unknown()), type: opt(z.string()) }))),
        z.transform((v) => ({ value: v?.value ?? null, type: v?.type ?? null })),
      ),
    );
    same(
      AdditionalInfoRead,
      original,
      [...shapes({ value: 1, type: 'T' }, { type: 1 }), { a: null, b: {} }],
      whole,
    );
  });

  test('nested records (Answers, AnswersRead)', () => {
    const strict = z.object({
      sections: z.record(z.string(), z.record(z.string(), z.object({ value: AnswerValue }))),
    });
    const read = z.object({
      sections: orElse(
        z.record(
          z.string(),
          orElse(z.record(z.string(), z.object({ value: z.catch(AnswerValue, null) })), {}),
        ),
        {},
      ),
    });
    const sections = [
      ...shapes({ q1: { value: 'a' }, q2: { value: null } }, { q1: { value: {} } }),
      { s1: { q1: { value: ['a'] } }, s2: null },
      { s1: { q1: {} } },
      { s1: [] },
    ];
    const inputs = [...sections.map((x) => ({ sections: x })), {}, { sections: null }, null];
    same(Answers, strict, inputs, whole);
    same(AnswersRead, read, inputs, whole);
  });

  test('enum keys, partial (Theme.colors)', () => {
    const original = z.object({
      ...Theme.shape,
      colors: opt(z.partialRecord(z.enum(THEME_COLOR_KEYS), z.nullable(z.string()))),
    });
    const colors = [
      ...shapes('#123456', 1).map((c) =>
        c && typeof c === 'object' && 'a' in c ? { ...c, primary: '#fff' } : c,
      ),
      { primary: '#fff', error: null },
      { primary: 1 },
      { primary: '#fff', brand: '#000', 0: 'x' },
      { toString: '#fff' },
      JSON.parse('{"__proto__": "#fff", "primary": "#fff"}'),
    ];
    same(
      Theme,
      original,
      [...colors.map((c) => ({ companyName: 'A', colors: c })), {}, { colors: null }],
      whole,
    );
  });
});

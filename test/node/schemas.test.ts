/**
 * Every bound of the interface's Limits table and field tables: one accepted and one refused value each.
 * Table-driven: each row starts from a valid object, sets one field, and expects accept or refuse.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type * as z from 'zod/mini';
import {
  AgeTokenRequest,
  AmlCheckResponse,
  AmlMonitoring,
  Answers,
  answerValueSchema,
  BeneficiaryCreate,
  BlocklistRequest,
  CaptureSession,
  ClientTokenRequest,
  CompanyInfoRequest,
  CompanyFieldSchemas,
  IndividualFieldSchemas,
  CompanyWrite,
  CreateMonitoringRequest,
  DocumentUpload,
  InsufficientFinancesBody,
  KybErrorBody,
  KybInfo,
  KybTokenRequest,
  QuestionnaireDefinition,
  SelfieRequest,
  SosFilingDocument,
  SosOrderRequest,
  type QuestionType,
} from '../../src/api/index.ts';

const s = (n: number, ch = 'a') => ch.repeat(n);
type Row = [label: string, value: unknown, ok: boolean];

function setPath(obj: unknown, path: string, value: unknown): unknown {
  const copy = structuredClone(obj) as Record<string, unknown>;
  const keys = path.split('.');
  let cur: Record<string, unknown> = copy;
  for (const k of keys.slice(0, -1)) cur = cur[k] as Record<string, unknown>;
  const last = keys.at(-1)!;
  if (value === undefined) delete cur[last];
  else cur[last] = value;
  return copy;
}

function bounds(name: string, schema: z.ZodMiniType, base: unknown, rows: Record<string, Row[]>) {
  describe(name, () => {
    test('the base object is valid', () => {
      const r = schema.safeParse(base);
      assert.ok(r.success, JSON.stringify(r.error?.issues));
    });
    for (const [path, cases] of Object.entries(rows)) {
      for (const [label, value, ok] of cases) {
        test(`${path}: ${label} -> ${ok ? 'accepted' : 'refused'}`, () => {
          const r = schema.safeParse(setPath(base, path, value));
          assert.equal(r.success, ok, JSON.stringify(r.error?.issues ?? 'accepted'));
        });
      }
    }
  });
}

const tagRows: Row[] = [
  ['5 tags', ['a', 'b', 'c', 'd', 'e'], true],
  ['6 tags', ['a', 'b', 'c', 'd', 'e', 'f'], false],
  ['32 chars', [s(32)], true],
  ['33 chars', [s(33)], false],
  ['empty tag', [''], false],
  ['comma', ['a,b'], false],
  ['case-sensitive duplicates allowed', ['A', 'a'], true],
];

bounds(
  'AML monitoring request',
  CreateMonitoringRequest,
  { isSubscribed: true, amlCheck: { clientId: 'c1', userType: 'PERSON', input: { fullName: 'Jane Roe' } } },
  {
    tags: tagRows,
    isSubscribed: [
      ['false', false, true],
      ['missing', undefined, false],
    ],
    'amlCheck.clientId': [
      ['100 chars', s(100), true],
      ['101 chars', s(101), false],
      ['empty', '', false],
    ],
    'amlCheck.input.fullName': [
      ['200 chars', s(200), true],
      ['201 chars', s(201), false],
      ['empty', '', false],
    ],
    'amlCheck.input.nationality': [
      ['LT', 'LT', true],
      ['null', null, true],
      ['unknown code', 'XX', false],
      ['lower case', 'lt', false],
    ],
    'amlCheck.input.dateOfBirth': [
      ['date', '1980-02-29', true],
      ['not a date', '1980-13-01', false],
    ],
    'amlCheck.input.sex': [
      ['FEMALE', 'FEMALE', true],
      ['other', 'X', false],
    ],
    'amlCheck.userType': [['unknown', 'ROBOT', false]],
  },
);

bounds(
  'AML company check request',
  CreateMonitoringRequest,
  { isSubscribed: false, amlCheck: { clientId: 'c1', userType: 'COMPANY', input: { companyName: 'Acme' } } },
  {
    'amlCheck.input.companyName': [
      ['200 chars', s(200), true],
      ['201 chars', s(201), false],
    ],
    'amlCheck.input.country': [
      ['DE', 'DE', true],
      ['ZZ', 'ZZ', false],
    ],
  },
);

const now = '2026-11-21T10:00:00Z';
const personFilter = {
  threshold: 85,
  datasets: ['PEP_CURRENT'],
  sanctionBodies: [1],
  dateOfBirthMatching: 'EXACT',
};
bounds(
  'AML check response (filter, results, adverse media)',
  AmlCheckResponse,
  {
    id: '3f2b1c4e-8a7d-4e2f-9b1a-0c5d6e7f8a9b',
    clientId: 'c1',
    checkedAt: null,
    created: now,
    userType: 'PERSON',
    input: { fullName: 'Jane Roe' },
    filter: personFilter,
    amlCheck: [],
    adverseMedia: [],
    overallStatus: 'NO_FLAGS',
  },
  {
    // Responses are read as published: bounds are the service's business, only types are checked.
    'filter.threshold': [
      ['75', 75, true],
      ['null', null, true],
      ['absent', undefined, true],
      ['text', '85', false],
    ],
    'filter.datasets': [['absent', undefined, true]],
    'filter.sanctionBodies': [
      ['1 and 80', [1, 80], true],
      ['null', null, true],
      ['text', ['1'], false],
    ],
    'filter.pepTiers': [
      ['tier 3', ['PEP_TIER_3'], true],
      ['tier 4', ['PEP_TIER_4'], false],
    ],
    'filter.dateOfBirthMatching': [
      ['WITHIN_FIVE_YEARS', 'WITHIN_FIVE_YEARS', true],
      ['WITHIN_SIX_YEARS', 'WITHIN_SIX_YEARS', false],
    ],
    overallStatus: [
      ['FLAGS_FOUND', 'FLAGS_FOUND', true],
      ['OK', 'OK', false],
    ],
    adverseMedia: [
      [
        'full item',
        [
          {
            title: null,
            url: 'https://news.example/a',
            text: null,
            score: 3,
            type: 'NEGATIVE',
            publishDate: '2024-01-02',
          },
        ],
        true,
      ],
      [
        'type POSITIVE',
        [
          {
            title: null,
            url: 'https://x.test/',
            text: null,
            score: null,
            type: 'POSITIVE',
            publishDate: null,
          },
        ],
        false,
      ],
      [
        'missing field',
        [{ title: null, url: 'https://x.test/', text: null, score: null, type: null }],
        false,
      ],
    ],
    amlCheck: [
      [
        'individual result',
        [
          {
            resourceId: 'r1',
            score: 90,
            match: 'Jane Roe',
            name: 'Jane Roe',
            addresses: [{ geography: 'GB' }],
            nationalities: ['GB'],
            datesOfBirth: ['1980', '1980-02', '1980-02-01'],
            datasets: ['PEP_CURRENT', 'GRI'],
            currentSanBodyIds: [],
            formerSanBodyIds: [],
            pepTier: 'PEP_TIER_1',
          },
        ],
        true,
      ],
      [
        'date of birth as free text (published: a string)',
        [
          {
            resourceId: 'r1',
            score: 90,
            match: 'J',
            name: 'J',
            addresses: [],
            nationalities: [],
            datesOfBirth: ['01/02/1980'],
            datasets: [],
            currentSanBodyIds: [],
            formerSanBodyIds: [],
          },
        ],
        true,
      ],
      [
        'lower-case geography (published: a string)',
        [
          {
            resourceId: 'r1',
            score: 1,
            match: 'J',
            name: 'J',
            addresses: [{ geography: 'gb' }],
            nationalities: [],
            datesOfBirth: [],
            datasets: [],
            currentSanBodyIds: [],
            formerSanBodyIds: [],
          },
        ],
        true,
      ],
      [
        'missing name',
        [
          {
            resourceId: 'r1',
            score: 1,
            match: 'J',
            addresses: [],
            nationalities: [],
            datesOfBirth: [],
            datasets: [],
            currentSanBodyIds: [],
            formerSanBodyIds: [],
          },
        ],
        false,
      ],
    ],
  },
);

test('AML monitoring resource: status enum and tags default', () => {
  const base = {
    id: '3f2b1c4e-8a7d-4e2f-9b1a-0c5d6e7f8a9b',
    isSubscribed: true,
    status: 'ALERT',
    expiration: now,
    created: now,
    amlCheck: {
      id: '3f2b1c4e-8a7d-4e2f-9b1a-0c5d6e7f8a9b',
      clientId: 'c',
      checkedAt: now,
      created: now,
      userType: 'COMPANY',
      input: { companyName: 'Acme' },
      filter: { threshold: null, datasets: ['SOE_CURRENT'] },
      overallStatus: 'NOT_CHECKED',
    },
  };
  assert.deepEqual(AmlMonitoring.parse(base).tags, []);
  assert.equal(AmlMonitoring.safeParse({ ...base, status: 'RUNNING' }).success, false);
});

bounds(
  'SOS order request',
  SosOrderRequest,
  { companyName: 'Acme', city: 'Austin', street: '1 Main St', postalCode: '73301', state: 'TX' },
  {
    companyName: [
      ['200', s(200), true],
      ['201', s(201), false],
      ['empty', '', false],
    ],
    street: [
      ['255', s(255), true],
      ['256', s(256), false],
    ],
    city: [
      ['100', s(100), true],
      ['101', s(101), false],
    ],
    postalCode: [
      ['5 digits', '12345', true],
      ['4 digits', '1234', false],
      ['ZIP+4', '12345-6789', false],
      ['letters', 'ABCDE', false],
    ],
    state: [
      ['WY', 'WY', true],
      ['PR', 'PR', false],
    ],
  },
);

bounds(
  'SOS filing document response',
  SosFilingDocument,
  {
    id: 'x',
    checkedAt: now,
    status: 'FINISHED',
    dataFile: 'https://f/x.json',
    reportFile: 'https://f/x.pdf',
    companyName: 'Acme',
    formationDate: '2001-01-01',
    entityType: 'LLC',
    watchlistHitsCount: 0,
  },
  {
    // published: only `id` is required; `null` reads as not set; an unknown enum value reads as null
    checkedAt: [['null', null, true]],
    companyName: [
      ['null', null, true],
      ['absent', undefined, true],
    ],
    watchlistHitsCount: [
      ['int32 max', 2147483647, true],
      ['null', null, true],
      ['fraction', 1.5, false],
    ],
    status: [
      ['TIMED_OUT', 'TIMED_OUT', true],
      ['absent', undefined, true],
    ],
    entityType: [
      ['TRUST', 'TRUST', true],
      ['null', null, true],
    ],
    id: [['absent', undefined, false]],
  },
);

test('SOS filing document: an unknown status or entity type reads as not set', () => {
  const doc = SosFilingDocument.parse({ id: 'x', status: 'DONE', entityType: 'LLP' });
  assert.equal(doc.status, null);
  assert.equal(doc.entityType, null);
});

bounds(
  'Age-estimation token request',
  AgeTokenRequest,
  { min_age: 18, confidence_threshold: 70, buffer: 2 },
  {
    min_age: [
      ['1', 1, false], // buffer 2 > min_age 1
      ['120', 120, true],
      ['0', 0, false],
      ['121', 121, false],
      ['18.5', 18.5, false],
      ['absent (required)', undefined, false],
    ],
    confidence_threshold: [
      ['0', 0, true],
      ['100', 100, true],
      ['72.5 (a number, not only an integer)', 72.5, true],
      ['-1', -1, false],
      ['101', 101, false],
      ['absent (required)', undefined, false],
    ],
    buffer: [
      ['0', 0, true],
      ['18 (= min_age)', 18, true],
      ['20 (> min_age 18)', 20, false],
      ['21', 21, false],
      ['-1', -1, false],
    ],
    escalation: [
      ['NONE', 'NONE', true],
      ['EMAIL', 'EMAIL', false],
    ],
    retry_limit: [
      ['1', 1, true],
      ['3', 3, true],
      ['0', 0, false],
      ['4', 4, false],
    ],
    expiry_minutes: [
      ['5', 5, true],
      ['1440', 1440, true],
      ['4', 4, false],
      ['1441', 1441, false],
    ],
    success_redirect: [
      ['absolute URI', 'https://shop.example/ok', true],
      ['2048', `https://a.example/${s(2048 - 18)}`, true],
      ['2049', `https://a.example/${s(2049 - 18)}`, false],
      ['relative (published: format uri)', '/ok', false],
      ['blank', '', false],
      ['null (not nullable)', null, false],
    ],
    underage_redirect: [['relative', 'no', false]],
    uncertain_redirect: [['2049', `https://a.example/${s(2049 - 18)}`, false]],
    webhook_url: [
      ['absolute URI', 'https://partner.example/hook', true],
      ['null (not nullable)', null, false],
    ],
    client_id: [
      ['100', s(100), true],
      ['101', s(101), false],
      ['null', null, true],
    ],
    save_photo: [['string', 'yes', false]],
  },
);

test('402 insufficient_finances body (published: every member optional, `missing` a number)', () => {
  const body = {
    message: 'Insufficient finances',
    code: 'insufficient_finances',
    detail: {
      detail: 'No age estimation funds left',
      missing_limits: [],
      missing_additional_step_limits: [],
      missing_funds: 1,
      missing_pool_funds: [{ fund_pool: 'AGE_ESTIMATION', missing: 1.5 }],
      expired_expenses: [],
    },
  };
  assert.ok(InsufficientFinancesBody.safeParse(body).success);
  assert.ok(InsufficientFinancesBody.safeParse({}).success);
  const bad = structuredClone(body);
  (bad.detail.missing_pool_funds[0] as { missing: unknown }).missing = 'one';
  assert.equal(InsufficientFinancesBody.safeParse(bad).success, false);
});

bounds(
  'Capture session',
  CaptureSession,
  {
    status: 'PENDING',
    step: 'SELFIE',
    outcome: null,
    min_age: 18,
    escalation: 'DOC',
    retry_limit: 3,
    attempts_used: 0,
    expires_at: now,
    redirect_url: null,
  },
  {
    status: [
      ['EXPIRED', 'EXPIRED', true],
      ['OPEN', 'OPEN', false],
    ],
    step: [
      ['DOCUMENT', 'DOCUMENT', true],
      ['FACE', 'FACE', false],
    ],
    outcome: [
      ['ATTEMPTS_EXCEEDED', 'ATTEMPTS_EXCEEDED', true],
      ['OK', 'OK', false],
    ],
    attempts_used: [['-1', -1, false]],
  },
);

test('Selfie request: base64 only, at most 5 MiB decoded', () => {
  assert.ok(SelfieRequest.safeParse({ image: btoa('abc') }).success);
  assert.equal(SelfieRequest.safeParse({ image: 'not base64!' }).success, false);
  assert.equal(SelfieRequest.safeParse({ image: 'data:image/jpeg;base64,AAAA' }).success, false);
  assert.equal(
    SelfieRequest.safeParse({ image: 'A'.repeat(Math.ceil((5 * 1024 * 1024) / 3) * 4 + 4) }).success,
    false,
  );
});

bounds(
  'KYB token request',
  KybTokenRequest,
  { tokenType: 'FORM', clientId: 'client-1' },
  {
    tokenType: [
      ['FORM', 'FORM', true],
      ['GOV1 (not a form token)', 'GOV1', false],
      ['absent (required)', undefined, false],
    ],
    scanRefs: [
      ['40', [s(40)], true],
      ['41', [s(41)], false],
      ['null', null, true],
    ],
    flow: [
      ['uuid', '3f2b1c4e-8a7d-4e2f-9b1a-0c5d6e7f8a9b', true],
      ['not a uuid', 'flow-1', false],
    ],
    clientId: [
      ['100', s(100), true],
      ['101', s(101), false],
      ['empty', '', false],
    ],
    lifetime: [
      ['0', 0, true],
      ['2592000', 2592000, true],
      ['2592001', 2592001, false],
      ['-1', -1, false],
    ],
    externalRef: [
      ['40', s(40), true],
      ['41', s(41), false],
    ],
    locale: [
      ['lt', 'lt', true],
      ['xx', 'xx', false],
    ],
    questionnaire: [
      ['32 chars', s(32), true],
      ['33 chars', s(33), false],
      ['pattern', 'kyb_main-2*', true],
      ['space', 'kyb main', false],
    ],
    tags: tagRows,
  },
);

bounds(
  'Questionnaire definition',
  QuestionnaireDefinition,
  { key: 'q1', name: 'Main', title: 'Main questionnaire', sections: [] },
  {
    key: [
      ['32', s(32), true],
      ['33', s(33), false],
      ['pattern', 'a/b', false],
    ],
    name: [
      ['32', s(32), true],
      ['33', s(33), false],
    ],
    title: [
      ['512', s(512), true],
      ['513', s(513), false],
    ],
    description: [
      ['512', s(512), true],
      ['513', s(513), false],
    ],
    type: [
      ['KYC', 'KYC', true],
      ['AML', 'AML', false],
    ],
  },
);

bounds(
  'Company (create)',
  CompanyInfoRequest,
  { companyName: 'Acme Ltd', country: 'LT' },
  {
    companyName: [
      ['200', s(200), true],
      ['201', s(201), false],
      ['missing', undefined, false],
    ],
    country: [
      ['missing', undefined, false],
      ['XX', 'XX', false],
    ],
    region: [
      ['2', 'CA', true],
      ['3', 'CAL', false],
    ],
    type: [
      ['100', s(100), true],
      ['101', s(101), false],
    ],
    // As published: any text up to 128 characters (the element asks for E.164, see below).
    phone: [
      ['E.164', '+37060000000', true],
      ['no plus', '37060000000', true],
      ['128', s(128, '1'), true],
      ['129', s(129, '1'), false],
    ],
    brandNames: [
      ['10', Array.from({ length: 10 }, (_, i) => `b${i}`), true],
      ['11', Array.from({ length: 11 }, (_, i) => `b${i}`), false],
    ],
    activityCode: [
      ['8', s(8, '1'), true],
      ['9', s(9, '1'), false],
    ],
    tin: [
      ['32', s(32, '1'), true],
      ['33', s(33, '1'), false],
    ],
    email: [
      ['valid', 'ops@acme.test', true],
      ['invalid', 'ops@', false],
    ],
    website: [
      ['https', 'https://acme.test', true],
      ['javascript:', 'javascript:alert(1)', false],
    ],
  },
);

test('the element asks for phones in E.164 (company and person fields)', () => {
  for (const schema of [CompanyFieldSchemas.phone, IndividualFieldSchemas.phone]) {
    assert.equal(schema.safeParse('+37060000000').success, true);
    assert.equal(schema.safeParse('37060000000').success, false);
    assert.equal(schema.safeParse('+1234567890123456').success, false);
  }
});

test('Company draft (PATCH): required fields may be empty while editing, bounds still hold', () => {
  assert.ok(CompanyWrite.safeParse({ companyName: null, country: null, city: 'Vilnius' }).success);
  assert.equal(CompanyWrite.safeParse({ region: 'ABC' }).success, false);
});

bounds(
  'Beneficiary create',
  BeneficiaryCreate,
  {
    beneficiaryTypes: ['UBO'],
    info: { infoType: 'INDIVIDUAL', name: 'Ann', surname: 'Lee' },
    ownershipPercentage: 30,
  },
  {
    beneficiaryTypes: [
      ['several', ['CEO', 'UBO'], true],
      ['none', [], false],
      ['unknown', ['CFO'], false],
    ],
    positions: [
      ['3', ['a', 'b', 'c'], true],
      ['4', ['a', 'b', 'c', 'd'], false],
      ['50 chars', [s(50)], true],
      ['51 chars', [s(51)], false],
    ],
    ownershipPercentage: [
      ['0', 0, true],
      ['100', 100, true],
      ['null', null, true],
      ['100.5', 100.5, false],
      ['-1', -1, false],
    ],
    'info.nationality': [
      ['LV', 'LV', true],
      ['XX', 'XX', false],
    ],
    'info.infoType': [
      ['COMPANY with a person’s members', 'COMPANY', false],
      ['ROBOT', 'ROBOT', false],
      ['missing', undefined, false],
    ],
  },
);

bounds(
  'Beneficiary create (a company)',
  BeneficiaryCreate,
  {
    beneficiaryTypes: ['SHAREHOLDER'],
    info: { infoType: 'COMPANY', companyName: 'Holding AG', country: 'CH' },
    parent: 'b1',
  },
  {
    'info.country': [
      ['missing', undefined, false],
      ['XX', 'XX', false],
    ],
    'info.companyName': [
      ['200', s(200), true],
      ['201', s(201), false],
    ],
    parent: [
      ['null', null, true],
      ['empty', '', false],
    ],
  },
);

bounds(
  'Document upload',
  DocumentUpload,
  { type: 'IDENTITY_DOCUMENT', filename: 'passport.pdf', file: btoa('%PDF-1.4') },
  {
    filename: [
      ['jpeg', 'a.jpeg', true],
      ['HEIC upper case', 'a.HEIC', true],
      ['exe', 'a.exe', false],
      ['no extension', 'passport', false],
    ],
    file: [
      ['10 MiB', 'A'.repeat(Math.ceil((10 * 1024 * 1024) / 3) * 4), true],
      ['over 10 MiB', 'A'.repeat(Math.ceil((10 * 1024 * 1024) / 3) * 4 + 4), false],
      ['not base64', '***', false],
    ],
  },
);

describe('Answer values per question type (supplement value table)', () => {
  const choices = [
    { key: 'a', title: 'A' },
    { key: 'b', title: 'B' },
  ];
  const rows: [QuestionType, boolean, unknown, boolean][] = [
    ['TEXT', false, 'hello', true],
    ['TEXT', false, 5, false],
    ['TEXT_AREA', false, 'a\nb', true],
    ['PASSWORD', false, 's3cret', true],
    ['EMAIL', false, 'a@b.co', true],
    ['EMAIL', false, 'nope', false],
    ['TEL', false, '+370 600 00000', true],
    ['TEL', false, 'call me', false],
    ['URL', false, 'https://a.test/x', true],
    ['URL', false, 'javascript:alert(1)', false],
    ['DATE', false, '2024-02-29', true],
    ['DATE', false, '2023-02-29', false],
    ['DATETIME', false, '2024-02-29T10:15', true],
    ['DATETIME', false, 'tomorrow', false],
    ['TIME', false, '23:59', true],
    ['TIME', false, '24:00', false],
    ['COLOR', false, '#a1B2c3', true],
    ['COLOR', false, 'red', false],
    ['COUNTRY', false, 'JP', true],
    ['COUNTRY', false, 'XX', false],
    ['COUNTRY_MULTI', false, ['JP', 'LT'], true],
    ['COUNTRY_MULTI', false, ['JP', 'JP'], false],
    ['SELECT', true, 'a', true],
    ['SELECT', true, 'z', false],
    ['RADIO', true, 'b', true],
    ['RADIO', true, ['b'], false],
    ['SELECT_MULTI', true, ['a', 'b'], true],
    ['SELECT_MULTI', true, ['a', 'z'], false],
    ['CHECKBOX', false, true, true],
    ['CHECKBOX', false, 'yes', false],
    ['CHECKBOX', true, ['a'], true],
    ['CHECKBOX', true, true, false],
    ['INTEGER', false, 42, true],
    ['INTEGER', false, 4.2, false],
    ['FLOAT', false, 4.2, true],
    ['FLOAT', false, '4.2', false],
    ['LIST', false, ['x', 'y'], true],
    ['LIST', false, [''], false],
    ['FILE', false, { filename: 'a.pdf', file: btoa('x') }, true],
    ['FILE', false, { filename: 'a.exe', file: btoa('x') }, false],
    ['FILE_MULTI', false, [{ filename: 'a.png', file: btoa('x') }], true],
    ['FILE_MULTI', false, { filename: 'a.png', file: btoa('x') }, false],
  ];
  for (const [type, withChoices, value, ok] of rows) {
    test(`${type}${withChoices ? ' with choices' : ''}: ${JSON.stringify(value).slice(0, 40)} -> ${ok}`, () => {
      const schema = answerValueSchema({ type, choices: withChoices ? choices : [] });
      assert.equal(schema.safeParse(value).success, ok);
    });
  }
  test('the answers body shape', () => {
    assert.ok(Answers.safeParse({ sections: { s1: { q1: { value: 'x' }, q2: { value: null } } } }).success);
    assert.equal(Answers.safeParse({ sections: { s1: { q1: 'x' } } }).success, false);
  });
});

test('KYB info tolerates null flow/theme and unknown question types stay usable', () => {
  assert.ok(KybInfo.safeParse({ locale: 'de', theme: null, flow: null }).success);
  const info = KybInfo.parse({ flow: { fields: [{ field: 'COMPANY_NAME' }] } });
  assert.equal(info.flow?.fields[0]?.required, false);
});

test('Error bodies: message as string or {detail, completed}', () => {
  assert.ok(
    KybErrorBody.safeParse({ message: 'x', identifier: 'AUTHENTICATION_FAILED', documentation: '' }).success,
  );
  assert.ok(KybErrorBody.safeParse({ message: { detail: 'done', completed: true } }).success);
  assert.equal(KybErrorBody.safeParse({ message: 5 }).success, false);
});

test('Blocklist and client token requests', () => {
  assert.ok(BlocklistRequest.safeParse({ reason: 'fraud' }).success);
  assert.ok(BlocklistRequest.safeParse({}).success);
  assert.ok(BlocklistRequest.safeParse({ reason: null }).success);
  assert.equal(BlocklistRequest.safeParse({ reason: '' }).success, false);
  const token = { clientId: s(100), tokenType: 'IDENTIFICATION' };
  assert.ok(ClientTokenRequest.safeParse(token).success);
  assert.ok(ClientTokenRequest.safeParse({ ...token, tokenType: 'DOCUMENT' }).success);
  assert.equal(ClientTokenRequest.safeParse({ ...token, tokenType: 'FACE' }).success, false);
  assert.equal(ClientTokenRequest.safeParse({ clientId: 'c' }).success, false);
  assert.equal(ClientTokenRequest.safeParse({ ...token, clientId: s(101) }).success, false);
});

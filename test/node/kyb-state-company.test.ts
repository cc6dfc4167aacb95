import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Company, Flow } from '../../src/api/kyb.ts';
import {
  canCreate,
  companyPayload,
  draftIssues,
  fieldDefs,
  initialDraft,
  normalize,
  parseField,
  validBase,
  type FieldDef,
} from '../../src/kyb-form/company/model.ts';
import * as customFields from '../../src/kyb-form/custom-fields.ts';

const flow = Flow.parse({
  fields: [
    { field: 'COUNTRY', required: true, order: 2 },
    { field: 'COMPANY_NAME', required: true, order: 1 },
    { field: 'TIN', order: 4, changeFrom: '000', changeRequired: true },
    { field: 'REGION', order: 3, readOnly: true },
    { field: 'NOT_A_FIELD', order: 0 },
    { field: 'PHONE', order: 5 },
  ],
  fieldsCustom: [
    {
      field: { key: 'volume', title: 'Volume', choices: [{ key: 'lo', title: 'Low' }] },
      required: true,
      order: 6,
    },
  ],
});
const def = (defs: FieldDef[], key: string) => defs.find((d) => d.key === key)!;

test('fieldDefs follows the flow: order, unknown names dropped, flags kept, custom fields', () => {
  const defs = fieldDefs(flow, customFields);
  assert.deepEqual(
    defs.map((d) => d.key),
    ['companyName', 'country', 'region', 'tin', 'phone', 'volume'],
  );
  assert.equal(def(defs, 'region').readOnly, true);
  assert.equal(def(defs, 'volume').required, true);
  assert.equal(def(defs, 'phone').required, false);
});

test('flow null shows every company field; only name and country required', () => {
  const defs = fieldDefs(null);
  assert.equal(defs.length, 16);
  assert.deepEqual(
    defs.filter((d) => d.required).map((d) => d.key),
    ['companyName', 'country'],
  );
});

test('normalize: phone, website, brand names, country', () => {
  assert.equal(normalize('phone', ' +44 (20) 7946-0000 '), '+442079460000');
  assert.equal(normalize('phone', '0049301234'), '+49301234');
  assert.equal(normalize('website', 'example.com'), 'https://example.com');
  assert.equal(normalize('website', 'http://x.io'), 'http://x.io');
  assert.deepEqual(normalize('brandNames', 'A\n\n B \n'), ['A', 'B']);
  assert.equal(normalize('brandNames', '  \n'), null);
  assert.equal(normalize('country', 'de'), 'DE');
  assert.equal(normalize('city', '   '), null);
});

test('parseField: required, formats, bounds, change-from, choices', () => {
  const defs = fieldDefs(flow, customFields);
  assert.equal(parseField(def(defs, 'companyName'), '').issue, 'required');
  assert.equal(parseField(def(defs, 'companyName'), 'x'.repeat(201)).issue, 'too-long');
  assert.equal(parseField(def(defs, 'country'), 'XX').issue, 'country');
  assert.equal(parseField(def(defs, 'phone'), '12345').issue, 'phone');
  assert.equal(parseField(def(defs, 'phone'), '').issue, null);
  assert.equal(parseField(def(defs, 'tin'), '000').issue, 'change');
  assert.equal(parseField(def(defs, 'tin'), '123').issue, null);
  assert.equal(parseField(def(defs, 'volume'), 'hi').issue, 'choice');
  assert.equal(parseField(def(defs, 'volume'), 'lo').issue, null);
  assert.equal(parseField(def(defs, 'volume'), '').issue, 'required');
  const all = fieldDefs(null);
  assert.equal(
    parseField(def(all, 'brandNames'), Array.from({ length: 11 }, (_, i) => `b${i}`).join('\n')).issue,
    'too-many',
  );
  assert.equal(parseField(def(all, 'email'), 'no-at-sign').issue, 'email');
  assert.equal(parseField(def(all, 'website'), 'not a url').issue, 'url');
});

test('initialDraft prefills stored values, and changeFrom for empty fields of a new form only', () => {
  const defs = fieldDefs(flow, customFields);
  const company = Company.parse({
    companyName: 'Acme',
    brandNames: null,
    additionalInfo: { volume: { value: 'lo' } },
  });
  const draft = initialDraft(company, defs, true);
  assert.equal(draft.companyName, 'Acme');
  assert.equal(draft.tin, '000');
  // A form that exists shows what it holds: a prefilled value the user cleared stays cleared.
  assert.equal(initialDraft(company, defs).tin, '');
  assert.equal(initialDraft(null, defs).tin, '000');
  assert.equal(draft['custom:volume'], 'lo');
  assert.equal(draft.country, '');
});

test('companyPayload holds invalid fields back at their last valid value', () => {
  const defs = fieldDefs(flow, customFields);
  const base = validBase(
    Company.parse({
      companyName: 'Acme',
      country: 'DE',
      phone: '+4930123',
      city: 'Berlin',
      tin: 'bad'.repeat(20),
    }),
  );
  assert.equal(base.tin, null, 'an invalid stored value is not a valid base');
  const payload = companyPayload(base, defs, {
    companyName: '',
    country: 'fr',
    region: 'ZZ',
    tin: '000',
    phone: 'garbage',
    'custom:volume': 'lo',
  });
  assert.equal(payload.companyName, 'Acme');
  assert.equal(payload.country, 'FR');
  assert.equal(payload.region, null, 'read-only fields are never taken from the draft');
  assert.equal(payload.tin, null);
  assert.equal(payload.phone, '+4930123');
  assert.equal(payload.city, 'Berlin', 'fields not shown keep their stored value');
  assert.deepEqual(payload.additionalInfo, { volume: { value: 'lo' } });
  assert.equal(canCreate(payload), true);
  assert.equal(canCreate(companyPayload(validBase(null), defs, { companyName: 'X', country: '' })), false);
});

test('draftIssues lists every blocking problem but none for read-only fields', () => {
  const defs = fieldDefs(flow, customFields);
  const issues = draftIssues(defs, { companyName: '', country: 'DE', region: 'toolong', tin: '000' });
  assert.deepEqual(
    [...issues.entries()],
    [
      ['companyName', 'required'],
      ['tin', 'change'],
      ['custom:volume', 'required'],
    ],
  );
});

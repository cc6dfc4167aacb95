import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Beneficiary, BeneficiaryCreate, BeneficiaryPatch, Flow } from '../../src/api/kyb.ts';
import { DEMO_FLOW } from '../../src/sandbox/fixtures.ts';
import {
  beneficiaryConfig,
  beneficiaryName,
  createBody,
  draftFromBeneficiary,
  emptyDraft,
  listProblems,
  meetsThreshold,
  offeredTypes,
  ownershipTotal,
  parsePercent,
  patchBody,
  rolesFor,
  serverFieldErrors,
  validateDraft,
  type BeneficiaryConfig,
  type BeneficiaryDraft,
} from '../../src/kyb-form/beneficiaries/model.ts';
import {
  companySlots,
  missingRequired,
  renameProblem,
  renamedFilename,
  safeDocumentUrl,
  splitFilename,
  docTypeLabel,
} from '../../src/kyb-form/documents/model.ts';

const flow = (over: Record<string, unknown> = {}) =>
  Flow.parse({
    beneficiaries: [
      {
        required: true,
        fields: [{ field: 'OWNERSHIP_PERCENTAGE', required: true }],
        description: 'List owners.',
        applicants: [
          {
            required: false,
            fields: [
              { field: 'DATE_OF_BIRTH', required: true },
              { field: 'NATIONALITY', required: false },
              { field: 'SHOE_SIZE', required: true },
            ],
            documents: [
              { docType: 'IDENTITY_DOCUMENT', description: 'Passport', required: true },
              { docType: 'PROOF_OF_ADDRESS', description: 'Bill', required: false },
            ],
          },
        ],
      },
    ],
    ownershipPercentageThreshold: 25,
    ...over,
  });

const ben = (id: string, over: Partial<Beneficiary> = {}): Beneficiary => ({
  id,
  beneficiaryTypes: ['SHAREHOLDER'],
  infoType: 'INDIVIDUAL',
  info: { infoType: 'INDIVIDUAL', name: 'A', surname: 'B' },
  positions: [],
  formFiller: false,
  ownershipPercentage: null,
  parent: null,
  ...over,
});

const person = (
  values: Record<string, string> = {},
  over: Partial<BeneficiaryDraft> = {},
): BeneficiaryDraft => ({
  ...emptyDraft('INDIVIDUAL'),
  values: { name: 'Ada', surname: 'Lovelace', dateOfBirth: '1990-02-03', ...values },
  types: ['UBO'],
  ownership: '30',
  ...over,
});

const keys = (c: BeneficiaryConfig, t: 'INDIVIDUAL' | 'COMPANY') =>
  (c.applicants[t]?.fields ?? []).map((f) => f.key);
const requiredKeys = (c: BeneficiaryConfig, t: 'INDIVIDUAL' | 'COMPANY') =>
  (c.applicants[t]?.fields ?? []).filter((f) => f.required).map((f) => f.key);

describe('beneficiaryConfig', () => {
  it('flow null offers persons and companies with every role, requires nothing but the published minimum', () => {
    const c = beneficiaryConfig(null);
    assert.deepEqual(keys(c, 'INDIVIDUAL'), ['name', 'surname', 'dateOfBirth', 'nationality', 'email']);
    assert.deepEqual(requiredKeys(c, 'INDIVIDUAL'), ['name', 'surname']);
    assert.deepEqual(keys(c, 'COMPANY'), ['companyName', 'country', 'registrationNumber']);
    assert.deepEqual(requiredKeys(c, 'COMPANY'), ['companyName', 'country']);
    assert.deepEqual(c.roles, ['CEO', 'REPRESENTATIVE', 'SHAREHOLDER', 'UBO', 'ABO']);
    assert.deepEqual(c.requiredRoles, []);
    assert.deepEqual(c.positions, { shown: true, required: false });
    assert.deepEqual(c.ownership, { shown: true, required: false });
    assert.equal(c.atLeastOne, false);
    assert.equal(c.fullStructure, false);
    assert.deepEqual(
      c.applicants.INDIVIDUAL?.documents.map((d) => [d.docType, d.required]),
      [
        ['IDENTITY_DOCUMENT', false],
        ['PROOF_OF_ADDRESS', false],
        ['OTHER', false],
      ],
    );
    assert.deepEqual(
      c.applicants.COMPANY?.documents.map((d) => d.docType),
      ['INCORPORATION_CERT', 'SHAREHOLDER_REGISTRY', 'OTHER'],
    );
  });
  it('takes the union of entry and applicant fields, ignores unknown names', () => {
    const c = beneficiaryConfig(flow());
    assert.deepEqual(keys(c, 'INDIVIDUAL'), ['name', 'surname', 'dateOfBirth', 'nationality']);
    assert.deepEqual(requiredKeys(c, 'INDIVIDUAL'), ['name', 'surname', 'dateOfBirth']);
    assert.equal(c.applicants.COMPANY, undefined, 'an applicant without a type is a person');
    assert.deepEqual(c.ownership, { shown: true, required: true });
    assert.deepEqual(c.positions, { shown: false, required: false });
    assert.equal(c.atLeastOne, true);
    assert.equal(c.threshold, 25);
    assert.equal(c.description, 'List owners.');
    assert.deepEqual(
      c.applicants.INDIVIDUAL?.documents.map((d) => [d.docType, d.required]),
      [
        ['IDENTITY_DOCUMENT', true],
        ['PROOF_OF_ADDRESS', false],
      ],
    );
  });
  it('the demo flow: one entry per role, companies only as SHAREHOLDER (never UBO, though the flow lists them), full structure', () => {
    const c = beneficiaryConfig(Flow.parse(DEMO_FLOW));
    assert.deepEqual(c.roles, ['CEO', 'REPRESENTATIVE', 'SHAREHOLDER', 'UBO', 'ABO']);
    assert.deepEqual(rolesFor(c, 'INDIVIDUAL'), c.roles);
    // The demo flow lists companies under UBO too; a beneficial owner is a person by definition (issue 24).
    assert.deepEqual(rolesFor(c, 'COMPANY'), ['SHAREHOLDER']);
    assert.deepEqual(rolesFor(beneficiaryConfig(null), 'COMPANY'), ['REPRESENTATIVE', 'SHAREHOLDER']);
    assert.deepEqual(offeredTypes(c), ['INDIVIDUAL', 'COMPANY']);
    assert.equal(c.fullStructure, true);
    assert.equal(c.atLeastOne, true, 'a required applicant type needs a beneficiary');
    assert.deepEqual(c.requiredRoles, []);
    assert.deepEqual(c.positions, { shown: true, required: false });
    assert.deepEqual(requiredKeys(c, 'COMPANY'), ['companyName', 'country']);
  });
  it('a required role needs a beneficiary holding it', () => {
    const c = beneficiaryConfig(
      Flow.parse({
        beneficiaries: [
          {
            beneficiaryType: 'CEO',
            required: true,
            applicants: [{ applicantType: 'INDIVIDUAL', fields: [] }],
          },
          { beneficiaryType: 'UBO', applicants: [{ applicantType: 'INDIVIDUAL', fields: [] }] },
        ],
      }),
    );
    assert.deepEqual(c.roles, ['CEO', 'UBO']);
    assert.deepEqual(c.requiredRoles, ['CEO']);
    assert.deepEqual(
      listProblems([ben('a', { beneficiaryTypes: ['UBO'] })], c, () => []),
      [{ kind: 'role', role: 'CEO' }],
    );
    assert.deepEqual(
      listProblems([ben('a', { beneficiaryTypes: ['CEO'] })], c, () => []),
      [],
    );
  });
  it('an empty beneficiaries list means the step asks nothing', () => {
    const c = beneficiaryConfig(Flow.parse({}));
    assert.equal(c.present, false);
    assert.deepEqual(
      listProblems([], c, () => []),
      [],
    );
  });
  it('a null-heavy flow reads as defaults', () => {
    const c = beneficiaryConfig(
      Flow.parse({
        fields: null,
        fieldsCustom: null,
        documents: null,
        beneficiaries: [
          {
            beneficiaryType: 'UBO',
            required: null,
            fields: null,
            applicants: [
              {
                applicantType: 'COMPANY',
                fields: [{ field: 'COMPANY_NAME', order: null }],
                fieldsCustom: null,
                documents: null,
              },
            ],
          },
        ],
      }),
    );
    assert.deepEqual(keys(c, 'COMPANY'), ['companyName', 'country']);
    assert.deepEqual(c.applicants.COMPANY?.custom, []);
    assert.deepEqual(offeredTypes(c), ['COMPANY']);
    assert.equal(c.atLeastOne, false);
  });
});

describe('draft bodies', () => {
  it('create body: published shape (infoType inside info), only shown fields, empties omitted', () => {
    const c = beneficiaryConfig(flow());
    const body = createBody(person({ email: 'x@y.z', nationality: '' }), c);
    assert.deepEqual(body, {
      info: { infoType: 'INDIVIDUAL', name: 'Ada', surname: 'Lovelace', dateOfBirth: '1990-02-03' },
      beneficiaryTypes: ['UBO'],
      formFiller: false,
      ownershipPercentage: 30,
    });
    assert.equal(BeneficiaryCreate.safeParse(body).success, true);
  });
  it('patch body: cleared shown fields become null, valid hidden values are kept', () => {
    const c = beneficiaryConfig(flow());
    const d = draftFromBeneficiary(
      ben('b1', {
        info: { infoType: 'INDIVIDUAL', name: 'A', surname: 'B', email: 'a@b.co', nationality: 'DE' },
        ownershipPercentage: 12.5,
      }),
    );
    assert.equal(d.ownership, '12.5');
    assert.equal(d.values.nationality, 'DE');
    d.values.nationality = '';
    const body = patchBody(d, c);
    assert.deepEqual(body.info, {
      infoType: 'INDIVIDUAL',
      name: 'A',
      surname: 'B',
      nationality: null,
      email: 'a@b.co',
      dateOfBirth: null,
    });
    assert.equal(body.ownershipPercentage, 12.5);
    assert.equal(BeneficiaryPatch.safeParse(body).success, true);
  });
  it('company body: name and country inside info; positions are a person field', () => {
    const c = beneficiaryConfig(null);
    const d: BeneficiaryDraft = {
      ...emptyDraft('COMPANY'),
      values: { companyName: 'Holding AG', country: 'ch', registrationNumber: 'CHE-1' },
      types: ['SHAREHOLDER'],
      positions: ['Owner', '', ' Board '],
      ownership: '40,5',
    };
    const body = createBody(d, c);
    assert.deepEqual(body, {
      info: { infoType: 'COMPANY', companyName: 'Holding AG', country: 'CH', registrationNumber: 'CHE-1' },
      beneficiaryTypes: ['SHAREHOLDER'],
      formFiller: false,
      ownershipPercentage: 40.5,
    });
    assert.equal(BeneficiaryCreate.safeParse(body).success, true);
    // A person's positions go out trimmed, empties dropped.
    const p = createBody(person({}, { positions: ['Owner', '', ' Board '] }), c);
    assert.deepEqual(p.positions, ['Owner', 'Board']);
  });
  it('a COMPANY beneficiary without its country is refused on the field', () => {
    const c = beneficiaryConfig(null);
    const d: BeneficiaryDraft = {
      ...emptyDraft('COMPANY'),
      values: { companyName: 'Holding AG' },
      types: ['SHAREHOLDER'],
    };
    assert.equal(validateDraft(d, c, [], 'en').country, 'Choose the country.');
    assert.equal(BeneficiaryCreate.safeParse(createBody(d, c)).success, false);
  });
  it('an owner of a company beneficiary carries `parent` on create only', () => {
    const c = beneficiaryConfig(Flow.parse(DEMO_FLOW));
    const d = { ...person({}, { types: ['UBO'] }), parent: 'co-1' };
    assert.equal(createBody(d, c).parent, 'co-1');
    assert.equal('parent' in patchBody({ ...d, id: 'b9' }, c), false);
  });
  it('custom fields go out typed by CustomFieldTypeEnum', () => {
    const c = beneficiaryConfig(
      Flow.parse({
        beneficiaries: [
          {
            beneficiaryType: 'UBO',
            applicants: [
              {
                applicantType: 'INDIVIDUAL',
                fields: [],
                fieldsCustom: [
                  { field: { key: 'kids', title: 'Children', type: 'INTEGER' } },
                  { field: { key: 'pep', title: 'PEP', type: 'CHECKBOX' } },
                  { field: { key: 'since', title: 'Since', type: 'DATE' } },
                  {
                    field: {
                      key: 'langs',
                      title: 'Languages',
                      type: 'SELECT_MULTI',
                      choices: [
                        { key: 'en', title: 'English' },
                        { key: 'de', title: 'German' },
                      ],
                    },
                  },
                  { field: { key: 'homes', title: 'Homes', type: 'COUNTRY_MULTI' } },
                  { field: { key: 'note', title: 'Note', type: 'TEXT' } },
                ],
              },
            ],
          },
        ],
      }),
    );
    const d = person({
      'custom:kids': '12',
      'custom:pep': 'false',
      'custom:since': '2020-01-31',
      'custom:langs': 'de\nen',
      'custom:homes': 'DE\nFR',
      'custom:note': '',
    });
    assert.deepEqual(validateDraft(d, c, [], 'en', '2025-01-01'), {});
    const info = createBody(d, c).info as { additionalInfo: unknown };
    assert.deepEqual(info.additionalInfo, {
      kids: { value: 12 },
      pep: { value: false },
      since: { value: '2020-01-31' },
      langs: { value: ['de', 'en'] },
      homes: { value: ['DE', 'FR'] },
    });
    // Cleared on patch: null.
    const patch = patchBody({ ...d, id: 'b1', values: { ...d.values, 'custom:kids': '' } }, c);
    assert.deepEqual((patch.info as { additionalInfo: Record<string, unknown> }).additionalInfo.kids, {
      value: null,
    });
    // A non-integer is refused on its field.
    const bad = validateDraft(person({ 'custom:kids': '1.5' }), c, [], 'en', '2025-01-01');
    assert.equal(bad['custom:kids'], 'Enter a whole number, for example 12.');
  });
});

describe('a COMPANY beneficiary as read (infoType inside info)', () => {
  it('reads as a company with its name, and its draft edits and saves as one', () => {
    const b = Beneficiary.parse({
      id: 'c1',
      beneficiaryType: 'SHAREHOLDER',
      info: { infoType: 'COMPANY', companyName: 'Holding AG', country: 'CH', brandNames: [] },
      positions: [],
      ownershipPercentage: 40,
      parent: null,
    });
    assert.equal(b.infoType, 'COMPANY');
    assert.deepEqual(b.beneficiaryTypes, ['SHAREHOLDER']);
    assert.equal(beneficiaryName(b), 'Holding AG');
    const c = beneficiaryConfig(Flow.parse(DEMO_FLOW));
    const d = draftFromBeneficiary(b);
    assert.equal(d.infoType, 'COMPANY');
    assert.equal(d.values.companyName, 'Holding AG');
    d.values.companyName = 'Holding Group AG';
    assert.deepEqual(validateDraft(d, c, [], 'en'), {});
    const body = patchBody(d, c);
    assert.deepEqual(body.info, {
      infoType: 'COMPANY',
      companyName: 'Holding Group AG',
      country: 'CH',
      registrationNumber: null,
    });
    assert.equal(BeneficiaryPatch.safeParse(body).success, true);
  });
  it('a role a company cannot hold is refused', () => {
    const c = beneficiaryConfig(Flow.parse(DEMO_FLOW));
    const d: BeneficiaryDraft = {
      ...emptyDraft('COMPANY'),
      values: { companyName: 'Holding AG', country: 'CH' },
      types: ['CEO'],
      ownership: '10',
    };
    assert.equal(validateDraft(d, c, [], 'en').types, 'A company cannot hold one of the chosen roles.');
  });
});

describe('validateDraft', () => {
  const cfg = beneficiaryConfig(flow());
  it('a complete draft is valid', () => {
    assert.deepEqual(validateDraft(person(), cfg, [], 'en', '2025-01-01'), {});
  });
  it('maps schema issues to localized messages per field', () => {
    const e = validateDraft(
      person({ name: '', surname: 'x'.repeat(101), dateOfBirth: '' }, { types: [] }),
      beneficiaryConfig(null),
      [],
      'en',
      '2025-01-01',
    );
    assert.equal(e.name, 'Enter the first name.');
    assert.equal(e.surname, 'Too long: the limit is 100 characters.');
    assert.equal(e.types, 'Choose at least one role.');
    assert.equal(e.dateOfBirth, undefined); // optional when the flow is null
  });
  it('flow-required fields must be filled', () => {
    const e = validateDraft(person({ dateOfBirth: '' }, { ownership: '' }), cfg, [], 'en', '2025-01-01');
    assert.equal(e.dateOfBirth, 'Enter the date of birth.');
    assert.equal(e.ownership, 'Enter the ownership percentage.');
  });
  it('email, positions, future birth date', () => {
    const e = validateDraft(
      person({ email: 'nope', dateOfBirth: '2030-01-01' }, { positions: ['x'.repeat(51), '', ''] }),
      beneficiaryConfig(null),
      [],
      'en',
      '2025-01-01',
    );
    assert.match(e.email ?? '', /valid email/);
    assert.equal(e.position0, 'Too long: the limit is 50 characters.');
    assert.equal(e.dateOfBirth, 'The date of birth cannot be in the future.');
  });
  it('ownership: range, decimals, not a number', () => {
    const c = beneficiaryConfig(null);
    assert.equal(
      validateDraft(person({}, { ownership: '100.5' }), c, [], 'en').ownership,
      'Enter a percentage from 0 to 100.',
    );
    assert.equal(
      validateDraft(person({}, { ownership: 'abc' }), c, [], 'en').ownership,
      'Enter a percentage from 0 to 100.',
    );
    assert.equal(validateDraft(person({}, { ownership: '33.33' }), c, [], 'en').ownership, undefined);
    assert.equal(parsePercent(' 12,5 % '), 12.5);
    assert.equal(parsePercent(''), null);
    assert.ok(Number.isNaN(parsePercent('1e3') ?? 0));
  });
  it('ownership total above 100 is refused on the field that makes it exceed, not counting itself', () => {
    const others = [ben('a', { ownershipPercentage: 60 }), ben('b', { ownershipPercentage: 30 })];
    const e = validateDraft(person({}, { ownership: '10.5' }), cfg, others, 'en', '2025-01-01');
    assert.match(e.ownership ?? '', /100.5%.*cannot exceed 100%.*10%/);
    assert.equal(
      validateDraft(person({}, { ownership: '10' }), cfg, others, 'en', '2025-01-01').ownership,
      undefined,
    );
    // editing "b" replaces its 30
    const edit = { ...person({}, { ownership: '40' }), id: 'b' };
    assert.equal(validateDraft(edit, cfg, others, 'en', '2025-01-01').ownership, undefined);
    assert.equal(ownershipTotal(others), 90);
    assert.equal(ownershipTotal(others, 'a'), 30);
  });
  it('ownership totals are counted per owner: a company’s owners apart from the top level', () => {
    const others = [
      ben('co', { infoType: 'COMPANY', ownershipPercentage: 90 }),
      ben('o1', { ownershipPercentage: 70, parent: 'co' }),
    ];
    const owner = { ...person({}, { ownership: '30' }), parent: 'co' };
    assert.equal(validateDraft(owner, cfg, others, 'en', '2025-01-01').ownership, undefined);
    const over = validateDraft({ ...owner, ownership: '31' }, cfg, others, 'en', '2025-01-01');
    assert.match(over.ownership ?? '', /owners of this company would own 101%/);
    assert.equal(ownershipTotal(others, null, 'co'), 70);
    assert.equal(ownershipTotal(others), 90);
  });
});

describe('serverFieldErrors', () => {
  it('maps service field paths to draft fields, ignores unknown ones', () => {
    const e = serverFieldErrors({
      'info.email': ['bad'],
      'info.additionalInfo.kids': ['bad'],
      'positions.1': ['long'],
      beneficiaryTypes: ['x'],
      zzz: ['?'],
    });
    assert.deepEqual(Object.keys(e).sort(), ['custom:kids', 'email', 'position1', 'types']);
    assert.match(e.email ?? '', /did not accept/);
  });
});

describe('listProblems', () => {
  const cfg = beneficiaryConfig(flow());
  it('required beneficiary missing', () => {
    assert.deepEqual(
      listProblems([], cfg, () => []),
      [{ kind: 'required' }],
    );
  });
  it('threshold: a UBO or an owner at or above the threshold', () => {
    const low = [ben('a', { ownershipPercentage: 24.9 })];
    assert.deepEqual(
      listProblems(low, cfg, () => [{ type: 'IDENTITY_DOCUMENT' }]),
      [{ kind: 'threshold', threshold: 25 }],
    );
    assert.equal(meetsThreshold([ben('a', { ownershipPercentage: 25 })], 25), true);
    assert.equal(meetsThreshold([ben('a', { beneficiaryTypes: ['UBO'] })], 25), true);
    const noRequired = beneficiaryConfig(flow({ beneficiaries: [{ required: false, applicants: [] }] }));
    assert.deepEqual(
      listProblems(low, noRequired, () => []),
      [],
    );
  });
  it('total above 100 and missing required documents (unloaded lists are skipped)', () => {
    const list = [ben('a', { ownershipPercentage: 70 }), ben('b', { ownershipPercentage: 40 })];
    const p = listProblems(list, cfg, (id) => (id === 'a' ? [{ type: 'PROOF_OF_ADDRESS' }] : null));
    assert.deepEqual(p, [
      { kind: 'total', total: 110, parent: null },
      { kind: 'document', beneficiaryId: 'a', docType: 'IDENTITY_DOCUMENT' },
    ]);
  });
  it('a company’s owners are totalled apart and do not count for the threshold', () => {
    const list = [
      ben('co', { infoType: 'COMPANY', ownershipPercentage: 30 }),
      ben('o1', { ownershipPercentage: 60, parent: 'co' }),
      ben('o2', { ownershipPercentage: 50, parent: 'co' }),
    ];
    assert.deepEqual(
      listProblems(list, cfg, () => null),
      [{ kind: 'total', total: 110, parent: 'co' }],
    );
    const owners = [
      ben('co', { ownershipPercentage: 10 }),
      ben('o1', { ownershipPercentage: 60, parent: 'co' }),
    ];
    assert.deepEqual(
      listProblems(owners, cfg, () => null),
      [{ kind: 'threshold', threshold: 25 }],
    );
  });
});

describe('documents state', () => {
  it('company slots from the flow; null for the generic upload', () => {
    assert.equal(companySlots(null), null);
    const slots = companySlots(
      Flow.parse({
        documents: [
          { docType: 'CERT', description: 'Cert', required: true },
          { docType: 'CERT', description: '', required: false },
          { docType: 'EXTRA', required: false },
        ],
      }),
    );
    assert.deepEqual(slots, [
      { docType: 'CERT', description: 'Cert', required: true },
      { docType: 'EXTRA', description: null, required: false },
    ]);
    assert.deepEqual(
      missingRequired(slots ?? [], [{ type: 'EXTRA' }]).map((s) => s.docType),
      ['CERT'],
    );
    assert.deepEqual(missingRequired(slots ?? [], [{ type: 'CERT' }]), []);
  });
  it('safe URLs only: https anywhere, http on the same origin', () => {
    const page = 'http://127.0.0.1:8000/test/';
    assert.equal(safeDocumentUrl('https://cdn.example.com/f.pdf', page), 'https://cdn.example.com/f.pdf');
    assert.equal(safeDocumentUrl('/sandbox/files/1', page), 'http://127.0.0.1:8000/sandbox/files/1');
    assert.equal(safeDocumentUrl('http://evil.example/f.pdf', page), null);
    const js = ['java', 'script:alert(1)'].join('');
    assert.equal(safeDocumentUrl(js, page), null);
    assert.equal(safeDocumentUrl(` ${js.toUpperCase()}`, page), null);
    assert.equal(safeDocumentUrl('data:text/html,<b>x</b>', page), null);
    assert.equal(safeDocumentUrl('', page), null);
  });
  it('rename keeps the extension', () => {
    assert.deepEqual(splitFilename('a.b.pdf'), { base: 'a.b', ext: 'pdf' });
    assert.deepEqual(splitFilename('.pdf'), { base: '.pdf', ext: '' });
    assert.equal(renamedFilename('passport', 'scan.PDF'), 'passport.PDF');
    assert.equal(renamedFilename('passport.pdf', 'scan.pdf'), 'passport.pdf');
    assert.equal(renamedFilename(' id card ', 'x.jpg'), 'id card.jpg');
    assert.equal(renameProblem('', 'x.jpg'), 'Enter a file name.');
    assert.equal(renameProblem('a/b', 'x.jpg'), 'A file name cannot contain / or \\.');
    assert.equal(renameProblem('x'.repeat(300), 'x.jpg'), 'The file name is too long.');
    assert.match(renameProblem('ok', 'noext') ?? '', /accepted extension/);
    assert.equal(renameProblem('ok', 'x.heic'), null);
  });
  it('labels: known types localized, unknown humanized', () => {
    assert.equal(docTypeLabel('IDENTITY_DOCUMENT'), 'Identity document');
    assert.equal(docTypeLabel('BANK_STATEMENT'), 'Bank statement');
  });
});

describe('uniqueById (lists the service returned)', () => {
  it('keeps the first of repeated ids, in order', async () => {
    const { uniqueById } = await import('../../src/kyb-form/form-reducer.ts');
    const doc = (id: string, name: string) => ({ id, name });
    const list = [
      doc('a', '1'),
      doc('b', '2'),
      doc('a', '3'),
      ...Array.from({ length: 5000 }, () => doc('b', 'x')),
    ];
    assert.deepEqual(uniqueById(list), [doc('a', '1'), doc('b', '2')]);
    assert.deepEqual(uniqueById([]), []);
  });
});

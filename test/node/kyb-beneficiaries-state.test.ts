import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Flow, type Beneficiary } from '../../src/api/kyb.ts';
import {
  beneficiaryConfig,
  createBody,
  draftFromBeneficiary,
  emptyDraft,
  listProblems,
  meetsThreshold,
  ownershipTotal,
  parsePercent,
  patchBody,
  serverFieldErrors,
  validateDraft,
  type BeneficiaryDraft,
} from '../../src/kyb-form/beneficiaries/state.ts';
import {
  companySlots,
  missingRequired,
  renameProblem,
  renamedFilename,
  safeDocumentUrl,
  splitFilename,
  docTypeLabel,
} from '../../src/kyb-form/documents/state.ts';

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
  info: { name: 'A', surname: 'B' },
  positions: [],
  ...over,
});

const person = (over: Partial<BeneficiaryDraft> = {}): BeneficiaryDraft => ({
  ...emptyDraft('INDIVIDUAL'),
  name: 'Ada',
  surname: 'Lovelace',
  dateOfBirth: '1990-02-03',
  types: ['UBO'],
  ownership: '30',
  ...over,
});

describe('beneficiaryConfig', () => {
  it('flow null shows every field, requires none, offers the three individual document types', () => {
    const c = beneficiaryConfig(null);
    assert.equal(c.shown.size, 7);
    assert.equal(c.required.size, 0);
    assert.equal(c.atLeastOne, false);
    assert.deepEqual(
      c.documents.map((d) => [d.docType, d.required]),
      [
        ['IDENTITY_DOCUMENT', false],
        ['PROOF_OF_ADDRESS', false],
        ['OTHER', false],
      ],
    );
  });
  it('takes the union of entry and applicant fields, ignores unknown names', () => {
    const c = beneficiaryConfig(flow());
    assert.deepEqual([...c.shown].sort(), ['country', 'dateOfBirth', 'nationality', 'ownershipPercentage']);
    assert.deepEqual([...c.required].sort(), ['dateOfBirth', 'ownershipPercentage']);
    assert.equal(c.atLeastOne, true);
    assert.equal(c.threshold, 25);
    assert.equal(c.description, 'List owners.');
    assert.deepEqual(
      c.documents.map((d) => [d.docType, d.required]),
      [
        ['IDENTITY_DOCUMENT', true],
        ['PROOF_OF_ADDRESS', false],
      ],
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
});

describe('draft bodies', () => {
  it('create body: only shown fields, empties omitted', () => {
    const c = beneficiaryConfig(flow());
    const body = createBody(person({ email: 'x@y.z', nationality: '' }), c);
    assert.deepEqual(body, {
      infoType: 'INDIVIDUAL',
      info: { name: 'Ada', surname: 'Lovelace', dateOfBirth: '1990-02-03' },
      beneficiaryTypes: ['UBO'],
      formFiller: false,
      ownershipPercentage: 30,
    });
  });
  it('patch body: cleared shown fields become null, valid hidden values are kept', () => {
    const c = beneficiaryConfig(flow());
    const d = draftFromBeneficiary(
      ben('b1', {
        info: { name: 'A', surname: 'B', email: 'a@b.co', nationality: 'DE' },
        ownershipPercentage: 12.5,
      }),
    );
    assert.equal(d.ownership, '12.5');
    d.nationality = '';
    const body = patchBody(d, c);
    assert.deepEqual(body.info, {
      name: 'A',
      surname: 'B',
      nationality: null,
      email: 'a@b.co',
      dateOfBirth: null,
    });
    assert.equal(body.ownershipPercentage, 12.5);
  });
  it('company body with positions', () => {
    const c = beneficiaryConfig(null);
    const d: BeneficiaryDraft = {
      ...emptyDraft('COMPANY'),
      companyName: 'Holding AG',
      country: 'CH',
      registrationNumber: 'CHE-1',
      types: ['SHAREHOLDER'],
      positions: ['Owner', '', ' Board '],
      ownership: '40,5',
    };
    assert.deepEqual(createBody(d, c), {
      infoType: 'COMPANY',
      info: { companyName: 'Holding AG', country: 'CH', registrationNumber: 'CHE-1' },
      beneficiaryTypes: ['SHAREHOLDER'],
      formFiller: false,
      positions: ['Owner', 'Board'],
      ownershipPercentage: 40.5,
    });
  });
});

describe('validateDraft', () => {
  const cfg = beneficiaryConfig(flow());
  it('a complete draft is valid', () => {
    assert.deepEqual(validateDraft(person(), cfg, [], 'en', '2025-01-01'), {});
  });
  it('maps schema issues to localized messages per field', () => {
    const e = validateDraft(
      person({ name: '', surname: 'x'.repeat(101), types: [], dateOfBirth: '' }),
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
    const e = validateDraft(person({ dateOfBirth: '', ownership: '' }), cfg, [], 'en', '2025-01-01');
    assert.equal(e.dateOfBirth, 'Enter the date of birth.');
    assert.equal(e.ownership, 'Enter the ownership percentage.');
  });
  it('email, positions, future birth date', () => {
    const e = validateDraft(
      person({ email: 'nope', positions: ['x'.repeat(51), '', ''], dateOfBirth: '2030-01-01' }),
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
      validateDraft(person({ ownership: '100.5' }), c, [], 'en').ownership,
      'Enter a percentage from 0 to 100.',
    );
    assert.equal(
      validateDraft(person({ ownership: 'abc' }), c, [], 'en').ownership,
      'Enter a percentage from 0 to 100.',
    );
    assert.equal(validateDraft(person({ ownership: '33.33' }), c, [], 'en').ownership, undefined);
    assert.equal(parsePercent(' 12,5 % '), 12.5);
    assert.equal(parsePercent(''), null);
    assert.ok(Number.isNaN(parsePercent('1e3') ?? 0));
  });
  it('ownership total above 100 is refused on the field that makes it exceed, not counting itself', () => {
    const others = [ben('a', { ownershipPercentage: 60 }), ben('b', { ownershipPercentage: 30 })];
    const e = validateDraft(person({ ownership: '10.5' }), cfg, others, 'en', '2025-01-01');
    assert.match(e.ownership ?? '', /100.5%.*cannot exceed 100%.*10%/);
    assert.equal(
      validateDraft(person({ ownership: '10' }), cfg, others, 'en', '2025-01-01').ownership,
      undefined,
    );
    // editing "b" replaces its 30
    const edit = { ...person({ ownership: '40' }), id: 'b' };
    assert.equal(validateDraft(edit, cfg, others, 'en', '2025-01-01').ownership, undefined);
    assert.equal(ownershipTotal(others), 90);
    assert.equal(ownershipTotal(others, 'a'), 30);
  });
});

describe('serverFieldErrors', () => {
  it('maps service field paths to draft fields, ignores unknown ones', () => {
    const e = serverFieldErrors({
      'info.email': ['bad'],
      'positions.1': ['long'],
      beneficiaryTypes: ['x'],
      zzz: ['?'],
    });
    assert.deepEqual(Object.keys(e).sort(), ['email', 'position1', 'types']);
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
      { kind: 'total', total: 110 },
      { kind: 'document', beneficiaryId: 'a', docType: 'IDENTITY_DOCUMENT' },
    ]);
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
    const { uniqueById } = await import('../../src/kyb-form/state.ts');
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

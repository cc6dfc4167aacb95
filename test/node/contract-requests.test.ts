/**
 * Contract, requests: every request body the project builds (company create and patch with each custom
 * field type, person and company beneficiaries, documents, answers of all 21 question types, KYB / age /
 * identity tokens, AML, SOS, blocklists), built by the project's own code and captured as sent, is valid
 * per the published request schema. Custom field values are also checked against the published typed
 * value schema of their type (`kyb.CustomFieldValue`).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { check } from '../support/contract.ts';
import {
  buildRequestBodies,
  CUSTOM_FIELD_TYPES,
  customKeyOf,
  type BuiltBody,
} from '../support/contract-project.ts';

const counts = { built: 0, valid: 0 };
const invalid: string[] = [];
let bodies: BuiltBody[] = [];

before(async () => {
  bodies = await buildRequestBodies();
});

/** The published schemas every body kind must be checked against (so a builder cannot silently vanish). */
const EXPECTED = [
  'kyb.KybFormCreateRequest',
  'kyb.PatchedKybFormUpdateRequest',
  'kyb.BeneficiaryCreateRequest',
  'kyb.PatchedBeneficiaryRequest',
  'kyb.KybFormDocumentCreateRequest',
  'kyb.BeneficiaryDocumentCreateRequest',
  'kyb.PatchedBeneficiaryDocumentRequest',
  'kyb.KybFormAnswersRequest',
  'kyb.KybTokenRequest',
  'age.AgeEstimationTokenRequest',
  'kyc.ApiV2TokenRequest',
  'aml.AmlMonitoringRequest',
  'aml.AmlMonitoringStartStopRequest',
  'kyb.SosReportParameterRequest',
  'kyc.IdentificationBlacklistRequest',
];

describe('request bodies the project builds are valid per the published request schemas', () => {
  test('every request schema of the table has bodies', () => {
    const seen = new Set(bodies.map((b) => b.published));
    assert.deepEqual(
      EXPECTED.filter((e) => !seen.has(e)),
      [],
    );
  });
  for (const published of EXPECTED) {
    test(published, () => {
      const mine = bodies.filter((b) => b.published === published);
      const problems: string[] = [];
      for (const b of mine) {
        counts.built++;
        const problem = b.error ?? check(b.published, b.body);
        if (problem === null) counts.valid++;
        else problems.push(`${b.label}: ${problem}`);
      }
      invalid.push(...problems);
      assert.deepEqual(problems, [], `${problems.length} of ${mine.length} bodies invalid`);
    });
  }
  test('custom field values are typed as published (kyb.CustomFieldValue, per CustomFieldTypeEnum)', () => {
    const problems: string[] = [];
    for (const type of CUSTOM_FIELD_TYPES) {
      const body = bodies.find((b) => b.label === `company create, custom ${type}`)?.body as
        { company?: { additionalInfo?: Record<string, { value?: unknown }> } } | undefined;
      counts.built++;
      const entry = body?.company?.additionalInfo?.[customKeyOf(type)];
      const problem =
        entry === undefined
          ? 'not sent'
          : check('kyb.CustomFieldValue', { title: 't', type, value: entry.value });
      if (problem === null && entry?.value !== null) counts.valid++;
      else problems.push(`${type}: ${problem ?? 'sent as null'} (value ${JSON.stringify(entry?.value)})`);
    }
    invalid.push(...problems);
    assert.deepEqual(problems, []);
  });
});

after(() => {
  console.log(
    `contract requests: ${counts.built} bodies built, ${counts.valid} valid per the published schemas`,
  );
  for (const p of invalid) console.log(`  invalid: ${p.slice(0, 400)}`);
});

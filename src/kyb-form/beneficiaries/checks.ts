/**
 * The checks of a beneficiary draft and of the list: schema issues mapped to localized messages, ownership
 * totals per owner, the threshold rule, required roles and documents. Pure; part of the beneficiaries
 * step's state (state.ts re-exports it).
 */
import { msg, str } from '@lit/localize';
import { BeneficiaryCreate, BeneficiaryPatch, type Beneficiary, type KybDocument } from '../../api/kyb.ts';
import { customIssueMessage, parseCustom } from '../custom-fields.ts';
import { formatNumber } from '../format.ts';
import {
  applicantOf,
  rolesFor,
  type BeneficiaryConfig,
  type BeneficiaryTypeName,
  type InputKind,
} from './config.ts';
import {
  createBody,
  customKey,
  infoValue,
  memberSchema,
  parsePercent,
  patchBody,
  positionsOf,
  type BeneficiaryDraft,
  type DraftField,
} from './draft.ts';

export type DraftErrors = Partial<Record<DraftField, string>>;

/** The specific "missing" message of a field (a generic one for the others). */
export const requiredMessage = (field: DraftField): string => {
  switch (field) {
    case 'name':
      return msg('Enter the first name.');
    case 'surname':
      return msg('Enter the last name.');
    case 'companyName':
      return msg('Enter the company name.');
    case 'dateOfBirth':
      return msg('Enter the date of birth.');
    case 'nationality':
      return msg('Choose the nationality.');
    case 'email':
      return msg('Enter the email address.');
    case 'country':
      return msg('Choose the country.');
    case 'registrationNumber':
      return msg('Enter the registration number.');
    case 'position0':
    case 'position1':
    case 'position2':
      return msg('Enter at least one position.');
    case 'ownership':
      return msg('Enter the ownership percentage.');
    case 'types':
      return msg('Choose at least one role.');
    default:
      return msg('This field is required.');
  }
};

/** Maps a schema issue path to the draft field it concerns. */
export function fieldOfPath(path: readonly PropertyKey[]): DraftField | null {
  const [a, b, c] = path;
  if (a === 'info' && b === 'additionalInfo' && typeof c === 'string') return customKey(c);
  if (a === 'info' && b === 'infoType') return 'infoType';
  if (a === 'info' && typeof b === 'string') return b;
  if (a === 'beneficiaryTypes' || a === 'beneficiaryType') return 'types';
  if (a === 'ownershipPercentage') return 'ownership';
  if (a === 'formFiller') return 'formFiller';
  if (a === 'positions') return typeof b === 'number' ? `position${Math.min(2, b)}` : 'position0';
  return null;
}

interface IssueLike {
  code: string;
  path: readonly PropertyKey[];
  maximum?: unknown;
  origin?: string;
  format?: string;
}

/** One localized message per zod issue, by field and issue code. */
export function issueMessage(field: DraftField, issue: IssueLike, kind?: InputKind): string {
  const max =
    typeof issue.maximum === 'number' || typeof issue.maximum === 'bigint' ? Number(issue.maximum) : null;
  if (field === 'ownership') return msg('Enter a percentage from 0 to 100.');
  if (field === 'types') return msg('Choose at least one role.');
  if (issue.code === 'too_small' || (issue.code === 'invalid_type' && issue.origin !== 'array'))
    return requiredMessage(field);
  if (issue.code === 'too_big' && max !== null) {
    if (field.startsWith('position') && issue.origin === 'array') return msg('Enter at most 3 positions.');
    return msg(str`Too long: the limit is ${max} characters.`, { desc: 'text longer than the limit' });
  }
  if (field.startsWith('position')) return msg('A position cannot contain a comma.');
  switch (kind) {
    case 'email':
      return msg('Enter a valid email address, like name@example.com.');
    case 'date':
      return msg('Enter a valid date.');
    case 'country':
      return msg('Choose a country from the list.');
    case 'tel':
      return msg('Enter the number in international format, for example +4420794600.');
    case 'url':
      return msg('Enter a web address starting with https://.');
    default:
      return issue.format === 'regex' && (field === 'documentNumber' || field === 'personalNumber')
        ? msg('Use Latin letters, digits and common punctuation only.')
        : msg('Check this value.');
  }
}

/**
 * Field errors of a refused save (`ApiError.fields`, keys like `info.email` or `positions.1`) mapped to
 * draft fields with a localized message (the service's own text is not shown).
 */
export function serverFieldErrors(fields: Record<string, string[]>): DraftErrors {
  const out: DraftErrors = {};
  for (const key of Object.keys(fields)) {
    const path = key.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    const f = fieldOfPath(path);
    if (f && !out[f]) out[f] = msg('The service did not accept this value. Check it and try again.');
  }
  return out;
}

/** Sum of the ownership percentages of the owners of `parent` (top level: null), skipping `exceptId`. */
export function ownershipTotal(
  list: readonly Pick<Beneficiary, 'id' | 'ownershipPercentage' | 'parent'>[],
  exceptId?: string | null,
  parent: string | null = null,
) {
  let total = 0;
  for (const b of list)
    if (b.id !== exceptId && (b.parent ?? null) === parent && typeof b.ownershipPercentage === 'number')
      total += b.ownershipPercentage;
  return Math.round(total * 1e6) / 1e6;
}

const formatPct = (n: number, locale: string) => formatNumber(n, locale, 2);

/**
 * Every problem of the draft: the flow's required fields, each field's own rule, the published request
 * schema, the date of birth not in the future, a role the applicant type may hold, and the ownership total
 * among the same owner's beneficiaries (`others` are the saved ones) not above 100.
 */
export function validateDraft(
  d: BeneficiaryDraft,
  cfg: BeneficiaryConfig,
  others: readonly Pick<Beneficiary, 'id' | 'ownershipPercentage' | 'parent'>[],
  locale = 'en',
  today: string = new Date().toISOString().slice(0, 10),
): DraftErrors {
  const errors: DraftErrors = {};
  const set = (f: DraftField, m: string) => {
    if (!errors[f]) errors[f] = m;
  };
  const app = applicantOf(cfg, d.infoType);
  for (const f of app.fields) {
    const text = d.values[f.key] ?? '';
    const v = infoValue(f.key, f.kind, text);
    if (v === null) {
      if (f.required) set(f.key, requiredMessage(f.key));
      continue;
    }
    const schema = memberSchema(f.key, d.infoType);
    const r = schema?.safeParse(v) as { success: boolean; error?: { issues: IssueLike[] } } | undefined;
    if (r && !r.success && r.error?.issues[0]) set(f.key, issueMessage(f.key, r.error.issues[0], f.kind));
    if (f.kind === 'date' && f.key === 'dateOfBirth' && !errors[f.key] && typeof v === 'string' && v > today)
      set(f.key, msg('The date of birth cannot be in the future.'));
  }
  for (const c of app.custom) {
    const { issue } = parseCustom(c, d.values[customKey(c.key)] ?? '');
    if (issue) set(customKey(c.key), customIssueMessage(issue));
  }
  if (d.types.length === 0) set('types', requiredMessage('types'));
  const allowed = rolesFor(cfg, d.infoType);
  if (d.types.some((t) => !allowed.includes(t)))
    set(
      'types',
      d.infoType === 'COMPANY'
        ? msg('A company cannot hold one of the chosen roles.')
        : msg('A person cannot hold one of the chosen roles.'),
    );
  if (
    cfg.positions.shown &&
    d.infoType === 'INDIVIDUAL' &&
    cfg.positions.required &&
    positionsOf(d).length === 0
  )
    set('position0', requiredMessage('position0'));
  if (cfg.ownership.shown && cfg.ownership.required && d.ownership.trim() === '')
    set('ownership', requiredMessage('ownership'));

  // The published request schema (a backstop for anything the field rules above let through).
  const body = d.id === null ? createBody(d, cfg) : patchBody(d, cfg);
  const pct = cfg.ownership.shown ? parsePercent(d.ownership) : null;
  if (pct !== null && Number.isNaN(pct)) {
    set('ownership', msg('Enter a percentage from 0 to 100.'));
    delete body.ownershipPercentage;
  }
  const r = (d.id === null ? BeneficiaryCreate : BeneficiaryPatch).safeParse(body);
  if (!r.success)
    for (const issue of r.error.issues) {
      const f = fieldOfPath(issue.path);
      if (f) set(f, issueMessage(f, issue, app.fields.find((x) => x.key === f)?.kind));
    }
  // The ownership total among the same owner's beneficiaries.
  if (pct !== null && !Number.isNaN(pct) && !errors.ownership) {
    const before = ownershipTotal(others, d.id, d.parent);
    const total = before + pct;
    if (total > 100) {
      const rest = formatPct(Math.max(0, 100 - before), locale);
      const t = formatPct(total, locale);
      set(
        'ownership',
        d.parent
          ? msg(
              str`The owners of this company would own ${t}% of it; it cannot exceed 100%. At most ${rest}% is left.`,
            )
          : msg(
              str`The total ownership of all beneficiaries would be ${t}%; it cannot exceed 100%. At most ${rest}% is left.`,
            ),
      );
    }
  }
  return errors;
}

/** Whether the list satisfies the threshold rule (a UBO, or someone at or above the threshold). */
export function meetsThreshold(
  list: readonly Pick<Beneficiary, 'beneficiaryTypes' | 'ownershipPercentage'>[],
  threshold: number,
) {
  return list.some(
    (b) =>
      b.beneficiaryTypes.includes('UBO') ||
      (typeof b.ownershipPercentage === 'number' && b.ownershipPercentage >= threshold),
  );
}

export type ListProblem =
  | { kind: 'required' }
  | { kind: 'role'; role: BeneficiaryTypeName }
  | { kind: 'threshold'; threshold: number }
  | { kind: 'total'; total: number; parent: string | null }
  | { kind: 'document'; beneficiaryId: string; docType: string };

/**
 * Problems of the saved list: a required beneficiary or role missing, the threshold rule, the ownership
 * total of each owner's beneficiaries, missing documents.
 */
export function listProblems(
  list: readonly Beneficiary[],
  cfg: BeneficiaryConfig,
  documents: (beneficiaryId: string) => readonly Pick<KybDocument, 'type'>[] | null,
): ListProblem[] {
  const out: ListProblem[] = [];
  if (!cfg.present) return out;
  if (cfg.atLeastOne && list.length === 0) out.push({ kind: 'required' });
  else
    for (const role of cfg.requiredRoles)
      if (!list.some((b) => b.beneficiaryTypes.includes(role))) out.push({ kind: 'role', role });
  const top = list.filter((b) => !b.parent);
  if (cfg.atLeastOne && cfg.threshold !== null && top.length > 0 && !meetsThreshold(top, cfg.threshold))
    out.push({ kind: 'threshold', threshold: cfg.threshold });
  const parents = new Set<string | null>(list.map((b) => b.parent ?? null));
  for (const parent of parents) {
    const total = ownershipTotal(list, null, parent);
    if (total > 100) out.push({ kind: 'total', total, parent });
  }
  for (const b of list) {
    const docs = documents(b.id);
    if (docs === null) continue; // not loaded: the server decides on submit
    for (const req of applicantOf(cfg, b.infoType).documents) {
      if (req.required && !docs.some((d) => d.type === req.docType))
        out.push({ kind: 'document', beneficiaryId: b.id, docType: req.docType });
    }
  }
  return out;
}

/* ---------------------------------------------------------------- labels */

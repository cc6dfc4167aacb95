/**
 * The editable draft of one beneficiary, read from a stored one, and the published request bodies built
 * from it. Pure; part of the beneficiaries step's state (state.ts re-exports it).
 */
import {
  CompanyFieldSchemas,
  IndividualFieldSchemas,
  type Beneficiary,
  type CustomValue,
} from '../../api/kyb.ts';
import { customDraftText, parseCustom } from '../custom-fields.ts';
import { formatNumber } from '../format.ts';
import {
  ALWAYS,
  applicantOf,
  BENEFICIARY_TYPES,
  kindOf,
  type BeneficiaryConfig,
  type BeneficiaryTypeName,
  type InfoType,
  type InputKind,
} from './config.ts';

export interface BeneficiaryDraft {
  /** null while creating. */
  id: string | null;
  /** The COMPANY beneficiary this one owns part of (set on create only). */
  parent: string | null;
  infoType: InfoType;
  /** Draft text of every `info` member by key, and of custom fields as `custom:<key>`. */
  values: Record<string, string>;
  types: BeneficiaryTypeName[];
  /** Always three entries (empty ones are ignored). */
  positions: [string, string, string];
  formFiller: boolean;
  /** The raw text of the ownership input. */
  ownership: string;
}

/**
 * A draft field: an `info` member (`name`, `country`…), a custom field (`custom:<key>`), or one of
 * `infoType`, `types`, `position0`..`position2`, `formFiller`, `ownership`.
 */
export type DraftField = string;
export const customKey = (key: string) => `custom:${key}`;

export function emptyDraft(
  infoType: InfoType = 'INDIVIDUAL',
  parent: string | null = null,
): BeneficiaryDraft {
  return {
    id: null,
    parent,
    infoType,
    values: {},
    types: [],
    positions: ['', '', ''],
    formFiller: false,
    ownership: '',
  };
}

const isType = (t: string): t is BeneficiaryTypeName => (BENEFICIARY_TYPES as readonly string[]).includes(t);

/** Formats a percentage for the input (no locale grouping, `.` or the locale's decimal sign). */
export function formatPercentInput(value: number | null | undefined, locale = 'en'): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return formatNumber(value, locale, 6, { useGrouping: false });
}

/** The draft text of an `info` member as read. */
function infoText(value: unknown, kind: InputKind): string {
  if (value === null || value === undefined) return '';
  if (kind === 'yesno') return value === true ? 'yes' : value === false ? 'no' : '';
  if (Array.isArray(value)) return value.filter((v) => typeof v === 'string').join('\n');
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

export function draftFromBeneficiary(b: Beneficiary, locale = 'en'): BeneficiaryDraft {
  const values: Record<string, string> = {};
  for (const [k, v] of Object.entries(b.info)) {
    if (k === 'infoType' || k === 'additionalInfo') continue;
    values[k] = infoText(v, kindOf(k, b.infoType).kind);
  }
  for (const [k, v] of Object.entries(b.info.additionalInfo ?? {}))
    values[customKey(k)] = customDraftText(v.value);
  const p = b.positions ?? [];
  return {
    id: b.id,
    parent: b.parent ?? null,
    infoType: b.infoType,
    values,
    types: b.beneficiaryTypes.filter(isType),
    positions: [p[0] ?? '', p[1] ?? '', p[2] ?? ''],
    formFiller: b.formFiller ?? false,
    ownership: formatPercentInput(b.ownershipPercentage, locale),
  };
}

/** Parses the ownership text: `''` -> null, a number (comma or dot decimals), or NaN when not a number. */
export function parsePercent(text: string): number | null {
  const t = text.trim().replace(/\s|%/g, '');
  if (t === '') return null;
  if (!/^\d+([.,]\d+)?$/.test(t)) return Number.NaN;
  return Number(t.replace(',', '.'));
}

/** The value sent for an `info` member's draft text (`null` when empty). */
export function infoValue(key: string, kind: InputKind, text: string): string | boolean | string[] | null {
  if (kind === 'yesno') return text === 'yes' ? true : text === 'no' ? false : null;
  if (kind === 'lines') {
    const list = text
      .split('\n')
      .map((x) => x.trim())
      .filter(Boolean);
    return list.length ? list : null;
  }
  let v = text.trim();
  if (v === '') return null;
  if (kind === 'country' || key === 'region') v = v.toUpperCase();
  if (kind === 'tel') {
    v = v.replace(/[\s().-]/g, '');
    if (v.startsWith('00')) v = `+${v.slice(2)}`;
  }
  if (kind === 'url' && !/^[a-z][a-z0-9+.-]*:/i.test(v) && /^[^\s/]+\.[^\s/]+/.test(v)) v = `https://${v}`;
  return v;
}

/** The element-side schema of an `info` member (published bounds; E.164 phones), or null. */
export function memberSchema(key: string, type: InfoType) {
  const set: Record<string, { safeParse(v: unknown): { success: boolean } }> =
    type === 'INDIVIDUAL' ? IndividualFieldSchemas : CompanyFieldSchemas;
  return set[key] ?? null;
}

/** The `info` object for the draft's type (with `infoType` inside, as published). */
function buildInfo(d: BeneficiaryDraft, cfg: BeneficiaryConfig, forPatch: boolean) {
  const app = applicantOf(cfg, d.infoType);
  const shown = new Map(app.fields.map((f) => [f.key, f]));
  const out: Record<string, unknown> = { infoType: d.infoType };
  const keys = new Set([...shown.keys(), ...Object.keys(d.values).filter((k) => !k.startsWith('custom:'))]);
  for (const key of keys) {
    const def = shown.get(key);
    const kind = def?.kind ?? kindOf(key, d.infoType).kind;
    const v = infoValue(key, kind, d.values[key] ?? '');
    if (!def) {
      // Not asked: keep what was stored, when it is valid; never send it on create.
      const schema = memberSchema(key, d.infoType);
      if (forPatch && v !== null && schema?.safeParse(v).success) out[key] = v;
      continue;
    }
    if (v !== null) out[key] = v;
    else if (forPatch && !ALWAYS[d.infoType].includes(key) && kind !== 'lines') out[key] = null;
  }
  if (d.infoType === 'COMPANY' && out.brandNames === undefined && forPatch && shown.has('brandNames'))
    out.brandNames = [];
  const additional: Record<string, { value: CustomValue | null }> = {};
  for (const c of app.custom) {
    const { value, issue } = parseCustom(c, d.values[customKey(c.key)] ?? '');
    if (!issue && value !== null) additional[c.key] = { value };
    else if (!issue && forPatch) additional[c.key] = { value: null };
  }
  if (Object.keys(additional).length) out.additionalInfo = additional;
  return out;
}

export const positionsOf = (d: BeneficiaryDraft) => d.positions.map((p) => p.trim()).filter((p) => p !== '');

/** The POST body for a new beneficiary (`kyb.BeneficiaryCreateRequest`, not yet validated). */
export function createBody(d: BeneficiaryDraft, cfg: BeneficiaryConfig): Record<string, unknown> {
  const body: Record<string, unknown> = {
    beneficiaryTypes: [...d.types],
    info: buildInfo(d, cfg, false),
    formFiller: d.formFiller,
  };
  if (cfg.positions.shown && d.infoType === 'INDIVIDUAL') {
    const p = positionsOf(d);
    if (p.length) body.positions = p;
  }
  if (cfg.ownership.shown) {
    const pct = parsePercent(d.ownership);
    if (pct !== null) body.ownershipPercentage = pct;
  }
  if (d.parent) body.parent = d.parent;
  return body;
}

/** The PATCH body for an existing beneficiary (`kyb.PatchedBeneficiaryRequest`, not yet validated). */
export function patchBody(d: BeneficiaryDraft, cfg: BeneficiaryConfig): Record<string, unknown> {
  const body: Record<string, unknown> = {
    beneficiaryTypes: [...d.types],
    info: buildInfo(d, cfg, true),
    formFiller: d.formFiller,
  };
  if (cfg.positions.shown && d.infoType === 'INDIVIDUAL') body.positions = positionsOf(d);
  if (cfg.ownership.shown) body.ownershipPercentage = parsePercent(d.ownership);
  return body;
}

/* ---------------------------------------------------------------- checks */

/**
 * The published schemas as JSON Schema (generated into test/contract/schemas/ by
 * scripts/openapi-to-json-schema.ts), an ajv validator over them, and a sample generator: for a schema,
 * every optional member present, every nullable member `null`, required members only, each enum value
 * and each oneOf/anyOf branch, honouring `readOnly` (left out of requests) and `writeOnly` (left out of
 * responses).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { SCHEMA_BASE, SCHEMA_DIR } from '../../scripts/openapi-to-json-schema.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export const CONTRACT_KEYS = ['kyb', 'age', 'aml', 'kyc'] as const;
const docs: Record<string, Obj> = Object.fromEntries(
  CONTRACT_KEYS.map((k) => [k, JSON.parse(readFileSync(join(SCHEMA_DIR, `${k}.json`), 'utf8')) as Obj]),
);

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
export const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
addFormats(ajv);
for (const doc of Object.values(docs)) ajv.addSchema(doc);

const compiled = new Map<string, ValidateFunction>();
/** The validator of a published schema, named `key.Name` (e.g. `kyb.KybInfo`). */
export function validator(name: string): ValidateFunction {
  let v = compiled.get(name);
  if (!v) {
    const [key, def] = name.split('.');
    if (!key || !def || !isObj(docs[key]?.$defs) || !(def in (docs[key].$defs as Obj)))
      throw new Error(`no published schema ${name}`);
    v = ajv.compile({ $ref: `${SCHEMA_BASE}${key}.json#/$defs/${def}` });
    compiled.set(name, v);
  }
  return v;
}

/** `null` when valid, else ajv's errors as short text. */
export function check(name: string, value: unknown): string | null {
  const v = validator(name);
  if (v(value)) return null;
  return (v.errors ?? [])
    .slice(0, 6)
    .map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`)
    .join('; ');
}

/* ---------------------------------------------------------------- samples */

export type Direction = 'response' | 'request';
type Kind = 'full' | 'nulls' | 'required';
interface Mode {
  kind: Kind;
  branch: number;
  enumIndex: number;
  direction: Direction;
  /**
   * In `nulls` samples, nullable leaves are `null`, and so are the nullable objects and arrays met at
   * this nesting level (counted in nullable containers): shallower ones are kept so that the `null`s
   * inside them show.
   */
  nullLevel: number;
}
interface Stats {
  maxEnum: number;
  maxBranches: number;
  maxNullLevel: number;
}

/** Whether a schema (through `$ref` / `allOf`) describes an object or an array. */
function isContainer(schema: unknown, doc: Obj, depth = 0): boolean {
  if (!isObj(schema) || depth > 10) return false;
  if (typeof schema.$ref === 'string') return isContainer(resolveRef(schema.$ref, doc), doc, depth + 1);
  if (Array.isArray(schema.allOf)) return schema.allOf.some((p) => isContainer(p, doc, depth + 1));
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('object') || types.includes('array') || isObj(schema.properties);
}

/** Strings tried, in order, for a pattern; the first that matches (and fits the bounds) is used. */
const PATTERN_CANDIDATES = [
  'sample',
  'key_1',
  'ABC123',
  '#1a2b3c',
  '12345',
  'https://files.example.com/report.json',
  'https://files.example.com/report.pdf',
];
const FORMAT_VALUES: Record<string, string> = {
  date: '2024-05-06',
  'date-time': '2024-05-06T07:08:09Z',
  email: 'person@example.com',
  uuid: '3f2b8c4e-5d6a-4b7c-8d9e-0f1a2b3c4d5e',
  uri: 'https://files.example.com/document.pdf',
  byte: 'aGVsbG8gd29ybGQ=',
};

function resolveRef(ref: string, doc: Obj): Obj {
  const m = /^#\/\$defs\/(.+)$/.exec(ref);
  const defs = doc.$defs as Obj;
  const target = m ? defs[m[1] ?? ''] : undefined;
  if (!isObj(target)) throw new Error(`unresolved ${ref}`);
  return target;
}

const isNullBranch = (s: unknown) => isObj(s) && s.type === 'null';

function mergeValues(a: unknown, b: unknown): unknown {
  if (isObj(a) && isObj(b)) {
    const out: Obj = { ...a };
    for (const [k, v] of Object.entries(b)) out[k] = k in out ? mergeValues(out[k], v) : v;
    return out;
  }
  return b === undefined ? a : b;
}

function stringFor(s: Obj, name: string): string {
  const min = typeof s.minLength === 'number' ? s.minLength : 0;
  const max = typeof s.maxLength === 'number' ? s.maxLength : 10_000;
  const fit = (v: string) => v.length >= min && v.length <= max;
  if (typeof s.format === 'string' && s.format in FORMAT_VALUES) {
    let v = FORMAT_VALUES[s.format] ?? '';
    if (s.format === 'uri' && typeof s.pattern === 'string') {
      const re = new RegExp(s.pattern, 'u');
      v = PATTERN_CANDIDATES.find((c) => c.startsWith('https:') && re.test(c)) ?? v;
    }
    return v;
  }
  if (typeof s.pattern === 'string') {
    const re = new RegExp(s.pattern, 'u');
    const hit = PATTERN_CANDIDATES.find((c) => re.test(c) && fit(c));
    if (hit === undefined) throw new Error(`no sample string for pattern ${s.pattern}`);
    return hit;
  }
  let v = `${name || 'value'} sample`;
  if (v.length > max) v = v.slice(0, max);
  while (v.length < min) v += 'x';
  return v;
}

function numberFor(s: Obj, integer: boolean): number {
  const lo = typeof s.minimum === 'number' ? s.minimum : undefined;
  const hi = typeof s.maximum === 'number' ? s.maximum : undefined;
  let v: number;
  if (lo !== undefined && hi !== undefined) v = (lo + hi) / 2;
  else if (lo !== undefined) v = lo + 42;
  else if (hi !== undefined) v = hi - 42;
  else v = 42;
  if (integer) return Math.floor(v);
  return Number.isInteger(v) ? (v + 0.5 <= (hi ?? Infinity) ? v + 0.5 : v - 0.5) : v;
}

function gen(
  schema: unknown,
  doc: Obj,
  mode: Mode,
  stats: Stats,
  name: string,
  depth: number,
  level = 0,
): unknown {
  if (depth > 30) throw new Error('schema too deep for samples');
  if (!isObj(schema)) return 'sample';
  const next = (s: unknown, n = name, l = level) => gen(s, doc, mode, stats, n, depth + 1, l);
  if (typeof schema.$ref === 'string') return next(resolveRef(schema.$ref, doc));
  if ('const' in schema) return schema.const;
  /** A nullable member in a `nulls` sample: `null`, or kept (one level deeper) when a container above the level. */
  const nullHere = (inner: unknown): boolean | 'deeper' => {
    if (mode.kind !== 'nulls') return false;
    if (!isContainer(inner, doc)) return true;
    stats.maxNullLevel = Math.max(stats.maxNullLevel, level + 1);
    return level >= mode.nullLevel ? true : 'deeper';
  };
  const branches = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (Array.isArray(branches)) {
    const nonNull = branches.filter((b) => !isNullBranch(b));
    const pick = nonNull[mode.branch % nonNull.length];
    stats.maxBranches = Math.max(stats.maxBranches, nonNull.length);
    if (nonNull.length < branches.length) {
      const n = nullHere(pick);
      if (n === true) return null;
      if (n === 'deeper') return next(pick, name, level + 1);
    }
    return next(pick);
  }
  if (Array.isArray(schema.allOf)) {
    let out: unknown;
    for (const part of schema.allOf) out = mergeValues(out, next(part));
    return out;
  }
  let type = schema.type;
  if (Array.isArray(type)) {
    if (type.includes('null')) {
      const n = nullHere({ ...schema, type: type.filter((t) => t !== 'null') });
      if (n === true) return null;
      if (n === 'deeper') level++;
    }
    type = type.find((t) => t !== 'null');
  }
  if (Array.isArray(schema.enum)) {
    const values = schema.enum.filter((v) => v !== null);
    stats.maxEnum = Math.max(stats.maxEnum, values.length);
    return values[mode.enumIndex % values.length];
  }
  switch (type) {
    case 'object': {
      const out: Obj = {};
      const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
      for (const [p, ps] of Object.entries(isObj(schema.properties) ? schema.properties : {})) {
        if (!isObj(ps)) continue;
        if (mode.direction === 'response' && ps.writeOnly === true) continue;
        if (mode.direction === 'request' && ps.readOnly === true) continue;
        if (mode.kind === 'required' && !required.has(p)) continue;
        out[p] = next(ps, p);
      }
      if (isObj(schema.additionalProperties) && mode.kind !== 'required')
        out.key_1 = next(schema.additionalProperties, 'key_1');
      return out;
    }
    case 'array': {
      const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const max = typeof schema.maxItems === 'number' ? schema.maxItems : 100;
      const n = Math.min(max, Math.max(min, mode.kind === 'required' ? 0 : 1));
      return Array.from({ length: n }, () => next(schema.items));
    }
    case 'string':
      return stringFor(schema, name);
    case 'integer':
      return numberFor(schema, true);
    case 'number':
      return numberFor(schema, false);
    case 'boolean':
      return mode.enumIndex % 2 === 0;
    default:
      // no type: any value (`{nullable: true}` alone, `items: {}`)
      return mode.kind === 'nulls' ? null : 'sample';
  }
}

export interface Sample {
  label: string;
  value: unknown;
}

/**
 * The samples of a published schema: for each oneOf/anyOf branch, all members present, every nullable
 * member `null`, required members only, then one sample per enum value (every enum of the sample takes
 * its k-th value, so every value of every enum appears at every place; booleans alternate).
 */
export function samples(name: string, direction: Direction = 'response'): Sample[] {
  const [key, def] = name.split('.');
  const doc = docs[key ?? ''];
  if (!doc || !def) throw new Error(`no published schema ${name}`);
  const root = resolveRef(`#/$defs/${def}`, doc);
  const out = new Map<string, Sample>();
  const add = (label: string, value: unknown) => {
    const k = JSON.stringify(value);
    if (!out.has(k)) out.set(k, { label, value });
  };
  const stats: Stats = { maxEnum: 1, maxBranches: 1, maxNullLevel: 0 };
  for (let branch = 0; branch < stats.maxBranches; branch++) {
    const at = (kind: Kind, enumIndex: number, nullLevel = 0) =>
      gen(root, doc, { kind, branch, enumIndex, direction, nullLevel }, stats, def, 0);
    add(`branch ${branch}, all members`, at('full', 0));
    for (let level = 0; level <= stats.maxNullLevel; level++)
      add(`branch ${branch}, nullable members null (containers from level ${level})`, at('nulls', 0, level));
    add(`branch ${branch}, required members only`, at('required', 0));
    for (let e = 1; e < Math.max(2, stats.maxEnum); e++)
      add(`branch ${branch}, enum value #${e}`, at('full', e));
  }
  return [...out.values()];
}

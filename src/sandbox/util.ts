/**
 * Runtime-neutral helpers of the sandbox handler: error bodies, JSON responses, zod issue mapping, random
 * ids and base64 (reading bodies within limits is `body.ts`). No node modules here (Web APIs only).
 */
import type * as z from 'zod/mini';
import type { ErrorIdentifier } from '../api/common.ts';

/** No request body above this size is read (413 `BAD_VALUE`); most routes take far less (`body.ts`). */
export const MAX_BODY_BYTES = 20 * 1024 * 1024;

/** An absolute URI (published `format: uri`) naming the error; the identifiers are listed in the sandbox README. */
export const DOCS_BASE = 'urn:verify-elements:sandbox:errors:';

export interface ErrorExtras {
  fields?: Record<string, string[]>;
  code?: string;
  headers?: Record<string, string>;
}

/** The error body `{message, identifier, documentation}` (plus `fields` / `code` where relevant). */
export function errorBody(identifier: string, message: string, extras: ErrorExtras = {}) {
  return {
    message,
    identifier,
    documentation: `${DOCS_BASE}${identifier}`,
    // Published (`kyb.KybInfoUnauthorized*`): every error body carries a severity.
    severity: 'NOT_SEVERE',
    ...(extras.fields ? { fields: extras.fields } : {}),
    ...(extras.code ? { code: extras.code } : {}),
  };
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
}

export function empty(status: number, headers: Record<string, string> = {}): Response {
  return new Response(null, { status, headers: { 'Cache-Control': 'no-store', ...headers } });
}

export function errorResponse(
  status: number,
  identifier: ErrorIdentifier | string,
  message: string,
  extras: ErrorExtras = {},
) {
  return json(errorBody(identifier, message, extras), status, extras.headers ?? {});
}

/** Thrown by handlers to answer with an error; the route wrapper turns it into the response. */
export class HttpError extends Error {
  readonly response: Response;
  constructor(status: number, identifier: string, message: string, extras: ErrorExtras = {}) {
    super(message);
    this.response = errorResponse(status, identifier, message, extras);
  }
  static of(response: Response): HttpError {
    const e = new HttpError(500, 'INTERNAL_ERROR', 'wrapped');
    (e as { response: Response }).response = response;
    return e;
  }
}

export const notFound = (what = 'Not found.') => new HttpError(404, 'NOT_FOUND', what);
export const authFailed = (message = 'Authentication credentials were not provided or are not valid.') =>
  new HttpError(401, 'AUTHENTICATION_FAILED', message);

/** Zod issues -> `{ "a.b": ["message"] }`. */
export function issuesToFields(issues: readonly z.core.$ZodIssue[], prefix = ''): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues.slice(0, 100)) {
    const path = [prefix, ...issue.path.map(String)].filter((p) => p !== '').join('.') || '(root)';
    (fields[path] ??= []).push(issue.message);
  }
  return fields;
}

export function validationError(fields: Record<string, string[]>, message = 'The request is not valid.') {
  return new HttpError(400, 'VALIDATION_ERROR', message, { fields });
}

/** Parses `value` with `schema` or throws 400 `VALIDATION_ERROR` with the field paths. */
export function parseOrThrow<S extends z.ZodMiniType>(schema: S, value: unknown, prefix = ''): z.output<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw validationError(issuesToFields(r.error.issues, prefix));
  return r.data as z.output<S>;
}

export function randomHex(bytes = 16): string {
  const a = new Uint8Array(bytes);
  crypto.getRandomValues(a);
  return [...a].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export const uuid = () => crypto.randomUUID();

export function base64ToBytes(b64: string): Uint8Array<ArrayBuffer> {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const iso = (ms: number) => new Date(ms).toISOString();

const MIME: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
  pdf: 'application/pdf',
  json: 'application/json',
  svg: 'image/svg+xml',
};
export function contentTypeFor(filename: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase() ?? '';
  return MIME[ext] ?? 'application/octet-stream';
}

/** Deterministic PRNG (mulberry32). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Shortens long strings inside a parsed JSON value (for the request log). */
export function abbreviate(v: unknown, depth = 0): unknown {
  if (typeof v === 'string') return v.length > 512 ? `${v.slice(0, 512)}…(${v.length} chars)` : v;
  if (depth > 8) return '…';
  if (Array.isArray(v)) return v.slice(0, 200).map((x) => abbreviate(x, depth + 1));
  if (isRecord(v)) {
    const o: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) o[k] = abbreviate(x, depth + 1);
    return o;
  }
  return v;
}

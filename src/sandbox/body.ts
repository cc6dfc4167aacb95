/**
 * Reading a request body before anything parses it: a byte cap per route (1 MiB, or 20 MiB on the routes
 * that carry files) and a cheap scan of the JSON's shape that refuses more than 50,000 members and array
 * elements, or nesting deeper than 64, with 413 `BAD_VALUE`. `JSON.parse` of a 16 MiB object with 1.4
 * million keys takes seconds of the one event loop every tenant shares; the scan refuses it after reading
 * its first ~100 kB, in well under a millisecond. Web APIs only.
 */
import { HttpError, MAX_BODY_BYTES } from './util.ts';

/** Byte cap of a route whose body carries no file (every route but the upload routes). */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;
/** Byte cap of the routes that carry files as base64 (documents, answers, age images). */
export const MAX_FILE_BODY_BYTES = MAX_BODY_BYTES;
/**
 * Object members plus array elements in one body: the largest demo configuration has about 1,250, a
 * 4,000-question questionnaire's definition (the bench's largest) about 25,000 and its answers about 16,000.
 */
export const MAX_JSON_ITEMS = 50_000;
/** Nesting of objects and arrays. */
export const MAX_JSON_DEPTH = 64;

export interface BodyLimits {
  maxBytes: number;
  maxItems: number;
  maxDepth: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Counts the members and array elements of a JSON text chunk by chunk, without parsing it: characters
 * inside strings are skipped with `indexOf` (a base64 file costs almost nothing), the structure outside
 * them is read byte by byte. `[` counts as one element (an empty array too), each `,` inside an array as
 * one more, each `:` as one member. Text that is not JSON is left to `JSON.parse` to refuse.
 */
export class JsonShapeScanner {
  items = 0;
  depth = 0;
  #inString = false;
  #escaped = false;
  /** 1 = array, 0 = object, per open container. */
  readonly #stack: Uint8Array;

  constructor(private readonly limits: Pick<BodyLimits, 'maxItems' | 'maxDepth'>) {
    this.#stack = new Uint8Array(limits.maxDepth + 1);
  }

  /** Scans one more chunk; returns why the body is refused, or null while it is within the limits. */
  push(chunk: Uint8Array): string | null {
    const n = chunk.length;
    let nextBackslash = -1;
    for (let i = 0; i < n; i++) {
      if (this.#inString) {
        if (this.#escaped) {
          this.#escaped = false;
          continue;
        }
        if (nextBackslash !== n && nextBackslash < i) {
          nextBackslash = chunk.indexOf(BACKSLASH, i);
          if (nextBackslash < 0) nextBackslash = n;
        }
        const quote = chunk.indexOf(QUOTE, i);
        if (quote >= 0 && quote < nextBackslash) {
          this.#inString = false;
          i = quote;
        } else if (nextBackslash < n) {
          this.#escaped = true;
          i = nextBackslash;
        } else {
          i = n; // the string goes on in the next chunk
        }
        continue;
      }
      switch (chunk[i]) {
        case QUOTE:
          this.#inString = true;
          break;
        case 0x7b: // {
        case 0x5b: // [
          if (++this.depth > this.limits.maxDepth) return `nests deeper than ${this.limits.maxDepth} levels`;
          this.#stack[this.depth] = chunk[i] === 0x5b ? 1 : 0;
          if (chunk[i] === 0x5b) this.items++;
          break;
        case 0x7d: // }
        case 0x5d: // ]
          if (this.depth > 0) this.depth--;
          break;
        case 0x3a: // :
          this.items++;
          break;
        case 0x2c: // ,
          if (this.#stack[this.depth] === 1) this.items++;
          break;
        default:
          break;
      }
      if (this.items > this.limits.maxItems)
        return `has more than ${this.limits.maxItems.toLocaleString('en')} members and array elements`;
    }
    return null;
  }
}

const mib = (bytes: number) => `${Math.round((bytes / 1048576) * 10) / 10} MiB`;

export const bodyTooLarge = (limit: number) =>
  new HttpError(413, 'BAD_VALUE', `The request body is larger than ${mib(limit)}.`);

/**
 * Reads a request body within `limits`, or throws 413 `BAD_VALUE`: a declared `Content-Length` over the
 * byte cap without reading, otherwise as soon as the bytes read pass the cap or the JSON scanned so far
 * passes the member or depth limit (the rest is not read).
 */
export async function readJsonBody(req: Request, limits: BodyLimits): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(req.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > limits.maxBytes) throw bodyTooLarge(limits.maxBytes);
  if (!req.body) return new Uint8Array(0);
  const scanner = new JsonShapeScanner(limits);
  const reader = req.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let total = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array<ArrayBuffer>>;
    try {
      chunk = await reader.read();
    } catch {
      // The client went away mid-body (a dropped connection): nobody reads the answer.
      throw new HttpError(400, 'BAD_VALUE', 'The request body could not be read.');
    }
    const { done, value } = chunk;
    if (done) break;
    total += value.byteLength;
    const refused =
      total > limits.maxBytes ? bodyTooLarge(limits.maxBytes) : shapeRefusal(scanner.push(value));
    if (refused) {
      await reader.cancel().catch(() => undefined);
      throw refused;
    }
    chunks.push(value);
  }
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const out = new Uint8Array(total);
  let off = 0;
  for (const c of chunks) {
    out.set(c, off);
    off += c.byteLength;
  }
  return out;
}

function shapeRefusal(reason: string | null): HttpError | null {
  return reason ? new HttpError(413, 'BAD_VALUE', `The request body ${reason}.`) : null;
}

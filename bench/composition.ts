/**
 * What a set of built files is made of: each byte of the minified output is attributed, through the
 * build's source maps, to the source file it came from, and grouped by package (`lit`, `zod`, ...) or by
 * folder of `src/`. Sizes per group are raw bytes and the gzip size of that group's bytes on their own
 * (so the gzip column adds up to a little more than the files' real gzip size).
 */
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_INDEX = new Map([...B64].map((c, i) => [c, i]));

/** Decodes one source-map segment (base64 VLQ) into its numbers. */
export function decodeVlq(segment: string): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const ch of segment) {
    const digit = B64_INDEX.get(ch);
    if (digit === undefined) throw new Error(`bad VLQ character ${ch}`);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

/** The group a source path belongs to: a package name, `src/<folder>`, or `(other)`. */
export function groupOfSource(source: string): string {
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (nm) return nm[1]!;
  const src = /(?:^|\/)src\/([^/]+)\//.exec(source);
  if (src) return `src/${src[1]}`;
  return '(other)';
}

/** Bytes of `code` per source group, using its source map (`file.map` next to it). */
export function attribute(file: string, totals = new Map<string, string[]>()): Map<string, string[]> {
  const code = readFileSync(file, 'utf8');
  const mapFile = `${file}.map`;
  if (!existsSync(mapFile)) {
    (totals.get('(no source map)') ?? totals.set('(no source map)', []).get('(no source map)')!).push(code);
    return totals;
  }
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string };
  const lines = code.split('\n');
  let source = 0;
  map.mappings.split(';').forEach((lineMappings, lineNo) => {
    const line = lines[lineNo] ?? '';
    const segments = lineMappings ? lineMappings.split(',') : [];
    let column = 0;
    const starts: { column: number; source: number | null }[] = [];
    for (const seg of segments) {
      const [dc, ds] = decodeVlq(seg);
      column += dc ?? 0;
      if (ds !== undefined) {
        source += ds;
        starts.push({ column, source });
      } else starts.push({ column, source: null });
      // (The source line/column/name fields are not needed here.)
    }
    if (starts.length === 0 || starts[0]!.column > 0) starts.unshift({ column: 0, source: null });
    starts.forEach((s, i) => {
      const end = starts[i + 1]?.column ?? line.length;
      const group = s.source === null ? '(other)' : groupOfSource(map.sources[s.source] ?? '');
      (totals.get(group) ?? totals.set(group, []).get(group)!).push(line.slice(s.column, end));
    });
  });
  return totals;
}

export interface Part {
  group: string;
  raw: number;
  gzip: number;
}

/** The composition of `files`, largest group first. */
export function composition(files: Iterable<string>): Part[] {
  const totals = new Map<string, string[]>();
  for (const f of files) attribute(f, totals);
  return [...totals]
    .map(([group, pieces]) => {
      const text = pieces.join('');
      return { group, raw: Buffer.byteLength(text), gzip: gzipSync(text, { level: 9 }).length };
    })
    .filter((p) => p.raw > 0)
    .sort((a, b) => b.raw - a.raw);
}

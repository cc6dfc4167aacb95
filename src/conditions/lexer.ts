/**
 * Linear-time, hand-written lexer for questionnaire condition strings.
 * No regular expressions are used, so there is no backtracking.
 */

/** Maximum accepted source length in UTF-16 code units. Longer inputs are a parse error. */
export const MAX_SOURCE_LENGTH = 2000;
/** Maximum number of tokens in one condition. More tokens are a parse error. */
export const MAX_TOKENS = 1024;

export type TokenType =
  | 'ident'
  | 'string'
  | 'number'
  | 'true'
  | 'false'
  | 'null'
  | 'in'
  | 'contains'
  | '=='
  | '!='
  | '>'
  | '>='
  | '<'
  | '<='
  | '&&'
  | '||'
  | '!'
  | '('
  | ')'
  | '['
  | ']'
  | ','
  | '.'
  | 'eof';

export interface Token {
  readonly type: TokenType;
  /** identifier name, decoded string value or numeric value */
  readonly value: string | number | null;
  /** offset of the token's first character in the source */
  readonly pos: number;
}

export class ConditionSyntaxError extends Error {
  readonly pos: number;
  constructor(message: string, pos: number) {
    super(`${message} at position ${pos}`);
    this.name = 'ConditionSyntaxError';
    this.pos = pos;
  }
}

const KEYWORDS: ReadonlyMap<string, TokenType> = new Map<string, TokenType>([
  ['true', 'true'],
  ['false', 'false'],
  ['null', 'null'],
  ['in', 'in'],
  ['contains', 'contains'],
]);

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
function isIdentStart(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}
function isIdentPart(c: number): boolean {
  return isIdentStart(c) || isDigit(c) || c === 45; /* - */
}
function isSpace(c: number): boolean {
  // space, tab, LF, VT, FF, CR, NBSP, BOM, line/paragraph separators
  return c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0xfeff || c === 0x2028 || c === 0x2029;
}
function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

function describeChar(src: string, i: number): string {
  return JSON.stringify(src.charAt(i));
}

/** Tokenise `src`. Throws {@link ConditionSyntaxError} on invalid input. */
export function tokenize(src: string): Token[] {
  if (src.length > MAX_SOURCE_LENGTH) {
    throw new ConditionSyntaxError(
      `Condition is too long (${src.length} characters, maximum ${MAX_SOURCE_LENGTH})`,
      MAX_SOURCE_LENGTH,
    );
  }
  const tokens: Token[] = [];
  const n = src.length;
  let i = 0;
  const push = (type: TokenType, value: string | number | null, pos: number): void => {
    if (tokens.length >= MAX_TOKENS) {
      throw new ConditionSyntaxError(`Condition has too many tokens (maximum ${MAX_TOKENS})`, pos);
    }
    tokens.push({ type, value, pos });
  };

  while (i < n) {
    const c = src.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    const start = i;
    if (isIdentStart(c)) {
      i++;
      while (i < n && isIdentPart(src.charCodeAt(i))) i++;
      const word = src.slice(start, i);
      const kw = KEYWORDS.get(word);
      push(kw ?? 'ident', kw === undefined ? word : null, start);
      continue;
    }
    if (isDigit(c) || c === 45 /* - */) {
      if (c === 45) {
        i++;
        if (i >= n || !isDigit(src.charCodeAt(i))) {
          throw new ConditionSyntaxError(
            `Unexpected "-" (only negative number literals are supported, there is no minus operator)`,
            start,
          );
        }
      }
      while (i < n && isDigit(src.charCodeAt(i))) i++;
      if (i < n && src.charCodeAt(i) === 46 /* . */) {
        i++;
        if (i >= n || !isDigit(src.charCodeAt(i))) {
          throw new ConditionSyntaxError('Invalid number: expected digits after "."', start);
        }
        while (i < n && isDigit(src.charCodeAt(i))) i++;
      }
      if (i < n && (src.charCodeAt(i) === 101 || src.charCodeAt(i) === 69) /* e E */) {
        i++;
        if (i < n && (src.charCodeAt(i) === 43 || src.charCodeAt(i) === 45)) i++;
        if (i >= n || !isDigit(src.charCodeAt(i))) {
          throw new ConditionSyntaxError('Invalid number: expected digits in exponent', start);
        }
        while (i < n && isDigit(src.charCodeAt(i))) i++;
      }
      if (i < n && (isIdentPart(src.charCodeAt(i)) || src.charCodeAt(i) === 46)) {
        throw new ConditionSyntaxError(`Invalid number: unexpected ${describeChar(src, i)}`, start);
      }
      push('number', Number(src.slice(start, i)), start);
      continue;
    }
    if (c === 34 /* " */ || c === 39 /* ' */) {
      i++;
      let out = '';
      let chunkStart = i;
      let closed = false;
      while (i < n) {
        const d = src.charCodeAt(i);
        if (d === c) {
          out += src.slice(chunkStart, i);
          i++;
          closed = true;
          break;
        }
        if (d === 92 /* \ */) {
          out += src.slice(chunkStart, i);
          const escPos = i;
          i++;
          if (i >= n) break;
          const e = src.charCodeAt(i);
          switch (e) {
            case 34:
              out += '"';
              i++;
              break;
            case 39:
              out += "'";
              i++;
              break;
            case 92:
              out += '\\';
              i++;
              break;
            case 110 /* n */:
              out += '\n';
              i++;
              break;
            case 116 /* t */:
              out += '\t';
              i++;
              break;
            case 114 /* r */:
              out += '\r';
              i++;
              break;
            case 117 /* u */: {
              let code = 0;
              for (let k = 1; k <= 4; k++) {
                const h = i + k < n ? hexValue(src.charCodeAt(i + k)) : -1;
                if (h < 0)
                  throw new ConditionSyntaxError('Invalid \\u escape (expected 4 hex digits)', escPos);
                code = code * 16 + h;
              }
              out += String.fromCharCode(code);
              i += 5;
              break;
            }
            default:
              throw new ConditionSyntaxError(`Invalid escape sequence "\\${src.charAt(i)}"`, escPos);
          }
          chunkStart = i;
          continue;
        }
        i++;
      }
      if (!closed) throw new ConditionSyntaxError('Unterminated string literal', start);
      push('string', out, start);
      continue;
    }
    const next = i + 1 < n ? src.charCodeAt(i + 1) : -1;
    switch (c) {
      case 61 /* = */:
        if (next === 61) {
          push('==', null, start);
          i += 2;
          continue;
        }
        throw new ConditionSyntaxError('Unexpected "=" (use "==" for equality)', start);
      case 33 /* ! */:
        if (next === 61) {
          push('!=', null, start);
          i += 2;
        } else {
          push('!', null, start);
          i++;
        }
        continue;
      case 62 /* > */:
        if (next === 61) {
          push('>=', null, start);
          i += 2;
        } else {
          push('>', null, start);
          i++;
        }
        continue;
      case 60 /* < */:
        if (next === 61) {
          push('<=', null, start);
          i += 2;
        } else {
          push('<', null, start);
          i++;
        }
        continue;
      case 38 /* & */:
        if (next === 38) {
          push('&&', null, start);
          i += 2;
          continue;
        }
        throw new ConditionSyntaxError('Unexpected "&" (use "&&")', start);
      case 124 /* | */:
        if (next === 124) {
          push('||', null, start);
          i += 2;
          continue;
        }
        throw new ConditionSyntaxError('Unexpected "|" (use "||")', start);
      case 40:
        push('(', null, start);
        i++;
        continue;
      case 41:
        push(')', null, start);
        i++;
        continue;
      case 91:
        push('[', null, start);
        i++;
        continue;
      case 93:
        push(']', null, start);
        i++;
        continue;
      case 44:
        push(',', null, start);
        i++;
        continue;
      case 46:
        push('.', null, start);
        i++;
        continue;
      default:
        throw new ConditionSyntaxError(`Unexpected character ${describeChar(src, i)}`, start);
    }
  }
  tokens.push({ type: 'eof', value: null, pos: n });
  return tokens;
}

/**
 * Recursive-descent parser for condition strings (see `index.ts` for the grammar).
 * Produces a compact AST; nesting depth is bounded by {@link MAX_DEPTH}.
 */
import { ConditionSyntaxError, tokenize, type Token, type TokenType } from './lexer.ts';

/** Maximum nesting depth of parentheses. Deeper inputs are a parse error. */
export const MAX_DEPTH = 64;

export type Literal = string | number | boolean | null;
export type CompareOp = '==' | '!=' | '>' | '>=' | '<' | '<=';

export interface Ref {
  section: string | null;
  question: string;
}

export type AstNode =
  | { readonly kind: 'literal'; readonly value: Literal }
  | { readonly kind: 'ref'; readonly ref: Ref }
  | { readonly kind: 'not'; readonly operand: AstNode }
  | { readonly kind: 'and'; readonly operands: readonly AstNode[] }
  | { readonly kind: 'or'; readonly operands: readonly AstNode[] }
  | { readonly kind: 'compare'; readonly op: CompareOp; readonly left: AstNode; readonly right: AstNode }
  | { readonly kind: 'in'; readonly operand: AstNode; readonly values: readonly Literal[] }
  | { readonly kind: 'contains'; readonly left: AstNode; readonly right: AstNode };

export interface ParseResult {
  readonly ast: AstNode;
  /** deduplicated, frozen refs; the AST's ref nodes point at these exact objects */
  readonly refs: readonly Readonly<Ref>[];
}

const COMPARE_OPS: ReadonlySet<TokenType> = new Set<TokenType>(['==', '!=', '>', '>=', '<', '<=']);

function describe(tok: Token): string {
  switch (tok.type) {
    case 'eof':
      return 'end of input';
    case 'ident':
      return `identifier "${String(tok.value)}"`;
    case 'string':
      return 'string literal';
    case 'number':
      return `number ${String(tok.value)}`;
    default:
      return `"${tok.type}"`;
  }
}

class Parser {
  private readonly tokens: Token[];
  private index = 0;
  private depth = 0;
  private readonly refMap = new Map<string, Readonly<Ref>>();

  constructor(tokens: Token[]) {
    this.tokens = tokens;
  }

  get refs(): readonly Readonly<Ref>[] {
    return Object.freeze([...this.refMap.values()]);
  }

  private peek(): Token {
    // the token list always ends with 'eof' and we never advance past it
    return this.tokens[this.index] ?? this.tokens[this.tokens.length - 1]!;
  }

  private next(): Token {
    const tok = this.peek();
    if (tok.type !== 'eof') this.index++;
    return tok;
  }

  private expect(type: TokenType, what: string): Token {
    const tok = this.peek();
    if (tok.type !== type)
      throw new ConditionSyntaxError(`Expected ${what} but found ${describe(tok)}`, tok.pos);
    return this.next();
  }

  parseRoot(): AstNode {
    const tok = this.peek();
    if (tok.type === 'eof') throw new ConditionSyntaxError('Empty condition', tok.pos);
    const ast = this.parseOr();
    const end = this.peek();
    if (end.type !== 'eof') throw new ConditionSyntaxError(`Unexpected ${describe(end)}`, end.pos);
    return ast;
  }

  private parseOr(): AstNode {
    const first = this.parseAnd();
    if (this.peek().type !== '||') return first;
    const operands: AstNode[] = [first];
    while (this.peek().type === '||') {
      this.next();
      operands.push(this.parseAnd());
    }
    return { kind: 'or', operands };
  }

  private parseAnd(): AstNode {
    const first = this.parseUnary();
    if (this.peek().type !== '&&') return first;
    const operands: AstNode[] = [first];
    while (this.peek().type === '&&') {
      this.next();
      operands.push(this.parseUnary());
    }
    return { kind: 'and', operands };
  }

  /** `!` chains are parsed iteratively and collapsed by parity, so they cannot overflow the stack. */
  private parseUnary(): AstNode {
    let bangs = 0;
    while (this.peek().type === '!') {
      this.next();
      bangs++;
    }
    const inner = this.parseCompare();
    if (bangs === 0) return inner;
    const negated: AstNode = { kind: 'not', operand: inner };
    // `!!x` is the truthiness of x as a boolean
    return bangs % 2 === 1 ? negated : { kind: 'not', operand: negated };
  }

  private parseCompare(): AstNode {
    const left = this.parseOperand();
    const tok = this.peek();
    if (COMPARE_OPS.has(tok.type)) {
      this.next();
      const right = this.parseOperand();
      return { kind: 'compare', op: tok.type as CompareOp, left, right };
    }
    if (tok.type === 'in') {
      this.next();
      this.expect('[', '"[" after "in"');
      const values: Literal[] = [this.parseLiteral()];
      while (this.peek().type === ',') {
        this.next();
        values.push(this.parseLiteral());
      }
      this.expect(']', '"," or "]" in "in" list');
      return { kind: 'in', operand: left, values };
    }
    if (tok.type === 'contains') {
      this.next();
      const right = this.parseOperand();
      return { kind: 'contains', left, right };
    }
    return left;
  }

  private parseLiteral(): Literal {
    const tok = this.next();
    switch (tok.type) {
      case 'string':
      case 'number':
        return tok.value;
      case 'true':
        return true;
      case 'false':
        return false;
      case 'null':
        return null;
      default:
        throw new ConditionSyntaxError(`Expected a literal but found ${describe(tok)}`, tok.pos);
    }
  }

  private parseOperand(): AstNode {
    const tok = this.peek();
    switch (tok.type) {
      case 'string':
      case 'number':
      case 'true':
      case 'false':
      case 'null':
        return { kind: 'literal', value: this.parseLiteral() };
      case 'ident': {
        this.next();
        const first = tok.value as string;
        if (this.peek().type === '.') {
          this.next();
          const q = this.expect('ident', 'a question key after "."');
          return this.makeRef(first, q.value as string);
        }
        return this.makeRef(null, first);
      }
      case '(': {
        this.next();
        if (++this.depth > MAX_DEPTH) {
          throw new ConditionSyntaxError(`Condition is nested too deeply (maximum ${MAX_DEPTH})`, tok.pos);
        }
        const inner = this.parseOr();
        this.expect(')', '")"');
        this.depth--;
        return inner;
      }
      default:
        throw new ConditionSyntaxError(`Expected a value but found ${describe(tok)}`, tok.pos);
    }
  }

  private makeRef(section: string | null, question: string): AstNode {
    const key = section === null ? `\u0000${question}` : `${section}\u0000${question}`;
    let ref = this.refMap.get(key);
    if (ref === undefined) {
      ref = Object.freeze({ section, question });
      this.refMap.set(key, ref);
    }
    return { kind: 'ref', ref };
  }
}

/** Parse a condition. Throws {@link ConditionSyntaxError} (and only that) on invalid input. */
export function parse(source: string): ParseResult {
  const parser = new Parser(tokenize(source));
  const ast = parser.parseRoot();
  return { ast, refs: parser.refs };
}

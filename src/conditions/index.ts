/**
 * Questionnaire condition strings: a small, safe expression language (no `eval`, no `Function`).
 *
 * Grammar:
 * ```
 * expr    := or
 * or      := and ("||" and)*
 * and     := unary ("&&" unary)*
 * unary   := "!" unary | compare
 * compare := operand (("==" | "!=" | ">" | ">=" | "<" | "<=") operand
 *                     | "in" "[" literal ("," literal)* "]"
 *                     | "contains" operand)?
 * operand := ref | literal | "(" expr ")"
 * ref     := questionKey | sectionKey "." questionKey
 * literal := "string" | 'string' | number | true | false | null
 * ```
 * - Keys are `[A-Za-z_][A-Za-z0-9_-]*`; `true`, `false`, `null`, `in`, `contains` are reserved keywords
 *   (also after a `.`). A `-` directly after a key character is part of the key (`a-3` is one key).
 * - Numbers: `-3`, `2.5`, `1e3`, `-1.5E-2` (a `-` is only valid as the sign of a number literal).
 * - Strings: double or single quotes, escapes `\"` `\'` `\\` `\n` `\t` `\r` `\uXXXX`; others are errors.
 * - Whitespace is allowed between any two tokens (also around the `.` of a section-qualified ref).
 * - Precedence, tightest first: comparison / `in` / `contains`, then `!`, then `&&`, then `||`.
 *   As the grammar says, `!` applies to a whole comparison: `!a == b` means `!(a == b)` and
 *   `!country in ["DE"]` means "not in". Comparisons do not chain (`a == b == c` is an error).
 *
 * Semantics:
 * - A ref reads the current answer; unanswered, hidden and unknown questions read as `null`
 *   (a `resolve` callback that throws or returns `undefined` also gives `null`).
 * - Truthiness (bare refs, `!`, `&&`, `||` and the final result): false for `null`, `false`, `""` and
 *   `[]`; everything else is true, including `0` and objects.
 * - `==` / `!=`: strict equality (`1 == "1"` is false); two arrays are equal when they have the same
 *   length and strictly equal elements (shallow). Other objects are equal only if identical.
 * - `<` `<=` `>` `>=`: only between two numbers or two strings (lexicographic by UTF-16 code unit,
 *   which also orders ISO dates/times); any other combination is false.
 * - `x in [l1, l2]`: `x` strictly equals one of the literals (`null in [null]` is true).
 * - `a contains b`: `a` is an array that has an element strictly equal to `b`, where `b` is a string,
 *   number or boolean. If `a` is not an array (e.g. a string: no substring matching) the result is false.
 * - A section's condition hides the whole section. {@link createVisibilityIndex} tracks section and
 *   question visibility incrementally: bare refs resolve to the owner's section first, then to the first
 *   section with that question key; hidden questions read as `null` (visibility cascades) and refs that
 *   form a dependency cycle always read as `null`.
 *
 * Robustness: inputs longer than 2,000 characters, with more than 1,024 tokens or parentheses nested
 * deeper than 64 are parse errors. A condition that does not parse has `ok: false` and an `error`,
 * evaluates to `true` (its target is shown) and is reported once per distinct source via
 * `console.warn`. Evaluation never throws. Answer lookups never touch object prototypes (refs such as
 * `__proto__` or `constructor` are plain keys handed to `resolve`; the visibility index uses Maps).
 * Compiled conditions are memoised by source (bounded cache, 10,000 entries).
 */
export {
  compileCondition,
  evaluateCondition,
  clearConditionCache,
  type CompiledCondition,
  type ConditionValue,
  type Ref,
} from './evaluate.ts';
export { createVisibilityIndex, type VisibilityIndex, type VisibilitySection } from './visibility.ts';
export { MAX_SOURCE_LENGTH, MAX_TOKENS } from './lexer.ts';
export { MAX_DEPTH } from './parser.ts';

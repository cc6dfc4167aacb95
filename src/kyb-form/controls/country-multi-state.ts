/**
 * The pure state of the multi-country combobox (country-multi.ts): filtering the localized country list,
 * toggling codes, and what each key does in the combobox's input and on a chip. No DOM here, so every
 * rule is tested in Node (test/node/kyb-country-multi-state.test.ts).
 *
 * Keyboard, after the WAI-ARIA APG combobox pattern (listbox popup, multi-select):
 * - typing opens the list, filters it and highlights the best match (Enter then toggles it);
 * - Down / Up open the list (on the first / last option) or move the highlight; Alt+Down opens without
 *   moving, Alt+Up closes; Page Down / Page Up move by 10;
 * - once the highlight was moved with the keys ("browsing"), Space toggles it and Home / End go to the
 *   first / last option; otherwise Space types a space and Home / End move the caret, as in any text box
 *   (Home / End also move in the list while the text box is empty);
 * - Enter toggles the highlighted option (the list stays open: several countries in a row);
 * - Escape closes the list, or clears the text when it is closed;
 * - Backspace in an empty text box removes the last chip; Left at the start of the text box moves to the
 *   chips, where Left / Right move, Backspace / Delete remove, and Right after the last chip, End or Escape
 *   come back to the text box. The chips are not Tab stops: the whole control is ONE Tab stop.
 */

export interface CountryOption {
  code: string;
  name: string;
}

export interface ComboState {
  /** The filter text typed in the combobox. */
  query: string;
  open: boolean;
  /** The highlighted option's code (`aria-activedescendant`), or null. */
  active: string | null;
  /** The highlight was moved with the keys: Space toggles and Home / End move in the list. */
  browsing: boolean;
}

export const initialState = (): ComboState => ({ query: '', open: false, active: null, browsing: false });

/* ------------------------------------------------------------------ filtering */

/** Letters that Unicode decomposition leaves whole, written as a keyboard without them would type them. */
const FOLD: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
};

/**
 * Text as compared by the filter: lower case (in the locale), accents and other marks removed
 * (`Åland` → `aland`, `Côte d’Ivoire` → `cote d'ivoire`, `Türkiye` → `turkiye`), apostrophes and spaces
 * unified.
 */
export function foldText(text: string, locale: string): string {
  let lower: string;
  try {
    lower = text.toLocaleLowerCase(locale);
  } catch {
    lower = text.toLowerCase();
  }
  return lower
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæœøłđðþıħ]/g, (c) => FOLD[c] ?? c)
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/[\s\u00a0]+/g, ' ');
}

type Folded = readonly { option: CountryOption; name: string; words: string[] }[];
const folded = new WeakMap<readonly CountryOption[], Map<string, Folded>>();
/** The options with their folded names, cached per list (countryOptions keeps one list per locale). */
function foldedOptions(options: readonly CountryOption[], locale: string): Folded {
  let byLocale = folded.get(options);
  if (!byLocale) folded.set(options, (byLocale = new Map()));
  let list = byLocale.get(locale);
  if (!list) {
    list = options.map((option) => {
      const name = foldText(option.name, locale);
      return { option, name, words: name.split(/[\s\-'(),.]+/).filter(Boolean) };
    });
    byLocale.set(locale, list);
  }
  return list;
}

/**
 * The options matching the query, best first: the country whose code is the query (`de` → Germany),
 * then names starting with it, then names with a word starting with it, then names containing it
 * anywhere; in the given (alphabetical) order within each rank. An empty query keeps every option.
 */
export function filterCountries(
  options: readonly CountryOption[],
  query: string,
  locale: string,
): CountryOption[] {
  const q = foldText(query, locale).trim();
  if (q === '') return [...options];
  const code = /^[a-z]{2}$/.test(q) ? q.toUpperCase() : null;
  const ranks: CountryOption[][] = [[], [], [], []];
  for (const f of foldedOptions(options, locale)) {
    if (f.option.code === code) ranks[0]!.push(f.option);
    else if (f.name.startsWith(q)) ranks[1]!.push(f.option);
    else if (f.words.some((w) => w.startsWith(q))) ranks[2]!.push(f.option);
    else if (f.name.includes(q)) ranks[3]!.push(f.option);
  }
  return ranks.flat();
}

/* ------------------------------------------------------------------ selection */

/** Adds `code` at the end of the selection, or removes it when it is there. */
export function toggleCode(selected: readonly string[], code: string): string[] {
  return selected.includes(code) ? selected.filter((c) => c !== code) : [...selected, code];
}

/* ------------------------------------------------------------------ state changes */

/** The user typed: the list opens, filtered, with the best match highlighted (none for an empty text). */
export function typed(query: string, visible: readonly string[]): ComboState {
  return { query, open: true, active: query.trim() === '' ? null : (visible[0] ?? null), browsing: false };
}

export const closed = (s: ComboState): ComboState => ({ ...s, open: false, active: null, browsing: false });

export type Move = 'next' | 'prev' | 'first' | 'last' | 'page-down' | 'page-up';
export const PAGE = 10;

/** Moves the highlight among the visible options (no wrapping: the ends stay put), and opens the list. */
export function move(s: ComboState, visible: readonly string[], to: Move): ComboState {
  const n = visible.length;
  if (n === 0) return { ...s, open: true, active: null, browsing: false };
  const at = s.active === null ? -1 : visible.indexOf(s.active);
  let i: number;
  switch (to) {
    case 'first':
      i = 0;
      break;
    case 'last':
      i = n - 1;
      break;
    case 'next':
      i = at < 0 ? 0 : Math.min(n - 1, at + 1);
      break;
    case 'prev':
      i = at < 0 ? n - 1 : Math.max(0, at - 1);
      break;
    case 'page-down':
      i = at < 0 ? Math.min(n - 1, PAGE - 1) : Math.min(n - 1, at + PAGE);
      break;
    case 'page-up':
      i = at < 0 ? 0 : Math.max(0, at - PAGE);
      break;
  }
  return { ...s, open: true, active: visible[i] ?? null, browsing: true };
}

export interface KeyInfo {
  key: string;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  /** The caret is at the start of the text box with nothing selected. */
  caretAtStart?: boolean;
}

/** What a key in the text box does; `handled: false` leaves the key to the browser (typing, caret, Tab). */
export interface KeyOutcome {
  state: ComboState;
  handled: boolean;
  /** Toggle this code. */
  toggle?: string;
  /** Remove the last selected code. */
  removeLast?: boolean;
  /** Move the focus to the last chip. */
  toChips?: boolean;
}

/** The effect of a key pressed in the combobox's text box. */
export function keyInInput(
  s: ComboState,
  k: KeyInfo,
  visible: readonly string[],
  selectedCount: number,
): KeyOutcome {
  const no = { state: s, handled: false };
  if (k.ctrlKey || k.metaKey) return no;
  const listKeys = s.open && (s.browsing || s.query === '');
  switch (k.key) {
    case 'ArrowDown':
      if (k.altKey) return { state: { ...s, open: true }, handled: true };
      return { state: move(s, visible, s.open ? 'next' : 'first'), handled: true };
    case 'ArrowUp':
      if (k.altKey) return { state: closed(s), handled: true };
      return { state: move(s, visible, s.open ? 'prev' : 'last'), handled: true };
    case 'PageDown':
      return s.open ? { state: move(s, visible, 'page-down'), handled: true } : no;
    case 'PageUp':
      return s.open ? { state: move(s, visible, 'page-up'), handled: true } : no;
    case 'Home':
      return listKeys ? { state: move(s, visible, 'first'), handled: true } : no;
    case 'End':
      return listKeys ? { state: move(s, visible, 'last'), handled: true } : no;
    case 'Enter':
      return s.open && s.active ? { state: s, handled: true, toggle: s.active } : no;
    case ' ':
    case 'Spacebar':
      return s.open && s.active && s.browsing ? { state: s, handled: true, toggle: s.active } : no;
    case 'Escape':
      if (s.open) return { state: closed(s), handled: true };
      return s.query ? { state: { ...s, query: '' }, handled: true } : no;
    case 'Backspace':
      return s.query === '' && selectedCount > 0 ? { state: s, handled: true, removeLast: true } : no;
    case 'ArrowLeft':
      return k.caretAtStart && selectedCount > 0 ? { state: closed(s), handled: true, toChips: true } : no;
    case 'Tab':
      return { state: closed(s), handled: false };
    default:
      return no;
  }
}

/** What a key on chip `i` of `n` does: the chip to remove, and where the focus goes (a chip or the text box). */
export interface ChipOutcome {
  remove?: number;
  focus: number | 'input';
}

export function keyOnChip(key: string, i: number, n: number): ChipOutcome | null {
  switch (key) {
    case 'ArrowLeft':
      return { focus: Math.max(0, i - 1) };
    case 'ArrowRight':
      return { focus: i + 1 < n ? i + 1 : 'input' };
    case 'Home':
      return { focus: 0 };
    case 'End':
    case 'Escape':
      return { focus: 'input' };
    case 'Backspace':
      // the chip before takes the focus (the first chip's removal moves on to the next one)
      return { remove: i, focus: n === 1 ? 'input' : i > 0 ? i - 1 : 0 };
    case 'Delete':
      return { remove: i, focus: afterRemoval(i, n) };
    default:
      return null;
  }
}

/** Where the focus goes after chip `i` of `n` is removed: the chip now at its place, the last one, or the text box. */
export const afterRemoval = (i: number, n: number): number | 'input' =>
  n <= 1 ? 'input' : Math.min(i, n - 2);

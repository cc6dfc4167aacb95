/**
 * The multi-country combobox's pure state (src/kyb-form/controls/country-multi-state.ts): filtering by
 * localized name and code (accent-insensitive, best match first), toggling, and what each key does in the
 * text box and on a chip.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countryOptions } from '../../src/kyb-form/format.ts';
import {
  afterRemoval,
  filterCountries,
  foldText,
  initialState,
  keyInInput,
  keyOnChip,
  move,
  PAGE,
  toggleCode,
  typed,
  type ComboState,
} from '../../src/kyb-form/controls/country-multi-state.ts';

const codes = (query: string, locale = 'en') =>
  filterCountries(countryOptions(locale), query, locale).map((c) => c.code);

test('foldText: lower case, accents and marks removed, letters without decomposition spelled out', () => {
  assert.equal(foldText('Åland Islands', 'en'), 'aland islands');
  assert.equal(foldText('Côte d’Ivoire', 'fr'), "cote d'ivoire");
  assert.equal(foldText('Türkiye', 'en'), 'turkiye');
  assert.equal(foldText('Øst  Łódź', 'pl'), 'ost lodz');
  assert.equal(foldText('Großbritannien', 'de'), 'grossbritannien');
  assert.equal(foldText('Ísland', 'is'), 'island');
});

test('filter: an empty query keeps every country, in the alphabetical order of the locale', () => {
  const all = countryOptions('en');
  assert.equal(all.length, 250);
  assert.deepEqual(
    codes(''),
    all.map((c) => c.code),
  );
  assert.deepEqual(
    codes('   '),
    all.map((c) => c.code),
  );
});

test('filter: by name anywhere, names starting with the text first', () => {
  const ger = codes('ger');
  assert.equal(ger[0], 'DE');
  assert.ok(ger.includes('NE') || ger.includes('NG'), 'Niger / Nigeria contain "ger"');
  assert.ok(!ger.includes('FR'));
  assert.deepEqual(codes('united').slice(0, 3), ['AE', 'GB', 'US']);
  // a name starting with the text, then a word starting with it, then inside a word
  const nw = codes('new');
  assert.deepEqual(nw.slice(0, 2), ['NC', 'NZ']);
  assert.ok(nw.indexOf('PG') > 1, 'Papua New Guinea after the names starting with "New"');
});

test('filter: by code, the country with that code first', () => {
  assert.equal(codes('de')[0], 'DE');
  assert.equal(codes('DE')[0], 'DE');
  assert.equal(codes('us')[0], 'US');
  assert.equal(codes('gb')[0], 'GB');
  // "ch" is Switzerland's code, then names starting with "ch" (Chad, Chile, China)
  const ch = codes('ch');
  assert.equal(ch[0], 'CH');
  assert.ok(ch.indexOf('CL') > 0 && ch.indexOf('CN') > 0);
});

test('filter: accent-insensitive both ways, in the localized names', () => {
  assert.ok(codes('aland').includes('AX'));
  assert.ok(codes('cote').includes('CI'));
  assert.ok(codes('curacao').includes('CW'));
  // German names: Österreich, typed without the umlaut
  assert.equal(codes('osterr', 'de')[0], 'AT');
  assert.equal(codes('öster', 'de')[0], 'AT');
  // French: États-Unis, typed "etats"
  assert.equal(codes('etats-u', 'fr')[0], 'US');
  assert.ok(codes('unis', 'fr').includes('US'), 'a word inside a hyphenated name');
  // Polish: Niemcy is Germany; the code still works in any locale
  assert.equal(codes('niem', 'pl')[0], 'DE');
  assert.equal(codes('de', 'pl')[0], 'DE');
  // Japanese names (no case, no accents): the code finds them
  assert.equal(codes('jp', 'ja')[0], 'JP');
  assert.ok(codes('ドイツ', 'ja').includes('DE'));
});

test('filter: nothing matches', () => {
  assert.deepEqual(codes('zzzz'), []);
  assert.deepEqual(codes('xx'), []);
});

test('toggleCode: adds at the end, removes where it is', () => {
  assert.deepEqual(toggleCode([], 'DE'), ['DE']);
  assert.deepEqual(toggleCode(['DE'], 'FR'), ['DE', 'FR']);
  assert.deepEqual(toggleCode(['DE', 'FR', 'ES'], 'FR'), ['DE', 'ES']);
  const frozen = Object.freeze(['DE']);
  assert.deepEqual(toggleCode(frozen, 'DE'), []);
  assert.deepEqual(frozen, ['DE'], 'the input is not changed');
});

test('typing opens the list and highlights the best match (none for empty text), not browsing', () => {
  assert.deepEqual(typed('ger', ['DE', 'DZ']), { query: 'ger', open: true, active: 'DE', browsing: false });
  assert.deepEqual(typed('', ['AF']), { query: '', open: true, active: null, browsing: false });
  assert.deepEqual(typed('zz', []), { query: 'zz', open: true, active: null, browsing: false });
});

const V = ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'A9', 'B1', 'B2', 'B3', 'B4'];
const open = (active: string | null, browsing = true, query = ''): ComboState => ({
  query,
  open: true,
  active,
  browsing,
});
const key = (s: ComboState, k: string, extra: Partial<Parameters<typeof keyInInput>[1]> = {}, count = 0) =>
  keyInInput(s, { key: k, ...extra }, V, count);

test('Down / Up: open on the first / last option, then move without wrapping', () => {
  const d = key(initialState(), 'ArrowDown');
  assert.equal(d.handled, true);
  assert.deepEqual(d.state, open('A1'));
  assert.deepEqual(key(initialState(), 'ArrowUp').state, open('B4'));
  assert.equal(key(open('A1'), 'ArrowDown').state.active, 'A2');
  assert.equal(key(open('B4'), 'ArrowDown').state.active, 'B4', 'no wrap at the end');
  assert.equal(key(open('A1'), 'ArrowUp').state.active, 'A1', 'no wrap at the start');
  assert.equal(key(open(null, false, 'a'), 'ArrowDown').state.active, 'A1');
  // Alt+Down opens without highlighting; Alt+Up closes
  assert.deepEqual(key(initialState(), 'ArrowDown', { altKey: true }).state, {
    ...initialState(),
    open: true,
  });
  assert.deepEqual(key(open('A3'), 'ArrowUp', { altKey: true }).state, initialState());
  // an option that left the list (filtered out): Down starts from the first
  assert.equal(key(open('ZZ'), 'ArrowDown').state.active, 'A1');
});

test('Page Down / Page Up move by a page; Home / End only while browsing or with an empty text', () => {
  assert.equal(key(open('A1'), 'PageDown').state.active, V[PAGE]);
  assert.equal(key(open('B3'), 'PageDown').state.active, 'B4');
  assert.equal(key(open('B4'), 'PageUp').state.active, V[V.length - 1 - PAGE]);
  assert.equal(key(initialState(), 'PageDown').handled, false, 'closed: the page scrolls');
  assert.equal(key(open('A5'), 'Home').state.active, 'A1');
  assert.equal(key(open('A5'), 'End').state.active, 'B4');
  assert.equal(key(open(null, false, ''), 'End').state.active, 'B4', 'empty text: the list');
  // typed text, not browsing: Home / End move the caret (the browser's)
  const typing = open('A1', false, 'a');
  assert.equal(key(typing, 'Home').handled, false);
  assert.equal(key(typing, 'End').handled, false);
  assert.equal(key(initialState(), 'Home').handled, false, 'closed');
});

test('Enter toggles the highlight (typed or browsed); Space only while browsing', () => {
  assert.deepEqual(key(open('A2', false, 'a'), 'Enter'), {
    state: open('A2', false, 'a'),
    handled: true,
    toggle: 'A2',
  });
  assert.equal(key(open('A2'), 'Enter').toggle, 'A2');
  assert.equal(key(open('A2'), ' ').toggle, 'A2');
  const space = key(open('A2', false, 'united'), ' ');
  assert.equal(space.handled, false, 'typed text: Space types a space ("United States")');
  assert.equal(space.toggle, undefined);
  assert.equal(key(open(null), 'Enter').handled, false, 'nothing highlighted: Enter is left to the page');
  assert.equal(key(initialState(), 'Enter').handled, false);
});

test('Escape closes, then clears the text, then is left to the page', () => {
  const e1 = key(open('A2', true, 'a'), 'Escape');
  assert.deepEqual(e1.state, { query: 'a', open: false, active: null, browsing: false });
  const e2 = key(e1.state, 'Escape');
  assert.deepEqual(e2.state, initialState());
  assert.equal(e2.handled, true);
  assert.equal(key(initialState(), 'Escape').handled, false);
});

test('Backspace in an empty text box removes the last chip; with text it edits the text', () => {
  assert.deepEqual(key(initialState(), 'Backspace', {}, 2), {
    state: initialState(),
    handled: true,
    removeLast: true,
  });
  assert.equal(key(initialState(), 'Backspace', {}, 0).handled, false, 'no chip');
  assert.equal(key(open(null, false, 'ab'), 'Backspace', {}, 2).handled, false);
});

test('Left at the start of the text box goes to the chips; Tab closes and moves on', () => {
  const left = key(open('A1'), 'ArrowLeft', { caretAtStart: true }, 3);
  assert.equal(left.toChips, true);
  assert.equal(left.state.open, false);
  assert.equal(key(open('A1'), 'ArrowLeft', { caretAtStart: false }, 3).handled, false);
  assert.equal(key(initialState(), 'ArrowLeft', { caretAtStart: true }, 0).handled, false);
  const tab = key(open('A1'), 'Tab');
  assert.equal(tab.handled, false, 'the focus leaves: ONE Tab stop');
  assert.equal(tab.state.open, false);
  assert.equal(tab.toggle, undefined, 'Tab never chooses');
  assert.equal(key(open('A1'), 'a', { ctrlKey: true }).handled, false);
});

test('move() on an empty list opens with nothing highlighted', () => {
  assert.deepEqual(move(initialState(), [], 'next'), { ...initialState(), open: true });
});

test('keys on a chip: move, remove, back to the text box', () => {
  assert.deepEqual(keyOnChip('ArrowLeft', 2, 3), { focus: 1 });
  assert.deepEqual(keyOnChip('ArrowLeft', 0, 3), { focus: 0 });
  assert.deepEqual(keyOnChip('ArrowRight', 1, 3), { focus: 2 });
  assert.deepEqual(keyOnChip('ArrowRight', 2, 3), { focus: 'input' });
  assert.deepEqual(keyOnChip('Home', 2, 3), { focus: 0 });
  assert.deepEqual(keyOnChip('End', 0, 3), { focus: 'input' });
  assert.deepEqual(keyOnChip('Escape', 0, 3), { focus: 'input' });
  assert.deepEqual(keyOnChip('Backspace', 2, 3), { remove: 2, focus: 1 });
  assert.deepEqual(keyOnChip('Backspace', 0, 3), { remove: 0, focus: 0 });
  assert.deepEqual(keyOnChip('Backspace', 0, 1), { remove: 0, focus: 'input' });
  assert.deepEqual(keyOnChip('Delete', 1, 3), { remove: 1, focus: 1 });
  assert.deepEqual(keyOnChip('Delete', 2, 3), { remove: 2, focus: 1 });
  assert.equal(keyOnChip('a', 0, 3), null);
  assert.equal(keyOnChip('Tab', 0, 3), null, 'Tab leaves the control');
  assert.equal(afterRemoval(0, 1), 'input');
});

/**
 * Theme and text hygiene (issue 16, item 6): colour pairs below 4.5:1 or transparent fall back to the
 * defaults for that pair with a console warning; bidi overrides and invisible characters leave the
 * company name shown as a heading.
 */
import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  contrastRatio,
  DEFAULT_COLORS,
  MIN_CONTRAST,
  MIN_NON_TEXT_CONTRAST,
  NON_TEXT_PAIRS,
  parseColor,
  readableColors,
  TEXT_PAIRS,
} from '../../src/theme/contrast.ts';
import { headingText, themeStyles } from '../../src/theme/index.ts';

let warnings: string[] = [];
const realWarn = console.warn;
beforeEach(() => {
  warnings = [];
  console.warn = (...a: unknown[]) => void warnings.push(a.map(String).join(' '));
});
afterEach(() => {
  console.warn = realWarn;
});

const rgba = (v: string) => {
  const c = parseColor(v);
  assert.ok(c, v);
  return c;
};

describe('colour reading and contrast', () => {
  it('parses hex, rgb(), hsl() and transparent', () => {
    assert.deepEqual(parseColor('#fff'), [255, 255, 255, 1]);
    assert.deepEqual(parseColor('#11223380'), [17, 34, 51, 128 / 255]);
    assert.deepEqual(parseColor('rgb(10, 20, 30)'), [10, 20, 30, 1]);
    assert.deepEqual(parseColor('rgba(10 20 30 / 50%)'), [10, 20, 30, 0.5]);
    assert.deepEqual(parseColor('rgb(100%, 0%, 0%)'), [255, 0, 0, 1]);
    assert.deepEqual(parseColor('transparent'), [0, 0, 0, 0]);
    const red = parseColor('hsl(0deg 100% 50%)');
    assert.deepEqual(red?.map(Math.round), [255, 0, 0, 1]);
    assert.equal(parseColor('rebeccapurple'), null, 'named colours are read by the browser (canvas)');
    assert.equal(parseColor('url(x)'), null);
  });
  it('computes WCAG ratios (and the worst case for colours that are not opaque)', () => {
    assert.equal(Math.round(contrastRatio(rgba('#000'), rgba('#fff')) * 10) / 10, 21);
    assert.equal(Math.round(contrastRatio(rgba('#777'), rgba('#fff')) * 100) / 100, 4.48);
    assert.equal(contrastRatio(rgba('transparent'), rgba('#fff')), 1);
    // Half-transparent black text on white: about 3.9:1, below the line.
    assert.ok(contrastRatio(rgba('rgba(0,0,0,0.5)'), rgba('#fff')) < MIN_CONTRAST);
    // A transparent background is judged over a white and a black page: dark text fails over black.
    assert.ok(contrastRatio(rgba('#000'), rgba('transparent')) < 1.01);
  });
  it('every default pair is readable (the fallback always is)', () => {
    for (const [text, bg] of TEXT_PAIRS) {
      const r = contrastRatio(rgba(DEFAULT_COLORS[text]!), rgba(DEFAULT_COLORS[bg]!));
      assert.ok(r >= MIN_CONTRAST, `${text} on ${bg}: ${r}`);
    }
  });
});

describe('readableColors', () => {
  it('keeps readable pairs and drops only the themed members of a failing pair', () => {
    const r = readableColors({ text: '#cccccc', primary: '#0b3d91' }, parseColor);
    assert.deepEqual(r.kept, { primary: '#0b3d91' });
    assert.deepEqual(r.dropped, ['text']);
    assert.ok(r.problems.some((p) => p.text === 'text' && p.background === 'background' && p.ratio === 1.61));
  });
  it('cascades until stable: a dark background drags the light text it was meant for', () => {
    const r = readableColors({ background: '#111111', text: '#eeeeee' }, parseColor);
    // text-muted (not themed, #475569) on #111 fails -> background goes; then #eee on white fails.
    assert.deepEqual(r.kept, {});
    assert.deepEqual(r.dropped.sort(), ['background', 'text']);
  });
  it('a colour that cannot be read is not trusted for text', () => {
    const r = readableColors({ text: 'color(display-p3 0 0 0)' }, parseColor);
    assert.deepEqual(r.kept, {});
    assert.equal(r.problems[0]?.ratio, null);
  });
});

describe('non-text colours (WCAG 1.4.11: borders, focus ring, progress at 3:1)', () => {
  it('every default non-text pair reaches 3:1', () => {
    for (const [fg, bg] of NON_TEXT_PAIRS) {
      const r = contrastRatio(rgba(DEFAULT_COLORS[fg]!), rgba(DEFAULT_COLORS[bg]!));
      assert.ok(r >= MIN_NON_TEXT_CONTRAST, `${fg} on ${bg}: ${r}`);
    }
  });
  it('a pale border falls back to the default border; the background it was drawn on stays', () => {
    const r = readableColors({ border: '#cbd5e1', background: '#ffffff', surface: '#f1f5f9' }, parseColor);
    assert.deepEqual(r.kept, { background: '#ffffff', surface: '#f1f5f9' });
    assert.deepEqual(r.dropped, ['border']);
    assert.ok(r.problems.some((p) => p.text === 'border' && p.ratio === 1.48 && p.needed === 3));
  });
  it('a border of 3:1 or more stays (text pairs would have needed 4.5:1)', () => {
    // #8a8a8a on white: 3.45:1, enough for an edge, not for text.
    const r = readableColors({ border: '#8a8a8a' }, parseColor);
    assert.deepEqual(r.kept, { border: '#8a8a8a' });
  });
  it('a focus colour (primary) lost on the surface falls back', () => {
    // #2563eb passes 4.5:1 on white (5.17) but a themed dark-blue surface hides the focus ring.
    const r = readableColors({ primary: '#2563eb', surface: '#1e3a8a', text: '#ffffff' }, parseColor);
    assert.ok(!('primary' in r.kept) || !('surface' in r.kept));
  });
  it('a dark theme with no themed border: the default border on it fails, so the background goes', () => {
    const r = readableColors({ background: '#334155' }, parseColor);
    assert.ok(!('background' in r.kept));
  });
  it('themeStyles warns with the ratio and the 3:1 needed', () => {
    const out = themeStyles({ colors: { border: '#cbd5e1' } });
    assert.deepEqual(out.vars, {});
    assert.deepEqual(out.ignored, ['colors.border']);
    assert.match(warnings.join(), /border on background \(1\.48:1, needs 3:1\)/);
  });
});

describe('themeStyles: contrast fallback with a console warning', () => {
  it('transparent or faint text falls back, the rest of the theme stays', () => {
    for (const typography of ['transparent', 'rgba(15, 23, 42, 0)', '#ffffff', '#f1f5f9', 'hsl(0 0% 96%)']) {
      warnings = [];
      const out = themeStyles({ colors: { typography, primary: '#0b3d91', success: '#166534' } });
      assert.equal(out.vars['--_kyb-theme-text'], undefined, typography);
      assert.equal(out.vars['--_kyb-theme-primary'], '#0b3d91');
      assert.equal(out.vars['--_kyb-theme-success'], '#166534');
      assert.ok(out.ignored.includes('colors.typography'));
      assert.equal(warnings.length, 1);
      assert.match(warnings[0] ?? '', /4\.5:1/);
      assert.match(warnings[0] ?? '', /text on background/);
    }
  });
  it('a pale primary falls back (links and button labels would vanish)', () => {
    const out = themeStyles({ colors: { primary: '#a5d8ff' } });
    assert.deepEqual(out.vars, {});
    assert.deepEqual(out.ignored, ['colors.primary']);
    assert.match(warnings.join(), /primary on background \(1\.51:1, needs 4\.5:1\)/);
  });
  it('a readable theme passes without a warning', () => {
    const out = themeStyles({
      colors: { primary: '#5b21b6', primaryBackground: '#fffdf7', typography: '#1c1917', error: '#9f1239' },
    });
    assert.equal(Object.keys(out.vars).length, 4);
    assert.deepEqual(warnings, []);
  });
});

describe('names shown as headings', () => {
  it('lose bidi overrides, isolates and zero-width characters', () => {
    assert.equal(headingText('Acme\u202Egnp.exe'), 'Acmegnp.exe');
    assert.equal(headingText('\u2067Acme\u2069 \u200BCorp\uFEFF'), 'Acme Corp');
    assert.equal(headingText('A\u200Dc\u200Cm\u2060e\u00AD'), 'Acme');
    assert.equal(headingText('Left\u200E\u200FRight\u061C'), 'LeftRight');
    assert.equal(headingText('  Many \n\t spaces  '), 'Many spaces');
    assert.equal(headingText('Müller & Söhne GmbH – 東京'), 'Müller & Söhne GmbH – 東京');
  });
  it('themeStyles cleans companyName (and drops one that is only invisible)', () => {
    assert.equal(themeStyles({ companyName: '\u202EAcme\u202C Ltd\u200B' }).companyName, 'Acme Ltd');
    assert.equal(themeStyles({ companyName: '\u200B\u202E\uFEFF' }).companyName, null);
  });
});

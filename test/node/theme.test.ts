import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isEmailAddress, isSafeColor, isSafeFont, isSafeUrl, themeStyles } from '../../src/theme/index.ts';
import { THEME_COLOR_KEYS } from '../../src/api/kyb.ts';

test('accepts plain colours of every notation', () => {
  for (const c of [
    '#fff',
    '#1d4ed8',
    '#1d4ed8cc',
    'rgb(0, 10, 20)',
    'rgba(0,0,0,0.5)',
    'rgb(0 0 0 / 50%)',
    'hsl(210 40% 50%)',
    'RebeccaPurple',
    'transparent',
  ])
    assert.equal(isSafeColor(c), true, c);
});

test('refuses hostile or malformed colours', () => {
  const hostile = [
    'red;background:url(javascript:alert(1))',
    'url(https://evil.example/x.png)',
    'var(--x)',
    'expression(alert(1))',
    'red}body{display:none',
    'red\\3b',
    '<script>',
    '#12345',
    '#ggg',
    'notacolour',
    'rgb(0,0,0);x:y',
    'rgb(0,0)',
    'calc(1px)',
    '',
    '#' + 'a'.repeat(70),
    '/* */red',
  ];
  for (const c of hostile) assert.equal(isSafeColor(c), false, c);
  assert.equal(isSafeColor(42), false);
  assert.equal(isSafeColor(null), false);
});

test('fonts: plain family lists only', () => {
  assert.equal(isSafeFont('Inter, system-ui, sans-serif'), true);
  assert.equal(isSafeFont('"Open Sans", Arial'), true);
  for (const f of [
    'x;color:red',
    'url(x)',
    'a{b}',
    'Arial\\',
    '"unclosed, Arial',
    'var(--f)',
    'a'.repeat(300),
  ])
    assert.equal(isSafeFont(f), false, f);
});

test('urls: https or relative only', () => {
  for (const u of ['https://cdn.example/logo.svg', '/logo.svg', './img/logo.png', '../logo.png'])
    assert.equal(isSafeUrl(u), true, u);
  for (const u of [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    '//evil.example/x.png',
    'http://insecure.example/x.png',
    'vbscript:x',
    'https://',
    'java\nscript:alert(1)',
    'logo.svg',
  ])
    assert.equal(isSafeUrl(u), false, u);
});

test('support e-mail must be a plain address', () => {
  assert.equal(isEmailAddress('support@northwind.example'), true);
  for (const e of ['a@b', 'x@y.com?subject=hi', 'a b@c.com', 'javascript:alert(1)//@x.com', 'a..b@c.com'])
    assert.equal(isEmailAddress(e), false, e);
});

test('themeStyles maps all 18 keys to private properties', () => {
  // Backgrounds light, everything drawn on them dark: every text pair is readable, so all 18 are kept.
  const light = new Set([
    'primaryBackground',
    'secondaryBackground',
    'successBackground',
    'errorBackground',
    'warningBackground',
    'infoBackground',
    'disabledButton',
  ]);
  const colors = Object.fromEntries(THEME_COLOR_KEYS.map((k) => [k, light.has(k) ? '#f8f9fa' : '#102030']));
  const out = themeStyles({
    colors,
    font: 'Inter, sans-serif',
    logo: '/logo.svg',
    companyName: 'Acme',
    supportEmail: 'help@acme.example',
  });
  assert.equal(Object.keys(out.vars).length, 19);
  assert.equal(out.vars['--_kyb-theme-primary'], '#102030');
  assert.equal(out.vars['--_kyb-theme-background'], '#f8f9fa');
  assert.equal(out.vars['--_kyb-theme-surface'], '#f8f9fa');
  assert.equal(out.vars['--_kyb-theme-primary-hover'], '#102030');
  assert.equal(out.vars['--_kyb-theme-disabled-icon'], '#102030');
  assert.equal(out.vars['--_kyb-theme-disabled-text'], '#102030');
  assert.equal(out.vars['--_kyb-theme-disabled'], '#f8f9fa');
  assert.equal(out.vars['--_kyb-theme-text'], '#102030');
  assert.equal(out.vars['--_kyb-theme-info-background'], '#f8f9fa');
  assert.equal(out.vars['--_kyb-theme-font-family'], 'Inter, sans-serif');
  assert.deepEqual(
    [out.logo, out.companyName, out.supportEmail, out.ignored],
    ['/logo.svg', 'Acme', 'help@acme.example', []],
  );
});

test('themeStyles ignores hostile values and never returns them', () => {
  const evil = 'red;background:url(javascript:alert(1))';
  const out = themeStyles({
    colors: { primary: evil, secondary: '#006400', border: 'var(--x)' },
    font: 'x;}body{',
    logo: 'javascript:alert(1)',
    companyName: 'Evil\u0000 Corp <b>',
    supportEmail: 'x@y.com?bcc=all@z.com',
  });
  assert.deepEqual(out.vars, { '--_kyb-theme-secondary': '#006400' });
  assert.equal(out.logo, null);
  assert.equal(out.supportEmail, null);
  assert.equal(out.companyName, 'Evil Corp <b>'); // rendered as text, never as HTML
  assert.deepEqual(out.ignored.sort(), ['colors.border', 'colors.primary', 'font', 'logo', 'supportEmail']);
  assert.ok(!JSON.stringify(out.vars).includes('url('));
});

test('themeStyles of nothing is empty', () => {
  for (const t of [null, undefined, {}]) {
    const out = themeStyles(t);
    assert.deepEqual(out, {
      vars: {},
      fontUrl: null,
      logo: null,
      companyName: null,
      supportEmail: null,
      ignored: [],
    });
  }
});

test('a theme font is a font file URI (published) or a family list (older services)', () => {
  const file = themeStyles({ font: 'https://cdn.example/fonts/brand.woff2' });
  assert.equal(file.fontUrl, 'https://cdn.example/fonts/brand.woff2');
  assert.deepEqual(file.vars, {}); // the default stack stays until the file has loaded
  assert.deepEqual(file.ignored, []);
  assert.equal(themeStyles({ font: '/fonts/brand.woff2' }).fontUrl, '/fonts/brand.woff2');
  const family = themeStyles({ font: 'Inter, sans-serif' });
  assert.equal(family.fontUrl, null);
  assert.equal(family.vars['--_kyb-theme-font-family'], 'Inter, sans-serif');
  for (const bad of ['javascript:alert(1)', '//evil.example/x.woff2', 'http://plain.example/x.woff2']) {
    const out = themeStyles({ font: bad });
    assert.equal(out.fontUrl, null, bad);
    assert.deepEqual(out.ignored, ['font'], bad);
  }
});

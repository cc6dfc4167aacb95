/** Relative theme URLs (logo, font) belong to the service: they resolve against the element's api-base. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { safeServiceUrl } from '../../src/api/url.ts';
import { themeStyles, themeUrl } from '../../src/theme/index.ts';

const PAGE = 'https://partner.example/shop/checkout.html';

test('a relative path resolves against the API base, not the page', () => {
  const opts = (base: string) => ({ relative: true, base, page: PAGE });
  assert.equal(safeServiceUrl('/logo.svg', opts('https://api.example/v1')), 'https://api.example/logo.svg');
  assert.equal(
    safeServiceUrl('./brand/logo.svg', opts('https://api.example/v1')),
    'https://api.example/v1/brand/logo.svg',
  );
  assert.equal(
    safeServiceUrl('./logo.svg', opts('https://api.example/v1/')),
    'https://api.example/v1/logo.svg',
  );
  assert.equal(
    safeServiceUrl('../logo.svg', opts('https://api.example/v1/kyb')),
    'https://api.example/v1/logo.svg',
  );
  // A path API base is on the page's origin; '' means the page's origin itself.
  assert.equal(safeServiceUrl('/logo.svg', opts('/sandbox')), 'https://partner.example/logo.svg');
  assert.equal(safeServiceUrl('./logo.svg', opts('/sandbox')), 'https://partner.example/sandbox/logo.svg');
  assert.equal(safeServiceUrl('./logo.svg', opts('')), 'https://partner.example/logo.svg');
  // Loopback http bases (the sandbox) are allowed, as for absolute URLs.
  assert.equal(
    safeServiceUrl('/f.woff2', opts('http://127.0.0.1:8787/sandbox')),
    'http://127.0.0.1:8787/f.woff2',
  );
});

test('the URL rule still holds for relative paths resolved against the base', () => {
  const opts = { relative: true, base: 'https://api.example/v1', page: PAGE };
  for (const bad of [
    '//evil.example/x.svg',
    '/\\evil.example/x',
    'logo.svg',
    'javascript:alert(1)',
    '/a b.svg',
    '/x"y',
  ])
    assert.equal(safeServiceUrl(bad, opts), null, bad);
  // Leaving the base's origin by dot segments is impossible (URL resolution clamps at the root) ...
  assert.equal(safeServiceUrl('../../../../x.svg', opts), 'https://api.example/x.svg');
  // ... and a plain-http, non-loopback base is refused for what it would load.
  assert.equal(safeServiceUrl('/x.svg', { ...opts, base: 'http://api.example/v1' }), null);
  // Without `relative`, a base changes nothing: relative paths are refused.
  assert.equal(safeServiceUrl('/x.svg', { base: 'https://api.example/v1', page: PAGE }), null);
  // Absolute URLs ignore the base.
  assert.equal(safeServiceUrl('https://cdn.example/l.svg', opts), 'https://cdn.example/l.svg');
});

test('themeStyles resolves the logo and the font file against the API base', () => {
  const out = themeStyles(
    { logo: '/brand/logo.svg', font: './fonts/brand.woff2' } as never,
    'https://api.example/v1',
  );
  assert.equal(out.logo, 'https://api.example/brand/logo.svg');
  assert.equal(out.fontUrl, 'https://api.example/v1/fonts/brand.woff2');
  assert.deepEqual(out.ignored, []);
  const bad = themeStyles(
    { logo: '//evil.example/l.svg', font: 'javascript:x' } as never,
    'https://api.example/v1',
  );
  assert.equal(bad.logo, null);
  assert.equal(bad.fontUrl, null);
  assert.deepEqual(bad.ignored, ['font', 'logo']);
  // Without a page (no DOM) and with a path base, a relative URL stays as given.
  assert.equal(themeUrl('/logo.svg', '/sandbox'), '/logo.svg');
});

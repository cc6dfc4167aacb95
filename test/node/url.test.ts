/** The one URL rule for service URLs (`src/api/url.ts`) and the API-base transport rule. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { insecureApiBase, isLoopbackHost } from '../../src/api/api-base.ts';
import { safeServiceUrl } from '../../src/api/url.ts';
import { safeRedirect } from '../../src/age-check/machine.ts';
import { safeDocumentUrl } from '../../src/kyb-form/documents/model.ts';
import { safeFileHref } from '../../src/kyb-form/questionnaire/answers-state.ts';
import { isSafeUrl } from '../../src/theme/index.ts';

const PAGE = 'https://shop.example/checkout/kyb.html';
const HTTP_PAGE = 'http://intranet.example/kyb.html';
const js = ['java', 'script'].join('');

/** Every way a service URL has been used to leave the page's control. */
const ATTACKS = [
  `${js}:alert(1)`,
  `${js.toUpperCase()}:alert(1)`,
  ` ${js}:alert(1)`,
  `\t${js}:alert(1)`,
  `java\tscript:alert(1)`,
  `java\nscript:alert(1)`,
  `${js}&colon;alert(1)`,
  'data:text/html,<script>alert(1)</script>',
  'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
  'blob:https://shop.example/0b6f',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://files.example/x',
  '//evil.example/x',
  '///evil.example/x',
  '/\\evil.example/x',
  '\\\\evil.example/x',
  '\\/evil.example/x',
  'https:evil.example/x',
  'https:/evil.example/x',
  'https:///evil.example/x',
  'https:\\\\evil.example/x',
  'http://evil.example/x',
  'HTTP://evil.example/x',
  'http://10.0.0.1/admin',
  'http://169.254.169.254/latest/meta-data/',
  'https://user:pw@evil.example/',
  'https://user@evil.example/',
  'https://shop.example@evil.example/',
  'http://user:pw@localhost/',
  'https://evil.example/\u202egnp.exe',
  'https://evil.example/\u200bx',
  'https://evil.example/"onmouseover="x',
  "https://evil.example/'x",
  'https://evil.example/<x>',
  'https://evil.example/`x`',
  'https://',
  'https://:443/',
  `https://x.example/${'a'.repeat(2048)}`,
  '',
  '   ',
];

describe('safeServiceUrl', () => {
  it('accepts https anywhere, normalised', () => {
    assert.equal(safeServiceUrl('https://cdn.example.com/f.pdf'), 'https://cdn.example.com/f.pdf');
    assert.equal(safeServiceUrl(' HTTPS://CDN.example.com/a?b=1#c '), 'https://cdn.example.com/a?b=1#c');
    assert.equal(safeServiceUrl('https://cdn.example.com/a%20b.pdf'), 'https://cdn.example.com/a%20b.pdf');
  });
  it('accepts http only to loopback hosts or to the page origin', () => {
    assert.equal(safeServiceUrl('http://localhost:3000/done'), 'http://localhost:3000/done');
    assert.equal(safeServiceUrl('http://app.localhost/x'), 'http://app.localhost/x');
    assert.equal(safeServiceUrl('http://127.0.0.1:8000/f'), 'http://127.0.0.1:8000/f');
    assert.equal(safeServiceUrl('http://127.1/f'), 'http://127.0.0.1/f');
    assert.equal(safeServiceUrl('http://[::1]:8787/f'), 'http://[::1]:8787/f');
    assert.equal(
      safeServiceUrl('http://intranet.example/f', { page: HTTP_PAGE }),
      'http://intranet.example/f',
    );
    assert.equal(safeServiceUrl('http://intranet.example/f', { page: PAGE }), null);
    assert.equal(safeServiceUrl('http://127.0.0.1.evil.example/f'), null);
    assert.equal(safeServiceUrl('http://localhost.evil.example/f'), null);
  });
  it('accepts relative paths only where asked, resolved on the page origin', () => {
    assert.equal(safeServiceUrl('/files/1'), null);
    assert.equal(safeServiceUrl('/files/1', { relative: true }), '/files/1');
    assert.equal(safeServiceUrl('/files/1', { relative: true, page: PAGE }), 'https://shop.example/files/1');
    assert.equal(
      safeServiceUrl('./a.png', { relative: true, page: PAGE }),
      'https://shop.example/checkout/a.png',
    );
    assert.equal(
      safeServiceUrl('../../../a.png', { relative: true, page: PAGE }),
      'https://shop.example/a.png',
    );
    assert.equal(safeServiceUrl('files/1', { relative: true, page: PAGE }), null);
    assert.equal(safeServiceUrl('?x=1', { relative: true, page: PAGE }), null);
  });
  it('refuses every attacker case, with and without a page, relative or not', () => {
    for (const url of ATTACKS) {
      for (const options of [{}, { relative: true }, { page: PAGE, relative: true }, { page: HTTP_PAGE }]) {
        assert.equal(safeServiceUrl(url, options), null, `${JSON.stringify(url)} ${JSON.stringify(options)}`);
      }
    }
  });
  it('refuses what is not a string', () => {
    for (const v of [null, undefined, 1, {}, ['https://a.example/'], new URL('https://a.example/')]) {
      assert.equal(safeServiceUrl(v), null);
    }
  });
});

describe('every call site uses the one rule', () => {
  it('redirects, documents, FILE answers and the logo refuse the attacker cases', () => {
    for (const url of ATTACKS) {
      assert.equal(safeRedirect(url), null, `redirect ${url}`);
      assert.equal(safeDocumentUrl(url, PAGE), null, `document ${url}`);
      assert.equal(safeFileHref(url, PAGE), null, `file answer ${url}`);
      assert.equal(safeFileHref(url), null, `file answer without page ${url}`);
      assert.equal(isSafeUrl(url), false, `logo ${url}`);
    }
  });
  it('the FILE answer link is as strict as the document link (was looser)', () => {
    for (const url of [
      '//evil.example/f',
      '/\\evil.example/f',
      'http://evil.example/f',
      'https://u:p@x.example/',
    ]) {
      assert.equal(safeFileHref(url, 'http://127.0.0.1:8000/'), null, url);
      assert.equal(safeDocumentUrl(url, 'http://127.0.0.1:8000/'), null, url);
    }
    const sandboxFile = 'http://127.0.0.1:8000/sandbox/_sandbox/files/ab/x.pdf';
    assert.equal(safeFileHref(sandboxFile, 'http://127.0.0.1:8000/'), sandboxFile);
    assert.equal(safeDocumentUrl(sandboxFile, 'http://127.0.0.1:8000/'), sandboxFile);
  });
  it('a redirect must be absolute', () => {
    assert.equal(safeRedirect('/done'), null);
    assert.equal(safeRedirect('https://shop.example/done'), 'https://shop.example/done');
  });
});

describe('API base transport rule', () => {
  it('allows https and loopback http', () => {
    for (const base of [
      'https://api.example.com',
      'http://localhost:8787',
      'http://127.0.0.1:9/sandbox',
      'http://[::1]:8787',
      'http://kyb.localhost',
    ]) {
      assert.equal(insecureApiBase(base), null, base);
    }
    assert.equal(insecureApiBase('/sandbox', 'https://shop.example/'), null);
    assert.equal(insecureApiBase('/sandbox', 'http://localhost:5173/'), null);
  });
  it('refuses plain http to any other host, with a message that names the host and the opt-out', () => {
    for (const [base, page] of [
      ['http://api.example.com', undefined],
      ['HTTP://10.0.0.5:8787/sandbox', undefined],
      ['http://127.0.0.1.nip.io', undefined],
      ['/sandbox', 'http://intranet.example/'],
      ['ftp://api.example.com', undefined],
    ] as const) {
      const why = insecureApiBase(base, page);
      assert.ok(why, base);
      assert.match(why, /https:\/\//);
      assert.match(why, /allowInsecureHttp/);
    }
  });
  it('isLoopbackHost', () => {
    for (const h of [
      'localhost',
      'LOCALHOST',
      'a.localhost',
      '127.0.0.1',
      '127.255.0.9',
      '[::1]',
      'localhost.',
    ]) {
      assert.equal(isLoopbackHost(h), true, h);
    }
    for (const h of [
      'localhost.example',
      '128.0.0.1',
      '[::2]',
      '0.0.0.0',
      'example.com',
      '127.0.0.1.nip.io',
    ]) {
      assert.equal(isLoopbackHost(h), false, h);
    }
  });
});

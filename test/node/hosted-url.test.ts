/**
 * A hosted `<age-check>` frames its `session-url` only over `https:`, or plain `http:` to a loopback host
 * (a test rig): not on the page's own plain-`http:` origin, which a redirect may use.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { hostedUrl } from '../../src/age-check/hosted.ts';
import { safeRedirect } from '../../src/age-check/outcome.ts';

const g = globalThis as { location?: unknown };
before(() => {
  // A partner page served over plain http from a host that is not loopback.
  g.location = { href: 'http://shop.example/checkout' };
});
after(() => {
  delete g.location;
});

test('https and loopback http session URLs are framed', () => {
  for (const url of [
    'https://verify.example/session/1',
    'http://localhost:8080/s',
    'http://127.0.0.1/s',
    'http://[::1]:3000/s',
    'http://app.localhost/s',
  ])
    assert.equal(hostedUrl(url), new URL(url).href, url);
});

test("plain http to another host, or to the page's own non-loopback origin, is refused", () => {
  // A redirect to the page's own origin is fine; a framed session there is not.
  assert.equal(safeRedirect('http://shop.example/s'), 'http://shop.example/s');
  for (const url of [
    'http://shop.example/s',
    'http://verify.example/s',
    'http://10.0.0.5/s',
    'http://127.0.0.1.nip.io/s',
  ])
    assert.equal(hostedUrl(url), null, url);
});

test('what a redirect refuses is refused too', () => {
  for (const url of [
    'javascript:alert(1)',
    '//verify.example/s',
    '/session',
    'data:text/html,x',
    '',
    null,
    undefined,
  ])
    assert.equal(hostedUrl(url), null, String(url));
});

/**
 * The built CDN bundle in every engine (Chromium, Firefox ESR, WebKitGTK) under a strict
 * Content-Security-Policy (issue 17, items 2 and 5):
 *  - current engines: `style-src 'self'`, both elements' main flows, zero violations;
 *  - a simulated Safari 15 (Object.hasOwn, Array.prototype.at, constructable stylesheets and the other
 *    post-target built-ins deleted before the bundle runs) with the documented nonce
 *    (`style-src 'self' 'nonce-…'`, the nonce on the bundle's <script>): both elements render styled
 *    and work, with zero violations; without the nonce the styles are blocked (the check can fail).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildCdn, startPageServer, type PageServer } from '../support/page-server.ts';
import { ENGINES, engineMissing, openEngine, type EngineName, type EnginePage } from '../support/engines.ts';
import {
  ageFlow,
  CSP_STRICT,
  CSP_WITH_NONCE,
  enginePages,
  firstScreens,
  kybFlow,
  mount,
  NONCE,
  tokens,
  violations,
} from '../support/engine-flows.ts';

const PRIMARY = 'rgb(29, 78, 216)';
/** Every post-target built-in the simulated Safari 15 must lack for the test to mean anything. */
const MUST_BE_REMOVED = [
  'Object.hasOwn',
  'Array.prototype.at',
  'structuredClone',
  'Document.prototype.adoptedStyleSheets',
  'ShadowRoot.prototype.adoptedStyleSheets',
];

let strict: PageServer;
let nonced: PageServer;

before(async () => {
  const cdn = await buildCdn();
  const { assets, pages } = enginePages();
  const mounts = { '/cdn/': cdn, '/assets/': assets };
  strict = await startPageServer({ csp: CSP_STRICT, mounts, pages });
  nonced = await startPageServer({ csp: CSP_WITH_NONCE, mounts, pages });
});

after(async () => {
  await strict?.close();
  await nonced?.close();
});

async function withEngine(engine: EngineName, fn: (p: EnginePage) => Promise<void>) {
  const p = await openEngine(engine);
  try {
    await fn(p);
  } finally {
    await p.close();
  }
}

for (const engine of ENGINES) {
  const missing = engineMissing(engine);
  describe(`${engine}: the CDN bundle under a strict CSP`, { skip: missing ?? false }, () => {
    test("current engine, style-src 'self': both flows, styled, zero violations", async () => {
      await withEngine(engine, async (p) => {
        const t = await tokens(strict.origin);
        await p.goto(`${strict.origin}/strict.html`);
        await mount(p, 'kyb-form', t.kyb);
        await mount(p, 'age-check', t.age);
        const styled = await firstScreens(p);
        assert.equal(styled.adopted, true);
        assert.equal(styled.kybButton, PRIMARY);
        assert.equal(styled.ageButton, PRIMARY);
        await kybFlow(p, `Strict ${engine} Ltd`);
        assert.equal(await ageFlow(p), 'SUCCESS');
        assert.deepEqual(await violations(p), []);
      });
    });

    test("simulated Safari 15 with the nonce on the bundle's <script>: styled, both flows, zero violations", async () => {
      await withEngine(engine, async (p) => {
        const t = await tokens(nonced.origin);
        await p.goto(`${nonced.origin}/safari15.html`);
        const removed = await p.run<string[]>('return window.__removed;');
        for (const name of MUST_BE_REMOVED) assert.ok(removed.includes(name), `${name} removed`);
        await mount(p, 'kyb-form', t.kyb);
        await mount(p, 'age-check', t.age);
        const styled = await firstScreens(p);
        assert.equal(styled.adopted, false);
        assert.ok(styled.styleElements >= 2, 'Lit fell back to <style> elements');
        assert.equal(styled.styleNonces, styled.styleElements, 'every fallback <style> carries the nonce');
        assert.equal(styled.kybButton, PRIMARY, '<kyb-form> is styled');
        assert.equal(styled.ageButton, PRIMARY, '<age-check> is styled');
        await kybFlow(p, `Old Safari ${engine} Ltd`);
        assert.equal(await ageFlow(p), 'SUCCESS');
        assert.deepEqual(await violations(p), []);
      });
    });
  });
}

describe(
  'simulated Safari 15: the other ways to give the nonce, and without one',
  {
    skip: engineMissing('chromium') ?? false,
  },
  () => {
    test('the classic-script loader passes its nonce on', async () => {
      await withEngine('chromium', async (p) => {
        const t = await tokens(nonced.origin);
        await p.goto(`${nonced.origin}/safari15-classic.html`);
        await mount(p, 'kyb-form', t.kyb);
        await mount(p, 'age-check', t.age);
        const styled = await firstScreens(p);
        assert.equal(styled.adopted, false);
        assert.equal(styled.kybButton, PRIMARY);
        assert.equal(styled.ageButton, PRIMARY);
        assert.deepEqual(await violations(p), []);
      });
    });

    test('a `nonce` attribute on each element', async () => {
      await withEngine('chromium', async (p) => {
        const t = await tokens(nonced.origin);
        await p.goto(`${nonced.origin}/safari15-bare.html`);
        await mount(p, 'kyb-form', t.kyb, { nonce: NONCE });
        await mount(p, 'age-check', t.age, { nonce: NONCE });
        const styled = await firstScreens(p);
        assert.equal(styled.adopted, false);
        assert.equal(styled.kybButton, PRIMARY);
        assert.equal(styled.ageButton, PRIMARY);
        await kybFlow(p, 'Attribute nonce Ltd');
        assert.deepEqual(await violations(p), []);
      });
    });

    test('no nonce anywhere: the fallback styles are blocked (what the nonce prevents)', async () => {
      await withEngine('chromium', async (p) => {
        const t = await tokens(nonced.origin);
        await p.goto(`${nonced.origin}/safari15-bare.html`);
        await mount(p, 'kyb-form', t.kyb);
        await mount(p, 'age-check', t.age);
        const styled = await firstScreens(p);
        assert.equal(styled.adopted, false);
        assert.equal(styled.styleNonces, 0);
        assert.notEqual(styled.kybButton, PRIMARY, 'unstyled');
        assert.notEqual(styled.ageButton, PRIMARY, 'unstyled');
        const reported = await violations(p);
        assert.ok(
          reported.some((v) => /^style-src/.test(v)),
          `style-src violations reported: ${reported.length}`,
        );
      });
    });
  },
);

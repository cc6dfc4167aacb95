/**
 * `<age-check>`'s first download in the CDN build (run after `npm run build`): what the entry preloads for
 * the age check (its chunk graph up to the consent screen) holds the consent screen and nothing after it:
 * no capture, outcome or hosted screen, no camera code, no server-side schema. Those are in chunks the
 * element imports on demand (flow.ts, hosted.ts), which exist and are not in the preload list.
 */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const CDN = resolve(import.meta.dirname, '../../dist/cdn');
const read = (file: string) => readFileSync(join(CDN, file), 'utf8');

/** The age check's preload list, as the entry holds it. */
function agePreload(): string[] {
  const m = /'(\{"kyb-form".*?\})'/.exec(read('verify-elements.js'));
  assert.ok(m, 'the entry holds the preload graph');
  const graph = JSON.parse(m[1]!) as Record<string, string[]>;
  assert.ok(graph['age-check']?.length, 'the age check has a preload list');
  return graph['age-check'];
}

/** Texts (message sources, class names, API names) of the code that must not be on the first screen's path. */
const LATER: [string, RegExp][] = [
  ['the live capture screen', /Take photo/],
  ['the document step-up screen', /Continue with an ID document/],
  ['the camera fallback', /Use a photo file instead|Try the camera again/],
  ['the outcome screens', /Age confirmed|Too many attempts/],
  ['the expired screen', /The time allowed for it ran out/],
  ['hosted mode', /hosted-frame|age-check-return/],
  ['the camera', /getUserMedia/],
  ['the capture styles', /\.stage\{|\.guide::before/],
  ['the server-side schemas', /buffer must not exceed min_age/],
];

before(() => {
  assert.ok(existsSync(join(CDN, 'verify-elements.js')), 'dist/cdn is missing: run `npm run build` first');
});

describe("<age-check>'s first download (CDN build)", () => {
  test('the preloaded chunks hold the consent screen', () => {
    const text = agePreload().map(read).join('\n');
    assert.match(text, /Agree and start/);
    assert.match(text, /customElements\.define\(["'`]age-check/);
  });

  test('and nothing after it: capture, outcome, hosted, camera, server-side schemas', () => {
    for (const file of agePreload()) {
      const text = read(file);
      for (const [what, re] of LATER) assert.doesNotMatch(text, re, `${file} holds ${what}`);
    }
  });

  test('the screens after consent are in chunks of their own, loaded on demand', () => {
    const preload = new Set(agePreload());
    const chunks = readdirSync(join(CDN, 'chunks'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => `chunks/${f}`);
    const holding = (re: RegExp) => chunks.filter((f) => re.test(read(f)));
    for (const [what, re] of LATER.slice(0, 6)) {
      const found = holding(re);
      assert.ok(found.length > 0, `some chunk holds ${what}`);
      for (const f of found) assert.ok(!preload.has(f), `${f} (${what}) is not preloaded`);
    }
    // The element's chunk imports them dynamically (not statically, which would put them in its graph).
    const element = [...preload].find((f) => /customElements\.define\(["'`]age-check/.test(read(f)));
    assert.ok(element, 'the element chunk is preloaded');
    assert.match(read(element), /import\(`\.\/flow-[\w-]+\.js`\)/);
    assert.match(read(element), /import\(`\.\/hosted-[\w-]+\.js`\)/);
  });
});

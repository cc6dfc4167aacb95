/**
 * The user's own browser settings reach inside both elements (issue 25), in a real Chromium driving the
 * demo site:
 *  - the default font size (a profile's "Font size" setting, which only a profile can set): the elements'
 *    text follows it (the CSS `medium` keyword), while the partner page's root and body font sizes still
 *    cannot reach in;
 *  - forced colours (Windows High Contrast, emulated through the DevTools protocol): the camera's face
 *    guide keeps its own colours (a solid light oval in a dark ring, not dashes of the text colour over
 *    the video), the current step of the progress is Highlight, the drop zone's border the text colour.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import {
  ageCamera,
  forcedColors,
  kybBeneficiaryUpload,
  kybCompanyStep,
  openBrowser,
  startDemo,
  type Demo,
} from '../support/a11y-demo.ts';

let demo: Demo;
before(async () => {
  demo = await startDemo();
});
after(async () => {
  await demo?.close();
});

/** The partner's own page makes its text small: none of it may reach inside. */
const PAGE_SIZES = 'html { font-size: 10px !important } body { font-size: 12px !important }';

/** Computed font sizes (px) inside an element's shadow root. */
function sizes(page: Page, tag: string, selectors: Record<string, string>) {
  return page.evaluate(
    ([t, sel]) => {
      const root = document.querySelector(t)!.shadowRoot!;
      const out: Record<string, number> = {};
      for (const [k, s] of Object.entries(sel)) {
        const node = root.querySelector(s);
        out[k] = node ? parseFloat(getComputedStyle(node).fontSize) : NaN;
      }
      return out;
    },
    [tag, selectors] as const,
  );
}

const KYB = {
  root: '[part~="root"]',
  heading: '#kyb-step-heading',
  input: 'input[type="text"]',
  label: 'label',
};
const AGE = { root: '[part~="root"]', heading: 'h2', button: '[part~="start-button"]' };

describe("the user's default font size", () => {
  for (const fontSize of [16, 24]) {
    it(`${fontSize}px: both elements' text derives from it; the page's root size does not reach in`, async () => {
      const context = await openBrowser({ defaultFontSize: fontSize });
      try {
        const page = await context.newPage();
        await kybCompanyStep(page, demo.origin);
        await page.addStyleTag({ content: PAGE_SIZES });
        const medium = await page.evaluate(() => {
          const probe = document.createElement('div');
          probe.style.fontSize = 'medium';
          document.body.append(probe);
          const px = parseFloat(getComputedStyle(probe).fontSize);
          probe.remove();
          return px;
        });
        assert.equal(medium, fontSize, 'the profile sets the default font size');
        const kyb = await sizes(page, 'kyb-form', KYB);
        assert.deepEqual(kyb, { root: fontSize, heading: fontSize * 1.5, input: fontSize, label: fontSize });

        await page.goto(`${demo.origin}/age.html`);
        await page.locator('age-check [part~="start-button"]').waitFor({ timeout: 20000 });
        await page.addStyleTag({ content: PAGE_SIZES });
        const age = await sizes(page, 'age-check', AGE);
        assert.deepEqual(age, { root: fontSize, heading: fontSize * 1.375, button: fontSize });
      } finally {
        await context.close();
      }
    });
  }
});

describe('forced colours', () => {
  it("the camera's face guide keeps its own colours over the video: a solid oval, not dashes", async () => {
    const context = await openBrowser({});
    try {
      const page = await context.newPage();
      await forcedColors(page);
      await ageCamera(page, demo.origin);
      assert.equal(await page.evaluate(() => matchMedia('(forced-colors: active)').matches), true);
      const guide = await page.evaluate(() => {
        const g = document.querySelector('age-check')!.shadowRoot!.querySelector('[part~="guide"]')!;
        const oval = getComputedStyle(g, '::before');
        return {
          adjust: getComputedStyle(g).getPropertyValue('forced-color-adjust'),
          style: oval.borderTopStyle,
          width: oval.borderTopWidth,
          outline: oval.outlineStyle,
        };
      });
      assert.deepEqual(guide, { adjust: 'none', style: 'solid', width: '4px', outline: 'solid' });
    } finally {
      await context.close();
    }
  });

  it("<kyb-form>: the current step of the progress is Highlight; the drop zone's border the text colour", async () => {
    const context = await openBrowser({});
    try {
      const page = await context.newPage();
      await forcedColors(page);
      await kybBeneficiaryUpload(page, demo.origin);
      const seen = await page.evaluate(() => {
        // (No named functions in here: the test's compiler would wrap them in a helper the page lacks.)
        const [highlight, highlightText, canvasText] = ['Highlight', 'HighlightText', 'CanvasText'].map(
          (name) => {
            const probe = document.createElement('div');
            probe.style.color = name;
            document.body.append(probe);
            const c = getComputedStyle(probe).color;
            probe.remove();
            return c;
          },
        );
        const root = document.querySelector('kyb-form')!.shadowRoot!;
        const current = getComputedStyle(root.querySelector('[part~="progress-step"][aria-current="step"]')!);
        const zone = getComputedStyle(root.querySelector('[part~="upload-dropzone"]')!);
        return {
          currentBackground: current.backgroundColor === highlight,
          currentText: current.color === highlightText,
          zoneBorder: zone.borderTopColor === canvasText,
          zoneStyle: zone.borderTopStyle,
        };
      });
      assert.deepEqual(seen, {
        currentBackground: true,
        currentText: true,
        zoneBorder: true,
        zoneStyle: 'dashed',
      });
    } finally {
      await context.close();
    }
  });
});

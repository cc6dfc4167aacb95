/**
 * Theme contrast in a real browser: every CSS colour notation is read (through a 1x1 canvas), and a
 * service theme whose text would be unreadable renders the defaults for that pair, with a warning; a
 * border too pale to see (WCAG 1.4.11, 3:1) renders the default border.
 */
import { expect } from '@open-wc/testing';
import { DEMO_FLOW, DEMO_THEME } from '../../src/sandbox/fixtures.ts';
import { readColor, readableColors } from '../../src/theme/contrast.ts';
import { byLabel, mount, ready, root, setup } from './kyb-form-helpers.ts';

describe('theme contrast (browser)', () => {
  it('reads named, hwb, lab and oklch colours through the canvas', () => {
    expect(readColor('rebeccapurple')?.slice(0, 3)).to.deep.equal([102, 51, 153]);
    expect(readColor('hwb(0 0% 0%)')?.slice(0, 3)).to.deep.equal([255, 0, 0]);
    expect(readColor('transparent')?.[3]).to.equal(0);
    const white = readColor('oklch(1 0 0)');
    expect(white?.slice(0, 3).map((x) => Math.round(x / 5))).to.deep.equal([51, 51, 51]);
    expect(readColor('lab(0 0 0)')?.slice(0, 3)).to.deep.equal([0, 0, 0]);
    expect(readColor('not-a-colour')).to.equal(null);
  });
  it('judges every notation: a named pale text colour falls back', () => {
    const r = readableColors({ text: 'lightyellow', primary: 'darkslateblue' });
    expect(r.kept).to.deep.equal({ primary: 'darkslateblue' });
  });
  it('<kyb-form> shows the default text colour for a transparent theme text, and warns', async () => {
    const warnings: string[] = [];
    const realWarn = console.warn;
    console.warn = (...a: unknown[]) => void warnings.push(a.map(String).join(' '));
    try {
      const theme = { ...DEMO_THEME, colors: { ...DEMO_THEME.colors, typography: 'transparent' } };
      const s = await setup({ kyb: { info: { locale: 'en', theme, flow: DEMO_FLOW }, questionnaires: [] } });
      const el = await mount(s.token);
      await ready(el);
      const rootEl = root(el).querySelector<HTMLElement>('[part~="root"]')!;
      expect(getComputedStyle(rootEl).color).to.equal('rgb(15, 23, 42)');
      expect(rootEl.style.getPropertyValue('--_kyb-theme-text')).to.equal('');
      expect(rootEl.style.getPropertyValue('--_kyb-theme-primary')).to.equal(DEMO_THEME.colors.primary);
      expect(warnings.some((w) => /text on background/.test(w))).to.equal(true);
    } finally {
      console.warn = realWarn;
    }
  });
  it('<kyb-form> replaces a theme border below 3:1 (1.4.11): the inputs show the default border', async () => {
    const warnings: string[] = [];
    const realWarn = console.warn;
    console.warn = (...a: unknown[]) => void warnings.push(a.map(String).join(' '));
    try {
      // #cbd5e1 on white is 1.48:1 (the demo theme's old border).
      const pale = { ...DEMO_THEME, colors: { ...DEMO_THEME.colors, border: '#cbd5e1' } };
      const s = await setup({
        kyb: { info: { locale: 'en', theme: pale, flow: DEMO_FLOW }, questionnaires: [] },
      });
      const el = await mount(s.token);
      await ready(el);
      const input = byLabel(el, 'City');
      expect(getComputedStyle(input).borderTopColor).to.equal('rgb(100, 116, 139)');
      expect(getComputedStyle(input).borderTopColor).not.to.equal('rgb(203, 213, 225)');
      expect(warnings.some((w) => /border on background \(1\.48:1, needs 3:1\)/.test(w))).to.equal(true);
      // A border with enough contrast (#475569 on white: 7.6:1) is the theme's.
      const dark = { ...DEMO_THEME, colors: { ...DEMO_THEME.colors, border: '#475569' } };
      const s2 = await setup({
        kyb: { info: { locale: 'en', theme: dark, flow: DEMO_FLOW }, questionnaires: [] },
      });
      const el2 = await mount(s2.token);
      await ready(el2);
      expect(getComputedStyle(byLabel(el2, 'City')).borderTopColor).to.equal('rgb(71, 85, 105)');
    } finally {
      console.warn = realWarn;
    }
  });
});

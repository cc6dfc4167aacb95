import { expect, waitUntil } from '@open-wc/testing';
import { DEMO_FLOW, DEMO_THEME } from '../../src/sandbox/fixtures.ts';
import { mount, ready, root, setup } from './kyb-form-helpers.ts';

const primaryButton = (el: HTMLElement) =>
  el.shadowRoot!.querySelector<HTMLButtonElement>('[part~="button-primary"]')!;
const bg = (el: Element) => getComputedStyle(el).backgroundColor;
const DEFAULT_PRIMARY = 'rgb(29, 78, 216)';

describe('<kyb-form> theme', () => {
  it('applies the service theme (colour, logo, company name, support e-mail)', async () => {
    const theme = {
      ...DEMO_THEME,
      colors: { ...DEMO_THEME.colors, primary: '#123456' },
      logo: '/sandbox-logo.svg',
    };
    const s = await setup({ kyb: { info: { locale: 'en', theme, flow: DEMO_FLOW }, questionnaires: [] } });
    const el = await mount(s.token);
    await ready(el);
    expect(bg(primaryButton(el))).to.equal('rgb(18, 52, 86)');
    const logo = root(el).querySelector<HTMLImageElement>('img[part~="logo"]')!;
    // The sandbox answers the stored path as an absolute URI on its own origin (published `format: uri`).
    expect(logo.getAttribute('src')).to.equal(new URL('/sandbox-logo.svg', location.origin).href);
    expect(logo.alt).to.contain(DEMO_THEME.companyName);
    expect(root(el).querySelector('[part~="company-name"]')!.textContent).to.contain(DEMO_THEME.companyName);
    const mail = root(el).querySelector<HTMLAnchorElement>('[part~="support"] a')!;
    expect(mail.getAttribute('href')).to.equal(`mailto:${DEMO_THEME.supportEmail}`);
    const rootEl = root(el).querySelector<HTMLElement>('[part~="root"]')!;
    expect(
      rootEl.hasAttribute('style') ? rootEl.style.getPropertyValue('--_kyb-theme-primary') : '',
    ).to.equal('#123456');
  });

  it('ignores hostile theme values', async () => {
    const theme = {
      companyName: '<img src=x onerror=alert(1)>',
      logo: 'javascript:alert(1)',
      font: 'x;}body{display:none',
      supportEmail: 'javascript:alert(1)',
      colors: {
        primary: 'red;background:url(javascript:alert(1))',
        hoveredButton: 'url(https://evil.example/)',
      },
    };
    const s = await setup({ kyb: { info: { locale: 'en', theme, flow: DEMO_FLOW }, questionnaires: [] } });
    const el = await mount(s.token);
    await ready(el);
    expect(bg(primaryButton(el))).to.equal(DEFAULT_PRIMARY);
    expect(root(el).querySelector('img')).to.equal(null);
    expect(root(el).querySelector('[part~="support"]')).to.equal(null);
    // The company name is text, never markup.
    expect(root(el).querySelector('[part~="company-name"]')!.textContent).to.contain('<img src=x');
    const style = root(el).querySelector<HTMLElement>('[part~="root"]')!.style.cssText;
    expect(style).not.to.contain('url(');
    expect(style).not.to.contain('javascript');
  });

  it('a page-level --kyb-color-primary wins over the service theme', async () => {
    const theme = { ...DEMO_THEME, colors: { ...DEMO_THEME.colors, primary: '#123456' } };
    const s = await setup({ kyb: { info: { locale: 'en', theme, flow: DEMO_FLOW }, questionnaires: [] } });
    const el = await mount(s.token);
    el.style.setProperty('--kyb-color-primary', '#006400');
    await ready(el);
    await waitUntil(() => bg(primaryButton(el)) === 'rgb(0, 100, 0)', `got ${bg(primaryButton(el))}`);
  });
});

/**
 * The multi-country combobox (src/kyb-form/controls/country-multi.ts) in a test host, driven with real
 * key presses and clicks: one Tab stop, the APG combobox roles and states, filtering by name and code
 * (accent-insensitive), keyboard selection, chips and their removal, names, the polite announcements,
 * and axe.
 */
import { expect, fixture, html, waitUntil, aTimeout } from '@open-wc/testing';
import { sendKeys, sendMouse, resetMouse } from '@web/test-runner-commands';
import { LitElement } from 'lit';
import { countryMulti } from '../../src/kyb-form/controls/country-multi.ts';
import { countryMultiStyles } from '../../src/kyb-form/controls/country-multi-styles.ts';
import { styles } from '../../src/kyb-form/styles.ts';
import { formStyles } from '../../src/kyb-form/form-styles.ts';

class CountryMultiHost extends LitElement {
  static override styles = [styles, formStyles, countryMultiStyles];
  static override properties = { selected: { attribute: false }, readOnly: { type: Boolean } };
  selected: string[] = [];
  readOnly = false;
  locale = 'en';
  changes: string[][] = [];
  renders = 0;
  override render() {
    this.renders++;
    return html`<div class="root">
      <button type="button" id="before">Before</button>
      <div class="field">
        ${countryMulti({
          id: 'cm',
          label: 'Countries where you have customers',
          selected: this.selected,
          locale: this.locale,
          readOnly: this.readOnly,
          required: true,
          onChange: (codes) => {
            this.changes.push(codes);
            this.selected = codes;
          },
        })}
      </div>
      <button type="button" id="after">After</button>
    </div>`;
  }
}
if (!customElements.get('country-multi-host')) customElements.define('country-multi-host', CountryMultiHost);

async function mount(selected: string[] = [], readOnly = false) {
  const el = await fixture<CountryMultiHost>(
    html`<country-multi-host .selected=${selected} ?readOnly=${readOnly}></country-multi-host>`,
  );
  await el.updateComplete;
  const root = el.shadowRoot!;
  const input = root.getElementById('cm') as HTMLInputElement;
  const list = root.getElementById('cm-list') as HTMLElement;
  return { el, root, input, list };
}

type M = Awaited<ReturnType<typeof mount>>;
const settle = async (m: M) => {
  await m.el.updateComplete;
  await aTimeout(0);
};
const options = (m: M) => [...m.list.querySelectorAll<HTMLElement>('[role="option"]')];
const optionNames = (m: M) => options(m).map((o) => o.querySelector('.cm-option-name')!.textContent!.trim());
const active = (m: M) => {
  const id = m.input.getAttribute('aria-activedescendant');
  return id ? m.root.getElementById(id) : null;
};
const activeName = (m: M) => active(m)?.querySelector('.cm-option-name')?.textContent?.trim() ?? null;
const chips = (m: M) =>
  [...m.root.querySelectorAll('.cm-chip .cm-chip-name')].map((c) => c.textContent!.trim());
const press = async (m: M, key: string) => {
  const [mod, k] = key.includes('+') ? key.split('+') : [null, key];
  if (mod) await sendKeys({ down: mod });
  await sendKeys({ press: k! });
  if (mod) await sendKeys({ up: mod });
  await settle(m);
};
const type = async (m: M, text: string) => {
  await sendKeys({ type: text });
  await settle(m);
};
const status = (m: M) => m.root.querySelector('[role="status"]')!.textContent!.trim();

describe('country multi-select combobox', () => {
  afterEach(async () => {
    await resetMouse();
  });

  it('is a labelled APG combobox controlling a multi-select listbox', async () => {
    const m = await mount();
    const label = m.root.querySelector('label')!;
    expect(label.htmlFor).to.equal('cm');
    expect(label.textContent!.trim()).to.equal('Countries where you have customers');
    expect(m.input.getAttribute('role')).to.equal('combobox');
    expect(m.input.getAttribute('aria-autocomplete')).to.equal('list');
    expect(m.input.getAttribute('aria-expanded')).to.equal('false');
    expect(m.input.getAttribute('aria-controls')).to.equal('cm-list');
    expect(m.input.getAttribute('aria-required')).to.equal('true');
    expect(m.input.hasAttribute('aria-activedescendant')).to.equal(false);
    expect(m.list.getAttribute('role')).to.equal('listbox');
    expect(m.list.getAttribute('aria-multiselectable')).to.equal('true');
    expect(m.list.getAttribute('aria-labelledby')).to.equal(label.id);
    expect(m.list.hidden).to.equal(true);
    // the selection count describes the input
    const count = m.root.getElementById('cm-count')!;
    expect(m.input.getAttribute('aria-describedby')!.split(' ')).to.include('cm-count');
    expect(count.textContent!.trim()).to.equal('No country selected.');
    // the visible label is the accessible name (label in name): computed by the browser's a11y tree
    m.input.focus();
    expect(m.input.labels?.[0]?.textContent?.trim()).to.equal('Countries where you have customers');
  });

  it('is ONE Tab stop, with chips chosen (their remove buttons are not Tab stops)', async () => {
    const m = await mount(['DE', 'FR', 'ES']);
    expect(chips(m)).to.deep.equal(['Germany', 'France', 'Spain']);
    m.root.getElementById('before')!.focus();
    await press(m, 'Tab');
    expect(m.root.activeElement).to.equal(m.input);
    await press(m, 'Tab');
    expect(m.root.activeElement?.id).to.equal('after');
    await press(m, 'Shift+Tab');
    expect(m.root.activeElement).to.equal(m.input);
    await press(m, 'Shift+Tab');
    expect(m.root.activeElement?.id).to.equal('before');
    // also with the list open: Tab closes it and moves on, choosing nothing
    await press(m, 'Tab');
    await press(m, 'ArrowDown');
    expect(m.input.getAttribute('aria-expanded')).to.equal('true');
    expect(activeName(m)).to.equal('Afghanistan', 'Down opens on the first option');
    await press(m, 'Escape');
    await press(m, 'ArrowUp');
    expect(activeName(m)).to.equal('Zimbabwe', 'Up opens on the last option');
    await press(m, 'Tab');
    expect(m.root.activeElement?.id).to.equal('after');
    expect(m.list.hidden).to.equal(true);
    expect(m.el.changes).to.deep.equal([]);
    const tabbable = [
      ...m.root.querySelectorAll<HTMLElement>('.cm input, .cm button, .cm [tabindex]'),
    ].filter((e) => e.tabIndex >= 0);
    expect(tabbable).to.deep.equal([m.input]);
  });

  it('filters by localized name and by code, accent-insensitive, best match first', async () => {
    const m = await mount();
    m.input.focus();
    await type(m, 'ger');
    expect(m.input.getAttribute('aria-expanded')).to.equal('true');
    expect(optionNames(m)[0]).to.equal('Germany');
    expect(optionNames(m)).to.include.members(['Niger', 'Nigeria', 'Algeria']);
    expect(optionNames(m)).not.to.include('France');
    expect(activeName(m)).to.equal('Germany');
    await press(m, 'Escape');
    await press(m, 'Escape');
    expect(m.input.value).to.equal('');
    await type(m, 'us');
    expect(optionNames(m)[0]).to.equal('United States');
    await press(m, 'Escape');
    await press(m, 'Escape');
    await type(m, 'cote');
    expect(optionNames(m)).to.deep.equal(['Côte d’Ivoire']);
    await press(m, 'Escape');
    await press(m, 'Escape');
    await type(m, 'zzz');
    expect(m.list.hidden).to.equal(true);
    expect(m.input.getAttribute('aria-expanded')).to.equal('false');
    expect(m.root.querySelector('.cm-empty')!.textContent!.trim()).to.equal('No country matches the filter.');
    await waitUntil(() => status(m) === 'No country matches the filter.', 'no match announced');
  });

  it('chooses with the keyboard: Enter on the typed match, arrows and Space, Home / End; the list stays open', async () => {
    const m = await mount();
    m.input.focus();
    await type(m, 'ger');
    await press(m, 'Enter');
    expect(m.el.changes.at(-1)).to.deep.equal(['DE']);
    await settle(m);
    expect(chips(m)).to.deep.equal(['Germany']);
    expect(m.input.getAttribute('aria-expanded')).to.equal('true');
    expect(options(m)[0]!.getAttribute('aria-selected')).to.equal('true');
    expect(status(m)).to.equal('Germany added. Countries selected: 1');
    expect(m.root.getElementById('cm-count')!.textContent!.trim()).to.equal('Countries selected: 1');
    // the typed text is selected: the next country is typed over it
    await type(m, 'fra');
    expect(m.input.value).to.equal('fra');
    await press(m, 'Enter');
    expect(chips(m)).to.deep.equal(['Germany', 'France']);
    // a space is typed while not browsing ("United States")
    await type(m, 'united s');
    expect(m.input.value).to.equal('united s');
    expect(optionNames(m)).to.deep.equal(['United States']);
    // clear, then browse the whole list: Down from the start, End, Home, Space toggles
    m.input.select();
    await press(m, 'Backspace');
    expect(m.input.value).to.equal('');
    expect(chips(m)).to.deep.equal(['Germany', 'France'], 'Backspace edited the text, no chip removed');
    await press(m, 'ArrowDown');
    expect(activeName(m)).to.equal('Afghanistan');
    await press(m, 'ArrowDown');
    expect(activeName(m)).to.equal('Åland Islands');
    await press(m, 'End');
    expect(activeName(m)).to.equal('Zimbabwe');
    // the highlighted option is scrolled into the list's view
    const a = active(m)!;
    expect(a.offsetTop + a.offsetHeight).to.be.at.most(m.list.scrollTop + m.list.clientHeight + 1);
    expect(m.list.scrollTop).to.be.above(0);
    await press(m, 'Space');
    expect(chips(m)).to.deep.equal(['Germany', 'France', 'Zimbabwe']);
    expect(m.input.value).to.equal('', 'Space toggled, typed nothing');
    await press(m, 'ArrowUp');
    expect(activeName(m)).to.equal('Zambia');
    await press(m, 'Home');
    expect(activeName(m)).to.equal('Afghanistan');
    await press(m, 'PageDown');
    expect(options(m).indexOf(active(m)!)).to.equal(10);
    // Enter on a chosen option un-chooses it
    await press(m, 'End');
    await press(m, 'Enter');
    expect(chips(m)).to.deep.equal(['Germany', 'France']);
    expect(status(m)).to.equal('Zimbabwe removed. Countries selected: 2');
    // Escape closes the list, keeping the focus
    await press(m, 'Escape');
    expect(m.list.hidden).to.equal(true);
    expect(m.input.hasAttribute('aria-activedescendant')).to.equal(false);
    expect(m.root.activeElement).to.equal(m.input);
    // Alt+Down opens without highlighting
    await press(m, 'Alt+ArrowDown');
    expect(m.list.hidden).to.equal(false);
    expect(active(m)).to.equal(null);
  });

  it('removes chips: Backspace in the empty box, arrows to a chip then Delete / Backspace, a click', async () => {
    const m = await mount(['DE', 'FR', 'ES', 'IT']);
    m.input.focus();
    await press(m, 'Backspace');
    expect(chips(m)).to.deep.equal(['Germany', 'France', 'Spain']);
    expect(status(m)).to.equal('Italy removed. Countries selected: 3');
    // Left from the start of the box: the last chip's remove button, named by the country
    await press(m, 'ArrowLeft');
    const focused = m.root.activeElement as HTMLButtonElement;
    expect(focused.getAttribute('aria-label')).to.equal('Remove Spain');
    expect(focused.tabIndex).to.equal(-1);
    await press(m, 'ArrowLeft');
    expect((m.root.activeElement as HTMLElement).getAttribute('aria-label')).to.equal('Remove France');
    await press(m, 'Delete');
    expect(chips(m)).to.deep.equal(['Germany', 'Spain']);
    expect((m.root.activeElement as HTMLElement).getAttribute('aria-label')).to.equal('Remove Spain');
    await press(m, 'ArrowRight');
    expect(m.root.activeElement).to.equal(m.input);
    await press(m, 'ArrowLeft');
    await press(m, 'Backspace');
    expect(chips(m)).to.deep.equal(['Germany']);
    expect((m.root.activeElement as HTMLElement).getAttribute('aria-label')).to.equal('Remove Germany');
    await press(m, 'Enter');
    expect(chips(m)).to.deep.equal([]);
    expect(m.root.activeElement).to.equal(m.input);
    expect(m.el.changes).to.deep.equal([['DE', 'FR', 'ES'], ['DE', 'ES'], ['DE'], []]);
    // a click (pointer) on a chip's button
    m.el.selected = ['NL', 'BE'];
    await settle(m);
    const btn = m.root.querySelector<HTMLButtonElement>('[aria-label="Remove Netherlands"]')!;
    const r = btn.getBoundingClientRect();
    await sendMouse({
      type: 'click',
      position: [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)],
    });
    await settle(m);
    expect(chips(m)).to.deep.equal(['Belgium']);
  });

  it('works with the pointer: a click opens the list, a click on an option toggles it and keeps the focus', async () => {
    const m = await mount();
    const r = m.input.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(r.x + 10), Math.round(r.y + r.height / 2)] });
    await settle(m);
    expect(m.root.activeElement).to.equal(m.input);
    expect(m.list.hidden).to.equal(false);
    expect(options(m).length).to.equal(250);
    const second = options(m)[1]!;
    const o = second.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(o.x + 20), Math.round(o.y + o.height / 2)] });
    await settle(m);
    expect(chips(m)).to.deep.equal(['Åland Islands']);
    expect(m.root.activeElement).to.equal(m.input);
    expect(m.list.hidden).to.equal(false);
    // focus leaving the control closes the list
    m.root.getElementById('after')!.focus();
    await settle(m);
    expect(m.list.hidden).to.equal(true);
  });

  it('typing does not reach the page as the value (delegated input handlers see no filter text)', async () => {
    const m = await mount();
    let seen = 0;
    m.el.addEventListener('input', () => seen++);
    m.input.focus();
    await type(m, 'fr');
    expect(seen).to.equal(0);
    expect(m.el.changes).to.deep.equal([]);
  });

  it('shows names in the element locale (German), found without the umlaut', async () => {
    const el = await fixture<CountryMultiHost>(
      html`<country-multi-host .selected=${['AT']}></country-multi-host>`,
    );
    el.locale = 'de';
    el.requestUpdate();
    await el.updateComplete;
    const m = {
      el,
      root: el.shadowRoot!,
      input: el.shadowRoot!.getElementById('cm') as HTMLInputElement,
      list: el.shadowRoot!.getElementById('cm-list')!,
    };
    expect(chips(m)).to.deep.equal(['Österreich']);
    m.input.focus();
    await type(m, 'osterr');
    expect(optionNames(m)).to.deep.equal(['Österreich']);
  });

  it('labelled by the caller (no label prop): the listbox still names itself by that label; onLeave once', async () => {
    let leaves = 0;
    const el = await fixture(
      html`<div>
        <label for="c2" id="c2-label">Countries you operate in</label>
        ${countryMulti({
          id: 'c2',
          selected: [],
          locale: 'en',
          onChange: () => {},
          onLeave: () => leaves++,
        })}
        <button type="button">Next</button>
      </div>`,
    );
    expect(el.querySelectorAll('label').length).to.equal(1);
    const input = el.querySelector<HTMLInputElement>('#c2')!;
    expect(input.labels?.[0]?.id).to.equal('c2-label');
    expect(el.querySelector('[role="listbox"]')!.getAttribute('aria-labelledby')).to.equal('c2-label');
    input.focus();
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowLeft' });
    expect(leaves).to.equal(0);
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement?.textContent).to.equal('Next');
    expect(leaves).to.equal(1);
  });

  it('a click on what lies below the open list lands there: the list closes after the click, not on the press', async () => {
    const m = await mount();
    const after = m.root.getElementById('after')!;
    let clicks = 0;
    after.addEventListener('click', () => clicks++);
    m.input.focus();
    await press(m, 'ArrowDown');
    await settle(m);
    expect(m.list.hidden).to.equal(false);
    // the list is in the flow: "After" sits below it while it is open
    const r = after.getBoundingClientRect();
    await sendMouse({
      type: 'click',
      position: [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)],
    });
    await resetMouse();
    await settle(m);
    expect(clicks, 'the click reached the button that was under the pointer').to.equal(1);
    expect(m.list.hidden, 'then the list closed').to.equal(true);
  });

  it('read-only: chips without buttons, a disabled box, no list', async () => {
    const m = await mount(['DE'], true);
    expect(chips(m)).to.deep.equal(['Germany']);
    expect(m.root.querySelectorAll('.cm button').length).to.equal(0);
    expect(m.input.disabled).to.equal(true);
  });

  it('is accessible (axe): closed with chips, open with a highlight, and with no match', async function () {
    this.timeout(60000); // axe checks the colour contrast of every option shown
    const m = await mount(['DE', 'FR']);
    await expect(m.el).to.be.accessible();
    m.input.focus();
    await type(m, 'land');
    await press(m, 'ArrowDown');
    await expect(m.el).to.be.accessible();
    await type(m, 'qqq');
    await expect(m.el).to.be.accessible();
  });
});

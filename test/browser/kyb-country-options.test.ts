/**
 * The company step's country list (controls/country-options.ts): plain `<option>` elements made once per
 * locale, so a keystroke elsewhere in the step does not touch them, the draft's country stays selected
 * through renders, and a new locale renames them.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { byLabel, mount, ready, root, setup, type } from './kyb-form-helpers.ts';
import { COUNTRY_CODES } from '../../src/api/countries.ts';

describe('<kyb-form> country list', () => {
  it('one option per country after the placeholder, kept through renders, renamed with the locale', async () => {
    const s = await setup();
    const el = await mount(s.token);
    await ready(el);
    const select = () => byLabel<HTMLSelectElement>(el, 'Country of registration');
    const options = [...select().options];
    expect(options.length).to.equal(COUNTRY_CODES.length + 1);
    expect(options[0]!.value).to.equal('');
    expect(select().value).to.equal('');
    expect(new Set(options.slice(1).map((o) => o.value))).to.deep.equal(new Set(COUNTRY_CODES));
    // Sorted by name in the locale, each named as the locale writes it.
    const de = options.find((o) => o.value === 'DE')!;
    expect(de.textContent).to.equal('Germany');

    await type(el, 'Country of registration', 'DE');
    await type(el, 'Company name', 'Acme Ltd');
    await type(el, 'Company name', 'Acme Ltd.');
    expect(select().value).to.equal('DE');
    // The same nodes: typing elsewhere in the step did not rebuild the list.
    expect(select().options[options.indexOf(de)]).to.equal(de);

    el.locale = 'de';
    // The step renders again in German (its labels too: the select is found by its name).
    const german = () => root(el).querySelector<HTMLSelectElement>('select[name="country"]')!;
    await waitUntil(() => [...german().options].some((o) => o.textContent === 'Deutschland'), 'not renamed', {
      timeout: 10000,
    });
    expect(german().value).to.equal('DE');
    expect(german().options.length).to.equal(COUNTRY_CODES.length + 1);
    expect(german().selectedOptions[0]!.textContent).to.equal('Deutschland');
  });
});

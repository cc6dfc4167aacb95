/**
 * A country `<select>`'s `<option>`s as plain DOM, not one Lit template each (the company step's country,
 * a questionnaire's COUNTRY question). A country list has about 250 entries: as templates they cost 250
 * template instances on the first render (the largest part of the company step's first render on a phone)
 * and a walk over 250 results at every later render of the step (every keystroke). Here the options are made once per locale with `createElement` (their names are
 * `Intl` text, set as text) and left alone while the locale stays; an update only checks the selection.
 *
 *   <select …><option value="">Select a country</option>${countryOptionList(locale, code)}</select>
 *
 * In the company step's chunk (vite.config.ts, `kyb-screens`); the questionnaires' import it from there.
 */
import { noChange } from 'lit';
import { Directive, directive, PartType, type ChildPart, type PartInfo } from 'lit/directive.js';
import { countryOptions } from '../format.ts';

class CountryOptionList extends Directive {
  #locale: string | null = null;
  #options = new Map<string, HTMLOptionElement>();

  constructor(info: PartInfo) {
    super(info);
    if (info.type !== PartType.CHILD) throw new Error('countryOptionList: only inside a <select>');
  }

  render(_locale: string, _selected: string): unknown {
    return noChange;
  }

  override update(part: ChildPart, [locale, selected]: [string, string]): unknown {
    const select = part.parentNode as HTMLSelectElement;
    if (locale !== this.#locale) {
      for (const o of this.#options.values()) o.remove();
      this.#options.clear();
      const list = document.createDocumentFragment();
      for (const c of countryOptions(locale)) {
        const o = document.createElement('option');
        o.value = c.code;
        o.textContent = c.name;
        this.#options.set(c.code, o);
        list.append(o);
      }
      select.insertBefore(list, part.endNode);
      this.#locale = locale;
    }
    // The chosen country's code; none (or one not in the list): the placeholder before the list.
    if (select.value !== selected) {
      const option = this.#options.get(selected);
      if (option) option.selected = true;
      else select.selectedIndex = 0;
    }
    return noChange;
  }
}

/** The country options of `locale`, with `selected` (a country code as listed, or '' for none) chosen. */
export const countryOptionList = directive(CountryOptionList);

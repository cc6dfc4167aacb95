/**
 * A country `<select>`'s `<option>`s as plain DOM, not one Lit template each (the company step's country,
 * a questionnaire's COUNTRY question). A country list has about 250 entries: as templates they cost 250
 * template instances on the first render (the largest part of the company step's first render on a phone)
 * and a walk over 250 results at every later render of the step (every keystroke). Here the options are made once per locale with `createElement` (their names are
 * `Intl` text, set as text) and left alone while the locale stays; an update only checks the selection.
 *
 *   <select …><option value="">Select a country</option>${countryOptionList(locale, code)}</select>
 *
 * The list is made in a task after the render that first needs it (a zero timeout): the step's first render
 * carries only the chosen country (named now), so the first screen is drawn without the cost of naming and
 * sorting 250 countries and making their nodes (about 25 ms of a mid-range phone's main thread).
 *
 * In the company step's chunk (vite.config.ts, `kyb-screens`); the questionnaires' import it from there.
 */
import { noChange } from 'lit';
import { Directive, directive, PartType, type ChildPart, type PartInfo } from 'lit/directive.js';
import { countryName, countryOptions } from '../format.ts';

class CountryOptionList extends Directive {
  #locale: string | null = null;
  #options = new Map<string, HTMLOptionElement>();
  #selected = '';

  constructor(info: PartInfo) {
    super(info);
    if (info.type !== PartType.CHILD) throw new Error('countryOptionList: only inside a <select>');
  }

  render(_locale: string, _selected: string): unknown {
    return noChange;
  }

  override update(part: ChildPart, [locale, selected]: [string, string]): unknown {
    const select = part.parentNode as HTMLSelectElement;
    this.#selected = selected;
    if (locale !== this.#locale) {
      this.#locale = locale;
      // For now only the chosen country; the whole list in a task of its own (two locale changes in one
      // task: both lists are made, in order, so the last one stays).
      this.#list(select, part, selected ? [{ code: selected, name: countryName(selected, locale) }] : []);
      setTimeout(() => this.#list(select, part, countryOptions(locale)));
    } else this.#choose(select);
    return noChange;
  }

  /** Replaces the options by `list`, then chooses the chosen country (none, or one not listed: the placeholder). */
  #list(select: HTMLSelectElement, part: ChildPart, list: readonly { code: string; name: string }[]) {
    for (const o of this.#options.values()) o.remove();
    this.#options.clear();
    const nodes = document.createDocumentFragment();
    for (const c of list) {
      const o = document.createElement('option');
      o.value = c.code;
      o.textContent = c.name;
      this.#options.set(c.code, o);
      nodes.append(o);
    }
    select.insertBefore(nodes, part.endNode);
    this.#choose(select);
  }

  #choose(select: HTMLSelectElement): void {
    if (select.value === this.#selected) return;
    const option = this.#options.get(this.#selected);
    if (option) option.selected = true;
    else select.selectedIndex = 0;
  }
}

/** The country options of `locale`, with `selected` (a country code as listed, or '' for none) chosen. */
export const countryOptionList = directive(CountryOptionList);

/**
 * `cssProps({...})`: sets CSS custom properties on an element through the CSSOM only.
 *
 * Lit's `styleMap` writes its first render as a `style="..."` attribute, which a page whose CSP is
 * `style-src 'self'` blocks (and reports). This element directive never touches the attribute: it calls
 * `style.setProperty` / `style.removeProperty`, which CSP allows.
 */
import { noChange } from 'lit';
import { Directive, directive, PartType, type ElementPart, type PartInfo } from 'lit/directive.js';

class CssPropsDirective extends Directive {
  #previous = new Set<string>();

  constructor(info: PartInfo) {
    super(info);
    if (info.type !== PartType.ELEMENT) throw new Error('cssProps() must be used in an element position');
  }

  render(_props: Readonly<Record<string, string>>) {
    return noChange;
  }

  override update(part: ElementPart, [props]: [Readonly<Record<string, string>>]) {
    const { style } = part.element as HTMLElement;
    for (const name of this.#previous) {
      if (!Object.prototype.hasOwnProperty.call(props, name)) {
        style.removeProperty(name);
        this.#previous.delete(name);
      }
    }
    for (const [name, value] of Object.entries(props)) {
      if (!name.startsWith('--')) continue; // custom properties only
      if (style.getPropertyValue(name) !== value) style.setProperty(name, value);
      this.#previous.add(name);
    }
    return noChange;
  }
}

export const cssProps = directive(CssPropsDirective);

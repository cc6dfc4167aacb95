/**
 * Helpers for the accessibility tests: the accessible name of an element as assistive technology
 * computes it (axe-core's implementation of the W3C accname algorithm, which sees into shadow roots),
 * and the visible text of a node (what a speech-input user would say).
 */
import 'axe-core';

/** The part of axe-core's global these helpers use. */
interface AxeCore {
  setup(node?: Element | Document): unknown;
  teardown(): void;
  commons: { text: { accessibleText(el: Element): string } };
}

const axe = (): AxeCore => {
  const a = (globalThis as { axe?: AxeCore }).axe;
  if (!a) throw new Error('axe-core did not load');
  return a;
};

/** The accessible name of `el` (accname 1.2, axe-core), whitespace collapsed. */
export function accessibleName(el: Element): string {
  const a = axe();
  a.setup(document);
  try {
    return a.commons.text.accessibleText(el).replace(/\s+/g, ' ').trim();
  } finally {
    a.teardown();
  }
}

/** The text a user sees in `node`: without `aria-hidden` marks like `*`, visually hidden text or hidden nodes. */
export function visibleText(node: Element): string {
  const parts: string[] = [];
  const walk = (n: Node) => {
    if (n.nodeType === Node.TEXT_NODE) {
      parts.push(n.textContent ?? '');
      return;
    }
    if (!(n instanceof Element)) return;
    const style = getComputedStyle(n);
    if (style.display === 'none' || style.visibility === 'hidden') return;
    if (n.classList.contains('visually-hidden') || n.classList.contains('required-mark')) return;
    for (const c of n.childNodes) walk(c);
  };
  walk(node);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

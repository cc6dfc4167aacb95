/**
 * Long review sections fold on a narrow screen (a phone: the review of a full form is several screens
 * long). Each section has a toggle button (shown only below 40rem) with `aria-expanded` and
 * `aria-controls`; a section taller than the screen starts folded there, unless it has problems or holds
 * the focus (a round trip coming back to one of its rows). The state lives in the DOM (`data-collapsed`
 * on the section), so re-rendering the review keeps what the user chose.
 */
import { html, type TemplateResult } from 'lit';
import { ref } from 'lit/directives/ref.js';
import { msg } from '@lit/localize';

const NARROW = '(max-width: 40rem)';
const seen = new WeakSet<Element>();

/** Folds or unfolds a review section. */
export function setCollapsed(section: Element, collapsed: boolean): void {
  section.toggleAttribute('data-collapsed', collapsed);
  section.querySelector('[part~="review-toggle"]')?.setAttribute('aria-expanded', String(!collapsed));
}

/** Unfolds the section holding `el` (a link to focus, say), if it is folded. */
export function unfold(el: Element): void {
  const section = el.closest('[data-collapsed]');
  if (section) setCollapsed(section, false);
}

/**
 * A `ref` for a section: after each render, folds it when it is long on a narrow screen (see above), once:
 * a section whose content arrives later (people, their documents) is measured again until it folds or the
 * user uses its toggle.
 */
export const foldWhenLong = (hasProblems: boolean) =>
  ref((el) => {
    if (!el || seen.has(el)) return;
    if (hasProblems || !globalThis.matchMedia?.(NARROW).matches) return;
    // After the section's content is committed (the ref runs first).
    queueMicrotask(() => {
      const root = el.getRootNode() as Document | ShadowRoot;
      const focused = root.activeElement;
      // The user is in it (a round trip came back to one of its rows): it never folds by itself then.
      if (focused && el.contains(focused)) return void seen.add(el);
      const body = el.querySelector<HTMLElement>('.review-body');
      if (seen.has(el) || !body || body.offsetHeight <= window.innerHeight * 0.75) return;
      seen.add(el);
      setCollapsed(el, true);
    });
  });

/** The toggle of section `step` (its body has the id `kyb-review-body-<step>`); `title` names it. */
export function renderToggle(step: string, title: string): TemplateResult {
  const toggle = (e: Event) => {
    const section = (e.currentTarget as HTMLElement).closest('[part~="review-section"]');
    if (!section) return;
    seen.add(section);
    setCollapsed(section, !section.hasAttribute('data-collapsed'));
  };
  return html`<button
    type="button"
    class="btn btn-secondary review-toggle"
    part="button review-toggle"
    aria-expanded="true"
    aria-controls="kyb-review-body-${step}"
    @click=${toggle}
  >
    <span class="when-open">${msg('Hide answers')}</span
    ><span class="when-folded">${msg('Show answers')}</span><span class="visually-hidden"> (${title})</span>
  </button>`;
}

/**
 * Strict CSP on browsers without constructable stylesheets (Safari and iOS before 16.4).
 *
 * Where `adoptedStyleSheets` exists, Lit adopts the elements' styles and no CSP rule applies. Elsewhere
 * Lit falls back to `<style>` elements in the shadow root, which `style-src 'self'` blocks; they apply
 * when they carry a nonce that the page's policy lists (`style-src 'self' 'nonce-…'`). Lit puts
 * `window.litNonce` on them. The nonce comes from, first match wins:
 *  1. the element's own `nonce` attribute (`<kyb-form nonce="…">`; the browser keeps it in the `nonce`
 *     property and may blank the attribute, which is why both are read);
 *  2. `window.litNonce`, set by the page, or by the CDN build from the `nonce` of its own `<script>` tag
 *     (src/cdn.ts and the classic-script loader in vite.config.ts).
 */
import { adoptStyles, supportsAdoptingStyleSheets, type CSSResult, type ReactiveElement } from 'lit';

type LitGlobal = typeof globalThis & { litNonce?: string };

/** The element's own nonce (property first: browsers hide the attribute's value once connected). */
export function ownNonce(host: HTMLElement): string {
  return host.nonce || host.getAttribute('nonce') || '';
}

/**
 * Runs `fn` (which calls Lit's `adoptStyles`, directly or through `createRenderRoot`) with Lit's global
 * nonce set to the host's own one, so that the fallback `<style>` elements of this element carry it.
 */
export function withStyleNonce<T>(host: HTMLElement, fn: () => T): T {
  const g = globalThis as LitGlobal;
  const nonce = ownNonce(host);
  if (!nonce || nonce === g.litNonce) return fn();
  const had = 'litNonce' in g;
  const previous = g.litNonce;
  g.litNonce = nonce;
  try {
    return fn();
  } finally {
    if (had) g.litNonce = previous;
    else delete g.litNonce;
  }
}

const added = new WeakMap<ReactiveElement, CSSResult[]>();
/**
 * Adds styles (a chunk's, loaded after the first screen; both elements) after the element's own and those
 * added before, once each. With constructable stylesheets the whole list is adopted again; otherwise Lit
 * appends a `<style>` carrying the element's nonce.
 */
export function addStyles(el: ReactiveElement, sheet: CSSResult): void {
  const list = added.get(el) ?? [];
  if (list.includes(sheet)) return;
  list.push(sheet);
  added.set(el, list);
  const own = (el.constructor as typeof ReactiveElement).elementStyles;
  const root = el.renderRoot as ShadowRoot;
  withStyleNonce(el, () => adoptStyles(root, supportsAdoptingStyleSheets ? [...own, ...list] : [sheet]));
}

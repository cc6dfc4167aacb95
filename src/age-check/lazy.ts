/**
 * How `<age-check>` gets what comes after its first screen: the deferred chunks (flow.ts, hosted.ts), the
 * idle prefetch, and the later screens' styles, adopted when their chunk arrives.
 */
import { adoptStyles, supportsAdoptingStyleSheets, type CSSResult, type ReactiveElement } from 'lit';
import { chunkLoader } from '../api/load-chunk.ts';
import { withStyleNonce } from '../theme/style-nonce.ts';

const LOAD_FAILED = 'Part of the age check could not be downloaded.';
/**
 * Everything after the first screen (flow.ts): prefetched once the consent screen is up, and loaded
 * before the machine enters a state whose screen is in it. The camera, image compression and QR code
 * load on first use, as chunks of their own.
 */
export const loadFlow = chunkLoader(() => import('./flow.ts'), LOAD_FAILED);
/** Hosted mode (no token, a session URL): its own chunk. */
export const loadHosted = chunkLoader(() => import('./hosted.ts'), LOAD_FAILED);

/** Runs `fn` when the browser is idle (a timeout where `requestIdleCallback` is missing). */
export function whenIdle(fn: () => void): void {
  // Feature-detected (Safari has no requestIdleCallback): read from globalThis, called only if present.
  const idle = (globalThis as { requestIdleCallback?: typeof requestIdleCallback }).requestIdleCallback;
  if (idle) idle.call(globalThis, fn, { timeout: 2000 });
  else setTimeout(fn, 200);
}

const adopted = new WeakSet<ShadowRoot>();

/** Adds the later screens' styles (styles-later.ts) to `el`'s own, once per shadow root. */
export function adoptLater(el: ReactiveElement, later: CSSResult): void {
  const root = el.renderRoot;
  if (!(root instanceof ShadowRoot) || adopted.has(root)) return;
  adopted.add(root);
  // Adopted stylesheets are a list that is replaced (so it holds both); the fallback appends `<style>`s.
  const first = (el.constructor as typeof ReactiveElement).elementStyles;
  withStyleNonce(el, () => adoptStyles(root, supportsAdoptingStyleSheets ? [...first, later] : [later]));
}

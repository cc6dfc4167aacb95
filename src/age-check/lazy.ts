/**
 * How `<age-check>` gets what comes after its first screen: the deferred chunks (flow.ts, hosted.ts), the
 * idle prefetch, and the later screens' styles, adopted when their chunk arrives.
 */
import {
  adoptStyles,
  supportsAdoptingStyleSheets,
  type CSSResult,
  type ReactiveElement,
  type TemplateResult,
} from 'lit';
import { chunkLoader } from '../api/load-chunk.ts';
import { withStyleNonce } from '../theme/style-nonce.ts';
import type { HostedHost, HostedMode } from './hosted.ts';
import { errorScreen, loadingScreen } from './shell.ts';

const LOAD_FAILED = 'Part of the age check could not be downloaded.';
/**
 * Everything after the first screen (flow.ts): prefetched once the consent screen is up, and loaded
 * before the machine enters a state whose screen is in it. The camera, image compression and QR code
 * load on first use, as chunks of their own.
 */
export const loadFlow = chunkLoader(() => import('./flow.ts'), LOAD_FAILED);
/** Hosted mode (no token, a session URL): its own chunk. */
export const loadHosted = chunkLoader(() => import('./hosted.ts'), LOAD_FAILED);

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

/**
 * Hosted mode's chunk on the element's screen: loaded on first render (`wait` makes the element's
 * `updateComplete` wait for it), then its mode renders; a failed download shows the load-failed error.
 */
export class HostedLoader {
  /** Hosted mode once its chunk is here. */
  mode: HostedMode | null = null;
  private state: 'loading' | 'failed' | null = null;

  constructor(
    private readonly h: HostedHost & {
      readonly host: ReactiveElement;
      wait<T>(load: Promise<T>): Promise<T>;
      failed(err: unknown): void;
    },
  ) {}

  render(): TemplateResult {
    const h = this.h;
    if (this.mode) return this.mode.render();
    if (this.state === 'failed')
      return errorScreen(
        { reason: 'load-failed', recovery: null, status: 0, code: null },
        {
          retry: () => undefined,
          reload: () => undefined,
        },
      );
    if (this.state === null) {
      this.state = 'loading';
      void h.wait(loadHosted()).then(
        (m) => {
          adoptLater(h.host, m.laterStyles);
          this.mode = new m.HostedMode(h);
          h.host.requestUpdate();
        },
        (err: unknown) => {
          this.state = 'failed';
          h.failed(err);
          h.host.requestUpdate();
        },
      );
    }
    return loadingScreen();
  }
}

/**
 * How `<age-check>` gets what comes after its first screen: the deferred chunks (flow.ts, hosted.ts);
 * their styles are added with `addStyles` (theme/style-nonce.ts) when a chunk arrives.
 */
import type { ReactiveElement, TemplateResult } from 'lit';
import { chunkLoader } from '../api/load-chunk.ts';
import { addStyles } from '../theme/style-nonce.ts';
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
          addStyles(h.host, m.laterStyles);
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

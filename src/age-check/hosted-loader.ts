/**
 * Hosted mode on `<age-check>`'s screen: its chunk (hosted.ts) is loaded on first render, then its mode
 * renders; its styles are added with `addStyles` (theme/style-nonce.ts) when the chunk arrives.
 */
import type { TemplateResult } from 'lit';
import { addStyles } from '../theme/style-nonce.ts';
import { loadHosted } from './chunks.ts';
import type { HostedMode } from './hosted.ts';
import type { AgeCheckRuntime } from './runtime.ts';
import { errorScreen, loadingScreen } from './shell.ts';

/**
 * Hosted mode's chunk on the element's screen: loaded on first render (the runtime's `waitFor` makes the
 * element's `updateComplete` wait for it), then its mode renders; a failed download shows the load-failed error.
 */
export class HostedLoader {
  /** Hosted mode once its chunk is here. */
  mode: HostedMode | null = null;
  private state: 'loading' | 'failed' | null = null;

  constructor(private readonly h: AgeCheckRuntime) {}

  render(): TemplateResult {
    const h = this.h;
    if (this.mode) return this.mode.render();
    if (this.state === 'failed')
      return errorScreen({ reason: 'load-failed', recovery: null, status: 0, code: null }, null);
    if (this.state === null) {
      this.state = 'loading';
      void h.waitFor(loadHosted()).then(
        (m) => {
          addStyles(h.host, m.screenStyles);
          this.mode = new m.HostedMode(h);
          h.host.requestUpdate();
        },
        (err: unknown) => {
          this.state = 'failed';
          h.emitError(err);
          h.host.requestUpdate();
        },
      );
    }
    return loadingScreen();
  }
}

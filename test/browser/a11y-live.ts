/**
 * A recorder of what assistive technology would announce inside an element's shadow roots: every change
 * of a live region's text (`role=status|alert|log`, `aria-live` other than `off`), with its politeness,
 * and every focus move (a screen reader reads the focused element). Text under `aria-hidden` is left out;
 * a text changed only by a no-break space (how `<age-check>` repeats a message) counts as a new message.
 */

export interface Announcement {
  /** ms since the recorder started. */
  at: number;
  kind: 'polite' | 'assertive' | 'focus';
  text: string;
}

const LIVE = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]';

function spoken(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  if (!(node instanceof Element)) return '';
  if (node.getAttribute('aria-hidden') === 'true') return '';
  let out = '';
  for (const c of node.childNodes) out += spoken(c);
  return out;
}

const norm = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The shadow roots of `host` and of the elements inside it. */
function roots(host: Element): ShadowRoot[] {
  const out: ShadowRoot[] = [];
  const walk = (r: ShadowRoot) => {
    out.push(r);
    for (const e of r.querySelectorAll('*')) if (e.shadowRoot) walk(e.shadowRoot);
  };
  if (host.shadowRoot) walk(host.shadowRoot);
  return out;
}

export class LiveLog {
  readonly entries: Announcement[] = [];
  readonly #start = performance.now();
  readonly #last = new WeakMap<Element, string>();
  readonly #observer: MutationObserver;
  readonly #host: Element;
  readonly #onFocus = () => {
    let a: Element | null = document.activeElement;
    while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
    if (
      !a ||
      !this.#host.contains(a.getRootNode() instanceof ShadowRoot ? (a.getRootNode() as ShadowRoot).host : a)
    )
      return;
    const label = a.getAttribute('aria-labelledby');
    const root = a.getRootNode() as ShadowRoot | Document;
    const name = label
      ? label
          .split(' ')
          .map((id) => spoken(root.getElementById(id) ?? document.createElement('i')))
          .join(' ')
      : (a.getAttribute('aria-label') ?? spoken(a));
    const desc = (a.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => spoken(root.getElementById(id) ?? document.createElement('i')))
      .join(' ');
    this.#push('focus', `${name} ${desc}`);
  };

  constructor(host: Element) {
    this.#host = host;
    this.#observer = new MutationObserver(() => this.#scan(false));
    this.#scan(true);
    host.shadowRoot!.addEventListener('focusin', this.#onFocus, true);
  }

  #push(kind: Announcement['kind'], raw: string) {
    const text = norm(raw);
    if (text) this.entries.push({ at: Math.round(performance.now() - this.#start), kind, text });
  }

  #scan(initial: boolean) {
    for (const r of roots(this.#host)) {
      this.#observer.observe(r, { subtree: true, childList: true, characterData: true, attributes: true });
      for (const region of r.querySelectorAll(LIVE)) {
        // A region inside another is read as part of the outer one.
        if (region.parentElement?.closest(LIVE)) continue;
        const raw = spoken(region);
        const before = this.#last.get(region);
        this.#last.set(region, raw);
        if (initial || raw === before) continue;
        const live = region.getAttribute('aria-live');
        const kind =
          live === 'assertive' || (!live && region.getAttribute('role') === 'alert') ? 'assertive' : 'polite';
        // A region that appears already filled: an alert is read; a polite one may be; count both.
        this.#push(kind, raw);
      }
    }
  }

  /** A mark: the entries recorded after it are `since(mark)`. */
  get now(): number {
    return this.entries.length;
  }

  /** Entries after `mark` (from `now`), optionally only those whose text matches. */
  since(mark: number, match?: RegExp): Announcement[] {
    return this.entries.slice(mark).filter((e) => !match || match.test(e.text));
  }

  /** The log as lines (for the suite's table and failure messages). */
  lines(): string[] {
    return this.entries.map((e) => `${e.at} ms ${e.kind}: ${e.text}`);
  }

  stop(): void {
    this.#observer.disconnect();
    this.#host.shadowRoot!.removeEventListener('focusin', this.#onFocus, true);
  }
}

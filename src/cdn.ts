/**
 * The CDN build's entry: `<script type="module" src=".../verify-elements.js">`, or as a classic script
 * `<script src=".../verify-elements.iife.js">` (which loads this module next to it).
 *
 * It registers `<kyb-form>` and `<age-check>` on demand: each element's code (and the code they share)
 * is a chunk of its own, fetched when the tag first appears in the document, so a page with only an age
 * check never downloads the business form. Properties set on an element before its code arrived are
 * kept (Lit applies them on upgrade). Call `load()` to register both at once, for example when the
 * elements live inside another component's shadow root, where the document observer cannot see them.
 */
/**
 * `<script type="module" src=".../verify-elements.js" nonce="…">`: that nonce becomes Lit's global one
 * (unless the page set `window.litNonce`), so it also goes on the styles' fallback `<style>` elements
 * where constructable stylesheets are missing (see theme/style-nonce.ts). Kept here, not imported, so
 * that the element chunks do not import the entry.
 */
function adoptScriptNonce(scriptUrl: string): void {
  const g = globalThis as typeof globalThis & { litNonce?: string };
  if (g.litNonce !== undefined || typeof document === 'undefined') return;
  for (const s of Array.from(document.querySelectorAll<HTMLScriptElement>('script[src]'))) {
    if (s.src !== scriptUrl) continue;
    // The property first: browsers hide the attribute's value once the script is connected.
    const nonce = s.nonce || s.getAttribute('nonce');
    if (nonce) g.litNonce = nonce;
    return;
  }
}
adoptScriptNonce(import.meta.url);
import { startEarly } from './api/early.ts';

const LOADERS = {
  'kyb-form': () => import('./kyb-form/define.ts'),
  'age-check': () => import('./age-check/define.ts'),
} as const;
type Tag = keyof typeof LOADERS;
const TAGS = Object.keys(LOADERS) as Tag[];
const started = new Map<Tag, Promise<unknown>>();

/** Each element's first requests: they leave with the element's code, not after it (see api/early.ts). */
const FIRST: Record<Tag, string[]> = {
  'kyb-form': ['/kyb/info/', '/kyb/forms/'],
  'age-check': ['/age-estimation/session/'],
};
const early = new WeakSet<Element>();

/** Starts the first request of an element that has a token, once per element. */
function startFirst(el: Element): void {
  const token = el.getAttribute('token');
  if (!token || early.has(el) || customElements.get(el.localName)) return;
  early.add(el);
  const base = (el.getAttribute('api-base') ?? '').replace(/\/+$/, '');
  for (const path of FIRST[el.localName as Tag]) startEarly(base + path, token);
}

/**
 * Each element's chunk graph, filled in by the CDN build (see vite.config.ts, preloadGraph): preloaded at
 * once, so no chunk waits for the one that imports it.
 */
const PRELOAD = '__VE_PRELOAD__';
function preload(tag: Tag): void {
  let graph: Partial<Record<Tag, string[]>> = {};
  try {
    graph = JSON.parse(PRELOAD) as typeof graph; // not JSON outside the CDN build: nothing to preload
  } catch {
    return;
  }
  const files = graph[tag] ?? [];
  for (const file of files) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = new URL(file, import.meta.url).href;
    document.head.append(link);
  }
}

/**
 * Work an element's first screen does on the main thread that does not need its code, done while that
 * code is still on the network. The company step names countries (`Intl.DisplayNames`): the first one
 * made in a page loads ICU's region names, 13 to 25 ms in Chromium 156 whatever the locale, and later ones
 * cost almost nothing. Made here, in a task of its own, it is no longer in front of the first screen.
 */
const WARM: Partial<Record<Tag, () => unknown>> = {
  'kyb-form': () => new Intl.DisplayNames(['en'], { type: 'region' }).of('DE'),
};

function loadTag(tag: Tag): Promise<unknown> {
  let p = started.get(tag);
  if (!p) {
    preload(tag);
    const warm = WARM[tag];
    if (warm)
      setTimeout(() => {
        try {
          warm();
        } catch {
          // No Intl.DisplayNames: the element names countries by code.
        }
      });
    p = LOADERS[tag]().catch((err: unknown) => {
      started.delete(tag);
      console.error(`verify-elements: could not load <${tag}>`, err);
    });
    started.set(tag, p);
  }
  return p;
}

/** Registers both elements now; resolves when they are defined. */
export function load(): Promise<void> {
  return Promise.all(TAGS.map(loadTag)).then(() => undefined);
}

function scan(root: ParentNode): void {
  for (const tag of TAGS) {
    if (customElements.get(tag)) continue;
    const found = root.querySelectorAll(tag);
    found.forEach(startFirst);
    if (!started.has(tag) && found.length) void loadTag(tag);
  }
}

if (typeof document !== 'undefined' && typeof customElements !== 'undefined') {
  scan(document);
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.nodeType !== 1) continue;
        const el = node as Element;
        const name = el.localName as Tag;
        if (name in LOADERS) {
          startFirst(el);
          if (!started.has(name)) void loadTag(name);
        } else if (el.firstElementChild) scan(el);
      }
    }
    if (TAGS.every((t) => started.has(t))) return;
  }).observe(document.documentElement, { childList: true, subtree: true });
}

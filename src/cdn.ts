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
import { startEarly, type EarlyResponse } from './api/early.ts';
import { loaderLocale } from './i18n/loader-locale.ts';
import { refusedApiBase } from './cdn-refused-base.ts';

const LOADERS = {
  'kyb-form': () => shared().then(() => import('./kyb-form/define.ts')),
  'age-check': () => shared().then(() => import('./age-check/define.ts')),
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

/**
 * The CDN build's chunk graph, filled in by vite.config.ts (preloadGraph): for each element, the chunks of
 * its first screen; `theme`, the theme's code; `custom`, the custom company fields' code; `locales`, the
 * locales with translations, whose first-screen translation chunks are `chunks/<locale>-k<i18n>.js` and
 * `chunks/<locale>-a<i18n>.js`; `l10n`, @lit/localize's runtime, which any of them needs (English does not);
 * `shared`, the first-screen chunks both elements load (Lit, zod).
 */
interface Graph {
  'kyb-form'?: string[];
  'age-check'?: string[];
  theme?: string[];
  custom?: string[];
  locales?: string[];
  i18n?: string;
  l10n?: string[];
  shared?: string[];
}
const PRELOAD = '__VE_PRELOAD__';
let graph: Graph = {};
try {
  graph = JSON.parse(PRELOAD) as Graph;
} catch {
  // Not JSON outside the CDN build: nothing to preload.
}
const preloaded = new Set<string>();

function preloadFiles(files: readonly string[] = []): void {
  for (const file of files) {
    if (preloaded.has(file)) continue;
    preloaded.add(file);
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = new URL(file, import.meta.url).href;
    document.head.append(link);
  }
}

/**
 * Runs the first-screen chunks both elements share (Lit and the styles' helpers, zod and the common
 * schemas) before the element's own, in a task of their own: on a mid-range phone running all of an
 * element's code at once held the main thread for 60 to 80 ms. They are preloaded with the element's, so
 * the element's chunk waits for no download. Imported by URL (the graph's names), so the bundler's chunks
 * stay as they are; a failure here is the element's import's to report.
 */
function shared(): Promise<unknown> {
  return Promise.all(
    (graph.shared ?? []).map(
      (f) => import(/* @vite-ignore */ new URL(f, import.meta.url).href) as Promise<unknown>,
    ),
  ).catch(() => undefined);
}

/** The locale an element will use (see i18n/loader-locale.ts); `languages` empty: only what it was told. */
const localeOf = (el: Element, serviceLocale: string | null, languages = navigator.languages) =>
  loaderLocale((l) => !!graph.locales?.includes(l), el.getAttribute('locale'), serviceLocale, languages);

/** The translations an element will ask for once it knows its locale, and the runtime (none for English). */
function preloadLocale(tag: Tag, locale: string): void {
  if (graph.i18n && graph.locales?.includes(locale))
    preloadFiles([
      `chunks/${locale}-${tag === 'kyb-form' ? 'k' : 'a'}${graph.i18n}.js`,
      ...(graph.l10n ?? []),
    ]);
}

/**
 * What a `<kyb-form>`'s info says it will load next, fetched now, while the element's code is still
 * downloading: the theme's code when the service sets a theme, the custom fields' code when its flow has
 * custom company fields, the translations of the locale the element will use (its attribute, else the
 * service's locale, else the browser's). Read as the element reads them (see openForm and resolveLocale);
 * a guess that turns out wrong only costs a download.
 */
function preloadFromInfo(el: Element, info: Promise<EarlyResponse> | undefined): void {
  void info
    ?.then((res) => {
      if (res.status !== 200) return;
      const body = JSON.parse(res.text) as {
        theme?: unknown;
        locale?: unknown;
        flow?: { fieldsCustom?: unknown } | null;
      } | null;
      if (body?.theme && typeof body.theme === 'object') preloadFiles(graph.theme);
      const custom = body?.flow?.fieldsCustom;
      if (Array.isArray(custom) && custom.length > 0) preloadFiles(graph.custom);
      const serviceLocale = typeof body?.locale === 'string' ? body.locale : null;
      preloadLocale('kyb-form', localeOf(el, serviceLocale));
    })
    .catch(() => undefined);
}

/** Starts the first request of an element that has a token, once per element, and what follows it. */
function startFirst(el: Element): void {
  const tag = el.localName as Tag;
  if (customElements.get(tag)) return;
  // Known now: <age-check> speaks the attribute's language, else the browser's; a <kyb-form> the
  // attribute's (else it waits for the service's locale, below).
  preloadLocale(tag, tag === 'age-check' ? localeOf(el, null) : localeOf(el, null, []));
  const token = el.getAttribute('token');
  if (!token || early.has(el)) return;
  early.add(el);
  const base = (el.getAttribute('api-base') ?? '').replace(/\/+$/, '');
  // The element will refuse this base (plain http: to a host that is not loopback): no token goes there.
  if (refusedApiBase(base, el.hasAttribute('allow-insecure-http'), document.baseURI)) return;
  const answers = FIRST[tag].map((path) => startEarly(base + path, token));
  if (tag === 'kyb-form') preloadFromInfo(el, answers[0]);
}

/**
 * The company step names countries (`Intl.DisplayNames`): the first one made in a page loads ICU's
 * region names, 13 to 25 ms of main thread in Chromium 156 whatever the locale, and later ones cost almost
 * nothing. Made here, in a task of its own while `<kyb-form>`'s code is still on the network, it is no
 * longer in front of the first screen.
 */
function warmRegionNames(): void {
  setTimeout(() => {
    try {
      new Intl.DisplayNames(['en'], { type: 'region' }).of('DE');
    } catch {
      // No Intl.DisplayNames: the element names countries by code.
    }
  });
}

function loadTag(tag: Tag): Promise<unknown> {
  let p = started.get(tag);
  if (!p) {
    // The element's first screen, preloaded at once, so no chunk waits for the one that imports it.
    preloadFiles(graph[tag]);
    if (tag === 'kyb-form') warmRegionNames();
    p = LOADERS[tag]().catch((err: unknown) => {
      started.delete(tag);
      console.error(`verify-elements: could not load <${tag}>`, err);
    });
    started.set(tag, p);
  }
  return p;
}

type Registration = [
  code: string,
  messages: Readonly<Record<string, string>>,
  options?: { dir?: 'ltr' | 'rtl' },
];
/**
 * `registerLocale` of the package root (src/i18n/index.ts), for CDN pages: queued on a global until the
 * elements' code arrives (it registers the queue before any element resolves its locale), then passed
 * on. Call it before the elements' locale is decided (before they are in the page, or set `locale` after).
 */
export function registerLocale(...args: Registration): void {
  const g = globalThis as typeof globalThis & {
    __verifyElementsLocales?: Registration[] | ((...a: Registration) => void);
  };
  const q = g.__verifyElementsLocales;
  if (typeof q === 'function') q(...args);
  else (g.__verifyElementsLocales = q ?? []).push(args);
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

/**
 * @lit/localize's runtime and the translations loaded so far: a chunk of its own (index.ts loads it), which
 * an English page without text overrides never downloads.
 *
 * The runtime takes its locale list once, but a partner may register a locale later. So it is configured
 * with two slots, and each switch loads the requested locale into the slot not in use: its `getLocale()`
 * is a slot, `slotLocale` says which locale the slot holds.
 */
import { configureLocalization, type LocaleModule } from '@lit/localize';
import { KEY_LENGTH } from './generated/key-length.ts';
import { sourceLocale } from './generated/locale-codes.ts';
import {
  groups,
  isTarget,
  loadPartner,
  partnerTexts,
  requestedLocale,
  rerender,
  type MessageLoaders,
  type SupportedLocale,
} from './index.ts';

/**
 * The translations of each locale, merged from the groups loaded so far. @lit/localize looks templates
 * up by full hash id; the proxy maps that to the short key the chunks use (a partner's text first).
 */
type Store = {
  table: LocaleModule['templates'];
  loaded: Set<MessageLoaders>;
  view: LocaleModule['templates'];
};
const stores = new Map<string, Store>();

function storeFor(locale: string): Store {
  let store = stores.get(locale);
  if (!store) {
    const table: LocaleModule['templates'] = Object.create(null) as LocaleModule['templates'];
    const view = new Proxy(table, {
      get: (target, id) =>
        typeof id === 'string'
          ? (partnerTexts()?.partnerText(locale, id) ?? target[id.slice(1, 1 + KEY_LENGTH)])
          : undefined,
    });
    store = { table, loaded: new Set(), view };
    stores.set(locale, store);
  }
  return store;
}

/** Forgets what was loaded for `code` (a locale registered again brings new messages). */
export const forget = (code: string): boolean => stores.delete(code);

/** Loads the chunks of every registered group not yet loaded for `locale`; true when any arrived. */
async function loadGroups(locale: string): Promise<boolean> {
  if (!isTarget(locale)) return false;
  const store = storeFor(locale);
  let arrived = false;
  for (;;) {
    // Groups registered while chunks were loading are picked up by the next round.
    const missing = [...groups].filter((g) => !store.loaded.has(g));
    if (missing.length === 0) return arrived;
    const chunks = await Promise.all(missing.map((g) => g[locale]()));
    missing.forEach((g, i) => {
      Object.assign(store.table, chunks[i]!.t);
      store.loaded.add(g);
    });
    arrived = true;
  }
}

const SLOTS = ['x-ve-a', 'x-ve-b'] as const;
type Slot = (typeof SLOTS)[number];
const slotLocale = new Map<string, SupportedLocale>();
let lastSlot: Slot | undefined;

const runtime = configureLocalization({
  sourceLocale: 'x-ve-none',
  targetLocales: SLOTS,
  loadLocale: async (slot) => {
    const locale = slotLocale.get(slot) ?? sourceLocale;
    if (isTarget(locale)) await loadGroups(locale);
    else await (await loadPartner()).broughtMessages(locale);
    return { templates: storeFor(locale).view };
  },
});

/** The runtime's current slot (what a re-render announces). */
export const runtimeLocale = (): string => runtime.getLocale();

/** The active locale of the page. */
export const activeLocale = (): SupportedLocale => slotLocale.get(runtime.getLocale()) ?? sourceLocale;

/** Loads `locale` into the free slot and makes it active. */
function switchTo(locale: SupportedLocale): Promise<void> {
  const slot: Slot = lastSlot === SLOTS[0] ? SLOTS[1] : SLOTS[0];
  lastSlot = slot;
  slotLocale.set(slot, locale);
  return runtime.setLocale(slot);
}

/** index.ts's `applyLocale` once the runtime is here; `previous` is the locale asked for before this one. */
export function applyLocale(locale: SupportedLocale, previous: SupportedLocale): Promise<void> {
  // A later call asked for another locale meanwhile: that one settles it.
  if (requestedLocale() !== locale) return Promise.resolve();
  // Already active or on its way: a group registered since (by another element) may still need its chunk.
  if (previous === locale && lastSlot && slotLocale.get(lastSlot) === locale) return loadMissing();
  return switchTo(locale);
}

/** Loads the chunks of groups registered since, for the active and the requested locale. */
export async function loadMissing(): Promise<void> {
  for (const locale of new Set([activeLocale(), requestedLocale()])) {
    if (!(await loadGroups(locale))) continue;
    if (activeLocale() === locale) rerender();
  }
}

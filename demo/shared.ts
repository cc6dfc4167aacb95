/**
 * Small helpers shared by the demo pages: the event log and the webhook list of the sandbox panel, the
 * language picker and the phone preview.
 */
import { SUPPORTED_LOCALES } from '../src/i18n/index.ts';

export const SANDBOX_BASE = `${location.origin}/sandbox`;

export async function postJson<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const data = (await res.json()) as T & { message?: string };
  if (!res.ok) throw new Error(data.message ?? `HTTP ${res.status}`);
  return data;
}

export function logEvent(list: HTMLElement, name: string, detail: unknown) {
  const li = document.createElement('li');
  li.textContent = `${new Date().toLocaleTimeString()} ${name} ${JSON.stringify(detail ?? {})}`;
  list.prepend(li);
  while (list.children.length > 50) list.lastElementChild?.remove();
}

interface Webhook {
  eventType: string;
  body: string;
  at: string;
}

export async function refreshWebhooks(list: HTMLElement) {
  const res = await fetch('/partner/webhooks');
  if (!res.ok) return;
  const hooks = (await res.json()) as Webhook[];
  list.replaceChildren(
    ...hooks
      .slice(-10)
      .reverse()
      .map((h) => {
        const li = document.createElement('li');
        li.textContent = `${h.eventType} ${h.body}`;
        return li;
      }),
  );
}

/** The page's query (`?lang=de&embed=phone&client=…`): the phone preview opens the same page with it. */
export const params = new URLSearchParams(location.search);

/** In the phone preview (an iframe of the same page), only the element shows. */
export const embedded = params.get('embed') === 'phone';
if (embedded) document.documentElement.classList.add('embed');

/**
 * Fills the demo's language picker: "Default" (the service's or the browser's language) and each locale
 * the elements ship, by its own name. Starts at `?lang=`; calls `onChange` with the chosen code ('' for
 * the default).
 */
export function languagePicker(select: HTMLSelectElement, onChange: (locale: string) => void): string {
  const name = (code: string) => {
    try {
      return new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
    } catch {
      return code;
    }
  };
  select.replaceChildren(
    new Option('Default', ''),
    ...SUPPORTED_LOCALES.map((code) => new Option(`${name(code)} (${code})`, code)),
  );
  const initial = params.get('lang') ?? '';
  select.value = (SUPPORTED_LOCALES as readonly string[]).includes(initial) ? initial : '';
  select.addEventListener('change', () => onChange(select.value));
  return select.value;
}

/**
 * The phone preview: the same page at 390 x 844 CSS pixels in a frame beside the desktop one (its own
 * viewport, so the element's narrow layout shows), with the same query plus `extra` (language, client).
 */
export function phonePreview(
  toggle: HTMLInputElement,
  frameHost: HTMLElement,
  extra: () => Record<string, string>,
) {
  let frame: HTMLIFrameElement | null = null;
  const render = () => {
    document.body.classList.toggle('with-phone', toggle.checked);
    if (!toggle.checked) {
      frame?.remove();
      frame = null;
      frameHost.hidden = true;
      return;
    }
    const query = new URLSearchParams({ ...Object.fromEntries(params), ...extra(), embed: 'phone' });
    const src = `${location.pathname}?${query.toString()}`;
    frameHost.hidden = false;
    if (!frame) {
      frame = document.createElement('iframe');
      frame.title = 'Phone preview (390 × 844)';
      frame.width = '390';
      frame.height = '844';
      frameHost.append(frame);
    }
    if (frame.getAttribute('src') !== src) frame.src = src;
  };
  toggle.addEventListener('change', render);
  return render;
}

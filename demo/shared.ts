/** Small helpers shared by the demo pages: the event log and the webhook list of the sandbox panel. */
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

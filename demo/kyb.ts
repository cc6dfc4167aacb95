import '../src/kyb-form/define.ts';
import type { KybFormElement } from '../src/kyb-form/kyb-form.ts';
import { logEvent, postJson, refreshWebhooks, SANDBOX_BASE } from './shared.ts';

const host = document.querySelector<HTMLElement>('#kyb-host')!;
const clientInput = document.querySelector<HTMLInputElement>('#client-id')!;
const events = document.querySelector<HTMLElement>('#events')!;
const webhooks = document.querySelector<HTMLElement>('#webhooks')!;
const status = document.querySelector<HTMLElement>('#panel-status')!;
let formId: string | null = null;

/** The partner backend mints the token; the element refreshes it through `tokenProvider`. */
const mint = (clientId: string) =>
  postJson<{ token: string; expiration: string }>('/partner/kyb-token', { clientId }).then((t) => ({
    token: t.token,
    expiresAt: t.expiration,
  }));

async function open() {
  const clientId = clientInput.value.trim() || 'demo-company';
  status.textContent = 'Minting a token on the partner backend…';
  const { token } = await mint(clientId);
  const form = document.createElement('kyb-form') as KybFormElement;
  form.apiBase = SANDBOX_BASE;
  form.tokenProvider = () => mint(clientId);
  form.token = token;
  host.replaceChildren(form);
  status.textContent = '';
}

for (const name of ['kyb-ready', 'kyb-saved', 'kyb-error', 'kyb-submitted', 'kyb-step-change'] as const) {
  host.addEventListener(name, (e) => {
    const detail = (e as CustomEvent).detail as Record<string, unknown> | undefined;
    if (name === 'kyb-ready' && typeof detail?.formId === 'string') formId = detail.formId;
    if (name === 'kyb-saved' && !formId && typeof detail?.id === 'string') formId = detail.id;
    logEvent(events, name, detail);
    if (name === 'kyb-submitted') void refreshWebhooks(webhooks);
  });
}

document.querySelector('#reload')!.addEventListener('click', () => void open());
document.querySelector('#info-request')!.addEventListener('click', async () => {
  const form = host.querySelector<KybFormElement>('kyb-form');
  const id = formId ?? (form as unknown as { formId?: string } | null)?.formId;
  if (!id) {
    status.textContent = 'Create the form first (fill in the company name and country).';
    return;
  }
  try {
    await postJson('/partner/information-request', { formId: id });
    status.textContent = 'Information requested: the form is editable again. Reopening…';
    await refreshWebhooks(webhooks);
    await open();
  } catch (err) {
    status.textContent = `Could not request information: ${(err as Error).message}`;
  }
});

void open();
void refreshWebhooks(webhooks);

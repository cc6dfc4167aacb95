import '../src/kyb-form/define.ts';
import type { KybFormElement } from '../src/kyb-form/kyb-form.ts';
import {
  embedded,
  languagePicker,
  logEvent,
  params,
  phonePreview,
  postJson,
  refreshWebhooks,
  SANDBOX_BASE,
} from './shared.ts';

const host = document.querySelector<HTMLElement>('#kyb-host')!;
const clientInput = document.querySelector<HTMLInputElement>('#client-id')!;
const events = document.querySelector<HTMLElement>('#events')!;
const webhooks = document.querySelector<HTMLElement>('#webhooks')!;
const status = document.querySelector<HTMLElement>('#panel-status')!;
const languageSelect = document.querySelector<HTMLSelectElement>('#language')!;
const phoneToggle = document.querySelector<HTMLInputElement>('#phone')!;
let formId: string | null = null;
if (params.get('client')) clientInput.value = params.get('client')!;

/**
 * The partner backend mints the token (with the chosen language: the service then answers it as
 * `info.locale`, which the element follows); the element refreshes it through `tokenProvider`.
 */
const mint = (clientId: string, locale: string) =>
  postJson<{ token: string; expiration: string }>('/partner/kyb-token', {
    clientId,
    ...(locale ? { locale } : {}),
  }).then((t) => ({
    token: t.token,
    expiresAt: t.expiration,
  }));

const currentClient = () => clientInput.value.trim() || 'demo-company';
const showPhone = phonePreview(phoneToggle, document.querySelector<HTMLElement>('#phone-host')!, () => ({
  client: currentClient(),
  lang: languageSelect.value,
}));

async function open() {
  const client = currentClient();
  const locale = languageSelect.value;
  status.textContent = 'Minting a token on the partner backend…';
  const { token } = await mint(client, locale);
  const form = document.createElement('kyb-form') as KybFormElement;
  form.apiBase = SANDBOX_BASE;
  form.tokenProvider = () => mint(client, locale);
  form.token = token;
  host.replaceChildren(form);
  status.textContent = '';
  if (!embedded) showPhone();
}

languagePicker(languageSelect, () => void open());

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

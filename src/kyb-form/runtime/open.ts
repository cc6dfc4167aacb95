/**
 * Round trip 1 of `<kyb-form>`: the form's info and its form (if any), with the company step's code and
 * styles (and the theme's, when the info has a theme). They download in parallel with the info (no extra
 * round trip), so the first request does not wait for them. The review, the submit and the later steps'
 * styles load after the first screen (chunks.ts).
 */
import { KybCoreClient } from '../../api/kyb-core-client.ts';
import { whenIdle } from '../../api/load-chunk.ts';
import type { KybFormSummary } from '../../api/kyb-form-summary.ts';
import type { KybInfo, Questionnaire } from '../../api/kyb.ts';
import {
  loadCustomFields,
  loadScreens,
  loadTheme,
  type CustomFields,
  type Screens,
  type ThemeModule,
} from '../chunks.ts';
import type { KybSettings } from './rules.ts';
import type { TokenSession } from './session.ts';

/** The form's client, for the element's settings; its token is the session's (renewed by it). */
export function newClient(
  host: KybSettings,
  session: TokenSession,
  timeoutMs: number | undefined,
): KybCoreClient {
  return new KybCoreClient({
    baseUrl: host.apiBase || '',
    allowInsecureHttp: host.allowInsecureHttp,
    idempotencyKeys: host.idempotencyKeys,
    ...(timeoutMs ? { timeoutMs } : {}),
    token: () => session.active,
    refreshToken: () => session.refresh(),
  });
}

/**
 * The info, the form as listed, the screens' code and the theme's. The questionnaires decide the number of
 * steps: they are asked for as soon as the form's id is known (`early`).
 */
export async function openForm(
  client: KybCoreClient,
  signal: AbortSignal,
): Promise<{
  info: KybInfo;
  form: KybFormSummary | null;
  screens: Screens;
  theme: ThemeModule | null;
  custom: CustomFields | null;
  early: Promise<Questionnaire[]>;
}> {
  // Read with the first screen's schema (id, company, status): the full one loads after the first screen.
  const forms = client.listFormSummaries({ signal });
  const early = forms.then((f) => (f[0] ? client.listQuestionnaires(f[0].id, { signal }) : []));
  early.catch(() => undefined);
  const info = client.info({ signal });
  const theme = info.then((i) => (i.theme ? loadTheme() : null));
  theme.catch(() => undefined);
  // the custom fields' controls and checks: only for a flow that has them
  const custom = info.then((i) => (i.flow?.fieldsCustom.length ? loadCustomFields() : null));
  custom.catch(() => undefined);
  const [i, list, screens, t, c] = await Promise.all([info, forms, loadScreens(), theme, custom]);
  // The first screen is drawn in a task of its own, not in the one that read the last answer (on a
  // mid-range phone each is about 50 ms of main thread: together they held input for 70 to 100 ms).
  await new Promise((resolve) => setTimeout(resolve));
  return { info: i, form: list[0] ?? null, screens, theme: t, custom: c, early };
}

/**
 * Runs `load` a second after the first screen rendered, when the browser is idle (what it loads is several
 * steps away; another element on the page keeps the link for its own first screen meanwhile), unless
 * `current()` says the load that asked for it was superseded. Returns a cancel.
 */
export function prefetchLater(
  host: { readonly updateComplete: Promise<unknown> },
  current: () => boolean,
  load: () => void,
): () => void {
  let cancel = (): void => undefined;
  let stopped = false;
  void host.updateComplete.then(() => {
    if (stopped || !current()) return;
    const timer = setTimeout(() => (cancel = whenIdle(load)), 1000);
    cancel = () => clearTimeout(timer);
  });
  return () => {
    stopped = true;
    cancel();
  };
}

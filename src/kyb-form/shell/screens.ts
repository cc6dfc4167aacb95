/**
 * What the first screen needs besides the shell: the company step and its styles. They download in
 * parallel with the form's info (no extra round trip), so the first request does not wait for them.
 * The theme's code loads only when the service sets a theme (as soon as the info says so); the review,
 * the submit and the later steps' styles load after the first screen (later.ts).
 */
import type { KybFormClient } from '../../api/kyb-form-client.ts';
import type { KybFormFirst } from '../../api/kyb-first.ts';
import type { KybInfo, Questionnaire } from '../../api/kyb.ts';
import { lazy } from './steps.ts';

export const loadScreens = lazy(() =>
  Promise.all([import('../company/controller.ts'), import('../form-styles.ts')]).then(
    ([company, styles]) => ({ ...company, formStyles: styles.formStyles }),
  ),
);
export type Screens = Awaited<ReturnType<typeof loadScreens>>;

/** The theme's checks (colours, contrast, font, logo), loaded only for a service that sets a theme. */
export const loadTheme = lazy(() => import('../../theme/index.ts'));
export type ThemeModule = Awaited<ReturnType<typeof loadTheme>>;

export { laterLoaded, loadLater, type Later } from './steps.ts';

/**
 * Round trip 1: the form's info and its form (if any), with the screens' code (and the theme's, when the
 * info has a theme). The questionnaires decide the number of steps: they are asked for as soon as the
 * form's id is known (`early`).
 */
export async function openForm(
  client: KybFormClient,
  signal: AbortSignal,
): Promise<{
  info: KybInfo;
  form: KybFormFirst | null;
  screens: Screens;
  theme: ThemeModule | null;
  early: Promise<Questionnaire[]>;
}> {
  // Read with the first screen's schema (id, company, status): the full one loads after the first screen.
  const forms = client.listFormsFirst({ signal });
  const early = forms.then((f) => (f[0] ? client.listQuestionnaires(f[0].id, { signal }) : []));
  early.catch(() => undefined);
  const info = client.info({ signal });
  const theme = info.then((i) => (i.theme ? loadTheme() : null));
  theme.catch(() => undefined);
  const [i, list, screens, t] = await Promise.all([info, forms, loadScreens(), theme]);
  return { info: i, form: list[0] ?? null, screens, theme: t, early };
}

/**
 * The company step and the review: what the first screen needs besides the shell. They download in
 * parallel with the form's info (no extra round trip), so the first request does not wait for them.
 */
import { adoptStyles, type CSSResult, type LitElement } from 'lit';
import type { KybClient } from '../../api/kyb-client.ts';
import type { KybForm, KybInfo, Questionnaire } from '../../api/kyb.ts';
import type { ThemeStyles } from '../../theme/index.ts';
import { withStyleNonce } from '../../theme/style-nonce.ts';
import { lazy } from './steps.ts';

export const loadScreens = lazy(() =>
  Promise.all([
    import('../company/controller.ts'),
    import('../review/review.ts'),
    import('../../theme/index.ts'),
    import('../form-styles.ts'),
  ]).then(([company, review, theme, styles]) => ({
    ...company,
    ...review,
    themeStyles: theme.themeStyles,
    loadThemeFont: theme.loadThemeFont,
    formStyles: styles.formStyles,
  })),
);
export type Screens = Awaited<ReturnType<typeof loadScreens>>;

/** Until the service's theme is read (with the screens' code): the defaults of the styles. */
export const NO_THEME: ThemeStyles = {
  vars: {},
  fontUrl: null,
  logo: null,
  companyName: null,
  supportEmail: null,
  ignored: [],
};

const styled = new WeakSet<LitElement>();
/** Adds the steps' styles (form-styles.ts, loaded with them) after the element's own, once. */
export function adoptFormStyles(el: LitElement, formStyles: CSSResult): void {
  if (styled.has(el)) return;
  styled.add(el);
  const own = (el.constructor as typeof LitElement).elementStyles;
  withStyleNonce(el, () => adoptStyles(el.renderRoot as ShadowRoot, [...own, formStyles]));
}

/**
 * Round trip 1: the form's info and its form (if any), with the screens' code. The questionnaires
 * decide the number of steps: they are asked for as soon as the form's id is known (`early`).
 */
export async function openForm(
  client: KybClient,
  signal: AbortSignal,
): Promise<{ info: KybInfo; form: KybForm | null; screens: Screens; early: Promise<Questionnaire[]> }> {
  const forms = client.listForms({ signal });
  const early = forms.then((f) => (f[0] ? client.listQuestionnaires(f[0].id, { signal }) : []));
  early.catch(() => undefined);
  const [info, list, screens] = await Promise.all([client.info({ signal }), forms, loadScreens()]);
  return { info, form: list[0] ?? null, screens, early };
}

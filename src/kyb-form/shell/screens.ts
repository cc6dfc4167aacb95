/**
 * The company step and the review: what the first screen needs besides the shell. They download in
 * parallel with the form's info (no extra round trip), so the first request does not wait for them.
 */
import type { ThemeStyles } from '../../theme/index.ts';
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

/**
 * The styles of no theme: the defaults, until the service's theme is read or when it sets none. Its own
 * module (no runtime imports), so the first screen has it without the theme's checks (index.ts, a lazily loaded
 * chunk), which start from it too.
 */
import type { ThemeStyles } from './index.ts';

/** A fresh object each time (the theme's checks fill in `vars` and `ignored`). */
export function noTheme(): ThemeStyles {
  return {
    vars: {},
    fontUrl: null,
    logo: null,
    companyName: null,
    supportEmail: null,
    ignored: [],
  };
}

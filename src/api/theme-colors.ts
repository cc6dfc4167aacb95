/**
 * The theme colour names of `/kyb/info/`. Plain data with no zod, so the theme code can use it before
 * the schemas have loaded.
 */
export const THEME_COLOR_KEYS = [
  'primary', 'secondary', 'primaryBackground', 'secondaryBackground', 'hoveredButton', 'disabledIconButton',
  'disabledButtonTypography', 'disabledButton', 'typography', 'success', 'successBackground', 'error',
  'errorBackground', 'warning', 'warningBackground', 'info', 'infoBackground', 'border',
] as const; // prettier-ignore
export type ThemeColorKey = (typeof THEME_COLOR_KEYS)[number];

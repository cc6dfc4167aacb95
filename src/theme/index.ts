/**
 * The service theme (`info.theme`) turned into safe CSS custom properties for `<kyb-form>`.
 *
 * Every value is checked before use: colours must be plain CSS colours, the font a plain family list,
 * the logo an `https:` or relative URL, the support e-mail a valid address. Anything else is ignored
 * (and listed in `ignored`), never injected. Values are applied with `cssProps` (CSSOM only), so even a
 * value that slipped through could not break out of its declaration; the checks make sure none does.
 *
 * The properties are PRIVATE (`--_kyb-theme-*`): the styles read
 * `var(--kyb-color-primary, var(--_kyb-theme-primary, <default>))`, so a page's own `--kyb-*`
 * properties win over the service theme, which wins over the defaults.
 */
import type { Theme } from '../api/kyb.ts';
import { THEME_COLOR_KEYS, type ThemeColorKey } from '../api/theme-colors.ts';
import { safeServiceUrl } from '../api/url.ts';
import { readableColors } from './contrast.ts';
import { noTheme } from './no-theme.ts';

/** Theme colour key -> the name used in `--kyb-color-<name>` and `--_kyb-theme-<name>`. */
export const THEME_COLOR_NAMES: Record<ThemeColorKey, string> = {
  primary: 'primary',
  secondary: 'secondary',
  primaryBackground: 'background',
  secondaryBackground: 'surface',
  hoveredButton: 'primary-hover',
  disabledIconButton: 'disabled-icon',
  disabledButtonTypography: 'disabled-text',
  disabledButton: 'disabled',
  typography: 'text',
  success: 'success',
  successBackground: 'success-background',
  error: 'error',
  errorBackground: 'error-background',
  warning: 'warning',
  warningBackground: 'warning-background',
  info: 'info',
  infoBackground: 'info-background',
  border: 'border',
};

/** The private property a theme value is written to. */
export const themeVar = (name: string) => `--_kyb-theme-${name}`;

const NAMED_COLORS = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown ' +
    'burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan ' +
    'darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid ' +
    'darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet ' +
    'deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ' +
    'ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki ' +
    'lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow ' +
    'lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray ' +
    'lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine ' +
    'mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise ' +
    'mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab ' +
    'orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru ' +
    'pink plum powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown ' +
    'seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen steelblue tan ' +
    'teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen transparent'
  ).split(' '),
);

const FORBIDDEN = /url\(|var\(|expression|[;{}\\<>"'`]|\/\*|@/i;
const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NUM = String.raw`[+-]?(?:\d+(?:\.\d+)?|\.\d+)(?:%|deg|rad|turn|grad)?`;
const FUNC = new RegExp(
  String.raw`^(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(\s*(?:${NUM}|none)(?:\s*[,/\s]\s*(?:${NUM}|none)){2,3}\s*\)$`,
  'i',
);
const MAX_COLOR_LENGTH = 64;

/** Whether `value` is a plain CSS colour (hex, rgb/hsl/hwb/lab/lch functions or a named colour). */
export function isSafeColor(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const v = value.trim();
  if (v.length === 0 || v.length > MAX_COLOR_LENGTH) return false;
  if (FORBIDDEN.test(v)) return false;
  if (!/^[#a-z0-9 ,.%()/+-]+$/i.test(v)) return false;
  const shapeOk = HEX.test(v) || FUNC.test(v) || NAMED_COLORS.has(v.toLowerCase());
  if (!shapeOk) return false;
  const css = (globalThis as { CSS?: { supports?: (p: string, v: string) => boolean } }).CSS;
  if (css && typeof css.supports === 'function') return css.supports('color', v);
  return true;
}

const FAMILY = /^(?:"[a-z0-9 _-]{1,64}"|'[a-z0-9 _-]{1,64}'|[a-z][a-z0-9 _-]{0,63})$/i;

/** Whether `value` is a plain font-family list (`Inter, "Open Sans", sans-serif`). */
export function isSafeFont(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const v = value.trim();
  if (v.length === 0 || v.length > 200) return false;
  if (/url\(|var\(|expression|[;{}\\<>()@`]/i.test(v)) return false;
  const families = v.split(',').map((f) => f.trim());
  return families.length <= 10 && families.every((f) => FAMILY.test(f));
}

/** Whether `value` passes the one rule for service URLs (`src/api/url.ts`), relative paths allowed. */
export function isSafeUrl(value: unknown): value is string {
  return safeServiceUrl(value, { relative: true }) !== null;
}

/**
 * A theme URL (logo, font) made absolute: a relative one (`/logo.svg`, `./brand/logo.svg`) belongs to the
 * service, so it resolves against the element's `api-base` (not the partner page), by the one URL rule.
 * Null when refused.
 */
export function themeUrl(value: unknown, apiBase: string | undefined): string | null {
  return safeServiceUrl(value, { relative: true, base: apiBase ?? '' });
}

/**
 * Text from the service shown as a heading (the theme's `companyName`): control characters, bidi
 * overrides, embeddings and isolates (which can reorder what follows, `U+202E`), zero-width and other
 * invisible characters removed; runs of white space made one space.
 */
export function headingText(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/g, '')
      .replace(
        /[\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufeff\uffa0]/g,
        '',
      )
      .replace(/\s+/g, ' ')
      .trim()
  );
}

const EMAIL =
  /^[a-z0-9.!#$%&*+/=?^_{|}~-]{1,64}@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;

/** Whether `value` is a plain e-mail address (usable in a `mailto:` link without escaping tricks). */
export function isEmailAddress(value: unknown): value is string {
  return (
    typeof value === 'string' && value.length <= 254 && EMAIL.test(value.trim()) && !value.includes('..')
  );
}

export interface ThemeStyles {
  /** Private custom properties to set on the root wrapper (`--_kyb-theme-<name>` -> value). */
  vars: Record<string, string>;
  /** A font file to load as the element's typeface (`ThemeCore.font` is a URI), or null. */
  fontUrl: string | null;
  /** A safe logo URL, or null. */
  logo: string | null;
  /** The company name (plain text), or null. */
  companyName: string | null;
  /** A valid support e-mail address, or null. */
  supportEmail: string | null;
  /** Theme members that were present but refused (`colors.primary`, `logo`, `font`, ...). */
  ignored: string[];
}

/**
 * Checks every member of the service theme and returns only safe values. Pure; works without a DOM
 * (relative URLs then stay relative when there is no page URL to resolve `apiBase` against).
 * `apiBase`: the element's `api-base`, against which relative logo and font URLs are resolved
 * (`''`: the page's origin, where the element sends its requests then).
 */
export function themeStyles(theme: Theme | null | undefined, apiBase = ''): ThemeStyles {
  const out = noTheme();
  if (!theme || typeof theme !== 'object') return out;
  const colors = (theme.colors ?? {}) as Partial<Record<string, unknown>>;
  if (colors && typeof colors === 'object') {
    const themed: Record<string, string> = {};
    for (const key of THEME_COLOR_KEYS) {
      const value = colors[key];
      if (value === undefined || value === null || value === '') continue;
      if (isSafeColor(value)) themed[THEME_COLOR_NAMES[key]] = value.trim();
      else out.ignored.push(`colors.${key}`);
    }
    // Text must stay readable: a pair below 4.5:1 (or transparent) shows the defaults for that pair; a
    // border, focus or progress colour below 3:1 against its background shows the default colour.
    const { kept, problems } = readableColors(themed);
    for (const key of THEME_COLOR_KEYS) {
      const name = THEME_COLOR_NAMES[key];
      if (kept[name] !== undefined) out.vars[themeVar(name)] = kept[name];
      else if (themed[name] !== undefined) out.ignored.push(`colors.${key}`);
    }
    if (problems.length > 0) {
      const list = problems
        .map(
          (p) =>
            `${p.text} on ${p.background} (${p.ratio === null ? 'unreadable colour' : `${p.ratio}:1`}, ` +
            `needs ${p.needed}:1)`,
        )
        .join(', ');
      console.warn(
        `[kyb-form] theme colours below 4.5:1 contrast (text) or 3:1 (borders, focus, progress) fall back to the defaults: ${list}`,
      );
    }
  }
  const { font, logo, companyName, supportEmail } = theme;
  if (font) {
    // Published: a URI of a font file. A plain family list (older services) keeps working.
    const fontUrl = isSafeFont(font) ? null : themeUrl(font, apiBase);
    if (isSafeFont(font)) out.vars[themeVar('font-family')] = font.trim();
    else if (fontUrl) out.fontUrl = fontUrl;
    else out.ignored.push('font');
  }
  if (logo) {
    const url = themeUrl(logo, apiBase);
    if (url) out.logo = url;
    else out.ignored.push('logo');
  }
  if (typeof companyName === 'string') {
    const name = headingText(companyName).slice(0, 200).trim();
    if (name) out.companyName = name;
  }
  if (supportEmail) {
    if (isEmailAddress(supportEmail)) out.supportEmail = supportEmail.trim();
    else out.ignored.push('supportEmail');
  }
  return out;
}

/** The family name under which a theme's font file is registered. */
export const THEME_FONT_FAMILY = 'kyb-theme-font';
/** The element's default stack, behind the theme's font. */
const DEFAULT_STACK = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

/**
 * Loads a theme font file (`url`, resolved against `base`) as a web font and returns the custom properties
 * that use it, or null when it cannot be loaded (blocked by the page's CSP `font-src`, not a font, offline):
 * the default stack stays then, with no error shown.
 */
export async function loadThemeFont(url: string, base: string): Promise<Record<string, string> | null> {
  if (typeof FontFace === 'undefined' || typeof document === 'undefined' || !document.fonts) return null;
  try {
    const href = new URL(url, new URL(base || '.', document.baseURI)).href;
    const face = new FontFace(THEME_FONT_FAMILY, `url(${JSON.stringify(href)})`, { display: 'swap' });
    await face.load();
    document.fonts.add(face);
    return { [themeVar('font-family')]: `'${THEME_FONT_FAMILY}', ${DEFAULT_STACK}` };
  } catch {
    return null;
  }
}

/**
 * Readable theme colours: every text/background pair the styles of `<kyb-form>` draw must reach 4.5:1
 * (WCAG 1.4.3, AA for normal text), and every colour that shows a control's edge or state (input and
 * drop-zone borders, the focus ring, the progress) 3:1 against what lies behind it (WCAG 1.4.11
 * non-text contrast). A themed pair that does not, or that uses a colour we cannot read, falls back to
 * the defaults (a text pair loses its themed members; a non-text pair its themed foreground first, then
 * its themed background), with one console warning.
 *
 * Colours are read in a browser through a 1x1 canvas (every CSS colour the browser knows, sRGB bytes);
 * without a DOM, `#hex`, `rgb()`, `hsl()` and `transparent` are read and other notations are left as
 * they are. Semi-transparent colours are judged in the worst case: a background over a white and over a
 * black page, text over that background.
 */

/** `[r, g, b]` 0..255 and alpha 0..1. */
export type Rgba = readonly [number, number, number, number];

/** The defaults of the private theme properties (as in `src/kyb-form/styles.ts`). */
export const DEFAULT_COLORS: Readonly<Record<string, string>> = {
  primary: '#1d4ed8',
  'on-primary': '#ffffff',
  'primary-hover': '#1e3a8a',
  secondary: '#0f766e',
  background: '#ffffff',
  surface: '#f1f5f9',
  text: '#0f172a',
  'text-muted': '#475569',
  success: '#15803d',
  'success-background': '#f0fdf4',
  error: '#b91c1c',
  'error-background': '#fef2f2',
  warning: '#92400e',
  'warning-background': '#fffbeb',
  info: '#1d4ed8',
  'info-background': '#eff6ff',
  disabled: '#e2e8f0',
  'disabled-text': '#475569',
  border: '#64748b',
};

/** `[text, background]` pairs the styles draw, by property name. */
export const TEXT_PAIRS: readonly (readonly [string, string])[] = [
  ['text', 'background'],
  ['text', 'surface'],
  ['text-muted', 'background'],
  ['text-muted', 'surface'],
  ['primary', 'background'],
  ['primary-hover', 'background'],
  ['primary-hover', 'surface'],
  ['on-primary', 'primary'],
  ['on-primary', 'primary-hover'],
  ['secondary', 'background'],
  ['error', 'background'],
  ['success', 'background'],
  ['disabled-text', 'disabled'],
  ['text', 'success-background'],
  ['text', 'error-background'],
  ['text', 'warning-background'],
  ['text', 'info-background'],
  ['success', 'success-background'],
  ['error', 'error-background'],
  ['warning', 'warning-background'],
  ['info', 'info-background'],
];

/** The least contrast accepted for text. */
export const MIN_CONTRAST = 4.5;

/**
 * `[foreground, background]` pairs of non-text colours (WCAG 1.4.11): the borders of inputs, selects,
 * cards and the upload drop zone (on the background, and the drop zone's dashes on its surface); the
 * focus ring (primary, 3px off the control: on the background or inside a surface box); the progress
 * (the step list's pills are bordered with `border`, the current one filled with primary; an upload's
 * progress bar is the secondary colour, in a surface file list).
 */
export const NON_TEXT_PAIRS: readonly (readonly [string, string])[] = [
  ['border', 'background'],
  ['border', 'surface'],
  ['primary', 'background'],
  ['primary', 'surface'],
  ['secondary', 'background'],
  ['secondary', 'surface'],
];

/** The least contrast accepted for a control's edge, the focus ring and the progress (WCAG 1.4.11). */
export const MIN_NON_TEXT_CONTRAST = 3;

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

const NUMBER = String.raw`([+-]?(?:\d+(?:\.\d+)?|\.\d+))(%|deg)?`;
const SEP = String.raw`\s*[,\s]\s*`;
const FUNC = new RegExp(
  String.raw`^(rgba?|hsla?)\(\s*${NUMBER}${SEP}${NUMBER}${SEP}${NUMBER}\s*(?:[,/]\s*${NUMBER}\s*)?\)$`,
  'i',
);

/** Reads `#hex`, `rgb()`/`rgba()`, `hsl()`/`hsla()` and `transparent`, else null. No DOM needed. */
export function parseColor(value: string): Rgba | null {
  const v = value.trim().toLowerCase();
  if (v === 'transparent') return [0, 0, 0, 0];
  if (v === 'white') return [255, 255, 255, 1];
  if (v === 'black') return [0, 0, 0, 1];
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(v)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex;
    const n = (i: number) => parseInt(full.slice(i, i + 2), 16);
    return [n(0), n(2), n(4), full.length === 8 ? n(6) / 255 : 1];
  }
  const m = FUNC.exec(v);
  if (!m) return null;
  const num = (i: number) => Number(m[i]);
  const pct = (i: number) => m[i + 1] === '%';
  const alpha = m[8] === undefined ? 1 : clamp(num(8) / (pct(8) ? 100 : 1), 0, 1);
  if ((m[1] ?? '').startsWith('rgb')) {
    const ch = (i: number) => clamp(pct(i) ? (num(i) * 255) / 100 : num(i), 0, 255);
    return [ch(2), ch(4), ch(6), alpha];
  }
  const h = ((num(2) % 360) + 360) % 360;
  const [r, g, b] = hslToRgb(h, clamp(num(4) / 100, 0, 1), clamp(num(6) / 100, 0, 1));
  return [r, g, b, alpha];
}

let ctx: CanvasRenderingContext2D | null | undefined;

/** Any CSS colour as sRGB bytes through a 1x1 canvas; null without a DOM or for an invalid colour. */
function canvasColor(value: string): Rgba | null {
  if (ctx === undefined) {
    ctx = null;
    try {
      if (typeof document !== 'undefined') {
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = 1;
        ctx = canvas.getContext('2d', { willReadFrequently: true });
      }
    } catch {
      ctx = null;
    }
  }
  if (!ctx) return null;
  // An invalid value leaves fillStyle unchanged: set a sentinel first and compare.
  ctx.fillStyle = '#010203';
  ctx.fillStyle = value;
  if (ctx.fillStyle === '#010203' && parseColor(value)?.join() !== '1,2,3,1') return null;
  ctx.clearRect(0, 0, 1, 1);
  ctx.fillRect(0, 0, 1, 1);
  const d = ctx.getImageData(0, 0, 1, 1).data;
  return [d[0] ?? 0, d[1] ?? 0, d[2] ?? 0, (d[3] ?? 0) / 255];
}

/** Reads a CSS colour (see the module comment); null when it cannot be read. */
export function readColor(value: string): Rgba | null {
  return canvasColor(value) ?? parseColor(value);
}

const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const luminance = ([r, g, b]: Rgba) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
const over = (top: Rgba, under: Rgba): Rgba => {
  const a = top[3];
  return [0, 1, 2].map((i) => (top[i] ?? 0) * a + (under[i] ?? 0) * (1 - a)).concat(1) as unknown as Rgba;
};
const ratio = (x: Rgba, y: Rgba) => {
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/** The contrast of text `fg` on `bg`, in the worst case for colours that are not opaque. */
export function contrastRatio(fg: Rgba, bg: Rgba): number {
  return Math.min(
    ...[
      [255, 255, 255, 1],
      [0, 0, 0, 1],
    ].map((page) => {
      const back = over(bg, page as unknown as Rgba);
      return ratio(over(fg, back), back);
    }),
  );
}

export interface PairProblem {
  /** The text colour, or for a non-text pair the border, focus or progress colour. */
  text: string;
  background: string;
  /** The contrast found, or null when a colour could not be read. */
  ratio: number | null;
  /** The least contrast the pair needed: 4.5 for text, 3 for non-text colours. */
  needed: number;
}

/**
 * Drops themed colours until every text pair reaches {@link MIN_CONTRAST} and every non-text pair
 * {@link MIN_NON_TEXT_CONTRAST}: a failing text pair loses its themed members (so it shows the
 * defaults); a failing non-text pair loses its themed foreground (a pale border shows the default
 * border), or, when that is not themed, its themed background. Then every pair is checked again with
 * what is left, until nothing changes. `themed` maps property names (`text`, `background`, ...) to the
 * theme's values.
 */
export function readableColors(
  themed: Readonly<Record<string, string>>,
  read: (value: string) => Rgba | null = readColor,
): { kept: Record<string, string>; dropped: string[]; problems: PairProblem[] } {
  const kept: Record<string, string> = { ...themed };
  const dropped: string[] = [];
  const problems: PairProblem[] = [];
  const drop = (name: string) => {
    delete kept[name];
    dropped.push(name);
  };
  const pairs = [
    ...TEXT_PAIRS.map(([fg, bg]) => [fg, bg, MIN_CONTRAST] as const),
    ...NON_TEXT_PAIRS.map(([fg, bg]) => [fg, bg, MIN_NON_TEXT_CONTRAST] as const),
  ];
  for (let changed = true; changed;) {
    changed = false;
    for (const [text, background, needed] of pairs) {
      if (!(text in kept) && !(background in kept)) continue;
      const fg = read(kept[text] ?? DEFAULT_COLORS[text] ?? '');
      const bg = read(kept[background] ?? DEFAULT_COLORS[background] ?? '');
      const found = fg && bg ? contrastRatio(fg, bg) : null;
      if (found !== null && found >= needed - 1e-9) continue;
      problems.push({
        text,
        background,
        ratio: found === null ? null : Math.round(found * 100) / 100,
        needed,
      });
      if (needed === MIN_CONTRAST) {
        for (const name of [text, background]) if (name in kept) drop(name);
      } else {
        drop(text in kept ? text : background);
      }
      changed = true;
    }
  }
  return { kept, dropped, problems };
}

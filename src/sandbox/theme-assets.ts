/**
 * The demo theme's logo and font, served by the sandbox itself at the paths the theme names
 * (`DEMO_THEME.logo`, `DEMO_THEME.font`, under the base path), so a sandbox that stands alone
 * (`npm run sandbox`) answers a theme whose files exist. The theme answers them as absolute URLs on the
 * sandbox's origin (`kyb-json.ts`), so a partner page on any other origin loads them: CORS to any origin
 * (a web font needs it), `Cross-Origin-Resource-Policy: cross-origin` (pages with COEP), cached for a day.
 * Public files: no credential, and no other file is reachable this way.
 */
import type { RouteDef } from './context.ts';
import { DEMO_THEME } from './fixtures.ts';
import { base64ToBytes } from './util.ts';

/** `demo/logo.svg`, byte for byte (checked by `test/node/sandbox-standalone.test.ts`). */
export const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="Northwind Payments">
  <rect width="96" height="96" rx="20" fill="#0b5cad"/>
  <path d="M24 70V26h10l26 30V26h12v44H62L36 40v30z" fill="#fff"/>
</svg>
`;

/** Headers of a public file any origin may load. */
function publicFile(contentType: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    'Content-Type': contentType,
    'Cache-Control': 'public, max-age=86400',
    'Access-Control-Allow-Origin': '*',
    'Cross-Origin-Resource-Policy': 'cross-origin',
    'X-Content-Type-Options': 'nosniff',
    ...extra,
  };
}

let font: Promise<Uint8Array<ArrayBuffer>> | null = null;

export const themeAssetRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: DEMO_THEME.logo,
    auth: 'none',
    handler: () =>
      new Response(LOGO_SVG, {
        // Opened on its own, the SVG runs nothing and loads nothing.
        headers: publicFile('image/svg+xml; charset=utf-8', {
          'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        }),
      }),
  },
  {
    method: 'GET',
    path: DEMO_THEME.font,
    auth: 'none',
    async handler() {
      font ??= import('./theme-font.ts').then((m) => base64ToBytes(m.OPEN_SANS_WOFF2_BASE64));
      return new Response((await font).slice(), { headers: publicFile('font/woff2') });
    },
  },
];

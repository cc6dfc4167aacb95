/**
 * QR code of the session URL, so the user can continue on a phone. Rendered as inline SVG (one path of
 * dark modules) with Lit `svg` templates: no `data:` URL, no inline styles, CSP-safe.
 */
import qrcode from 'qrcode-generator';
import { html, svg, type TemplateResult } from 'lit';

/** The dark modules of a QR code for `text` as a matrix (rows of columns). */
export function qrMatrix(text: string): boolean[][] {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const n = qr.getModuleCount();
  const rows: boolean[][] = [];
  for (let r = 0; r < n; r++) {
    const row: boolean[] = [];
    for (let c = 0; c < n; c++) row.push(qr.isDark(r, c));
    rows.push(row);
  }
  return rows;
}

/** One SVG path (`M x y h1 v1 h-1 z` per run of dark modules) offset by the quiet zone `margin`. */
export function qrPath(matrix: boolean[][], margin = 4): string {
  const parts: string[] = [];
  matrix.forEach((row, r) => {
    let c = 0;
    while (c < row.length) {
      if (!row[c]) {
        c++;
        continue;
      }
      const start = c;
      while (c < row.length && row[c]) c++;
      parts.push(`M${start + margin} ${r + margin}h${c - start}v1h${start - c}z`);
    }
  });
  return parts.join('');
}

/** The QR code as an SVG element (the caller wraps it with `role="img"` and a label). */
export function qrSvg(text: string, margin = 4): TemplateResult {
  const matrix = qrMatrix(text);
  const size = matrix.length + margin * 2;
  const modules = svg`<rect class="qr-light" width=${size} height=${size}></rect><path
      class="qr-dark"
      d=${qrPath(matrix, margin)}
    ></path>`;
  return html`<svg
    viewBox="0 0 ${size} ${size}"
    aria-hidden="true"
    focusable="false"
    shape-rendering="crispEdges"
  >
    ${modules}
  </svg>`;
}

/**
 * Screenshots of both elements in forced colours (Windows High Contrast, emulated through the DevTools
 * protocol) at 1280x800, saved to bench/results/screens/: <age-check>'s camera with the face guide, and
 * <kyb-form>'s beneficiaries step with the progress and a document drop zone (issue 25).
 *   node --import tsx bench/forced-colors.ts
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  ageCamera,
  forcedColors,
  kybBeneficiaryUpload,
  openBrowser,
  startDemo,
} from '../test/support/a11y-demo.ts';

const OUT = join(import.meta.dirname, 'results', 'screens');
mkdirSync(OUT, { recursive: true });
const viewport = { width: 1280, height: 800 };

const demo = await startDemo();
const context = await openBrowser({ viewport });
try {
  const age = await context.newPage();
  await forcedColors(age);
  await ageCamera(age, demo.origin);
  await age.locator('age-check [part~="guide"]').scrollIntoViewIfNeeded();
  await age.waitForTimeout(500);
  const ageFile = join(OUT, 'forced-colors-age-camera-1280x800.png');
  await age.screenshot({ path: ageFile });
  console.log(`screenshot: ${ageFile}`);

  const kyb = await context.newPage();
  await forcedColors(kyb);
  await kybBeneficiaryUpload(kyb, demo.origin);
  await kyb.locator('kyb-form [part~="upload-dropzone"]').first().scrollIntoViewIfNeeded();
  await kyb.waitForTimeout(300);
  const kybFile = join(OUT, 'forced-colors-kyb-beneficiaries-1280x800.png');
  await kyb.screenshot({ path: kybFile });
  const kybTop = join(OUT, 'forced-colors-kyb-progress-1280x800.png');
  await kyb.locator('kyb-form [part~="progress"]').first().scrollIntoViewIfNeeded();
  await kyb.screenshot({ path: kybTop });
  console.log(`screenshot: ${kybFile}\nscreenshot: ${kybTop}`);
} finally {
  await context.close();
  await demo.close();
}

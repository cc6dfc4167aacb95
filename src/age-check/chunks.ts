/**
 * Every chunk `<age-check>` loads with a dynamic `import()`, in one place, so the modules are named by
 * what they hold: the capture flow (flow.ts: capture, upload and outcome screens, the whole machine) and
 * hosted mode (hosted.ts). The capture flow's own chunks (camera, image compression, QR code) are in
 * capture-chunks.ts, part of the capture flow: their names and hashes stay out of the first download.
 */
import { chunkLoader } from '../api/load-chunk.ts';

const LOAD_FAILED = 'Part of the age check could not be downloaded.';
/**
 * Everything after the consent screen (flow.ts): prefetched once the consent screen is up, and loaded
 * before the machine enters a state whose screen is in it.
 */
export const loadFlow = chunkLoader(() => import('./flow.ts'), LOAD_FAILED);
export type Flow = typeof import('./flow.ts');
/** Hosted mode (no token, a session URL): its own chunk. */
export const loadHosted = chunkLoader(() => import('./hosted.ts'), LOAD_FAILED);

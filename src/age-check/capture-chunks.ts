/**
 * The chunks of `<age-check>`'s capture flow (flow.ts), loaded on first use: the camera, image compression
 * and the QR code. Kept apart from chunks.ts (the element's chunks, in its first download) so that their
 * names and hashes are downloaded with the capture flow, not before the first screen.
 */
export const loadCamera = () => import('./camera.ts');
export const loadCapture = () => import('./capture.ts');
export const loadQr = () => import('./qr.ts');

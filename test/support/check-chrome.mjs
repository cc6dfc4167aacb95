// Finds the Chromium used by the browser tests; stops `npm test` with a clear message when it is missing.
import { existsSync } from 'node:fs';

/**
 * Flags for every Chromium the tests, benchmarks and screenshots start: no sandbox as root, no GPU, no
 * connections of Chromium's own (this machine's closed network refuses them), fake camera granted.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

export function chromePath() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  );
  return candidates.find((p) => existsSync(p));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!chromePath()) {
    console.error(
      'Chromium not found. Set CHROME_PATH to a Chromium/Chrome binary, or install it:\n' +
        '  Debian/Ubuntu: sudo apt-get update && sudo apt-get install -y chromium\n' +
        '  macOS: brew install --cask chromium   (then export CHROME_PATH=...)',
    );
    process.exit(1);
  }
}

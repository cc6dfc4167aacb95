// Finds the Chromium used by the browser tests; stops `npm test` with a clear message when it is missing.
import { existsSync } from 'node:fs';

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

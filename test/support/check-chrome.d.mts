/** The Chromium binary for browser tests: CHROME_PATH, else Debian's /usr/bin/chromium, else undefined. */
export function chromePath(): string | undefined;
/** Flags for every Chromium the tests, benchmarks and screenshots start. */
export const CHROMIUM_FLAGS: readonly string[];

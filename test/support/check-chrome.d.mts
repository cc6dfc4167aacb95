/** The Chromium binary for browser tests: CHROME_PATH, else Debian's /usr/bin/chromium, else undefined. */
export function chromePath(): string | undefined;

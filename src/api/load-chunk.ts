/**
 * Loading a code chunk (a dynamic `import()`) once per page, and the idle time to prefetch one in. Shared by
 * the clients (their schemas) and the elements (their screens and steps).
 */
import { ApiError } from './http.ts';

/**
 * A loader that runs `load` once: later calls share its promise. A failed load is tried again on the next
 * call and is reported as what it is, an `ApiError` of kind `network` with `message` (a chunk that could
 * not be downloaded), so the screens offer "Try again".
 *
 * The rejection of `import()` does not say whether the chunk failed to download or failed to run (a
 * module that throws while it is evaluated, such as a binding read before its chunk ran). Both end in the
 * same screen, so the real cause is written to the console for developers, once per loader (a "Try
 * again" that fails the same way does not repeat it). The cause of an `import()` holds no token: at most
 * the chunk's URL.
 */
export function chunkLoader<T>(load: () => Promise<T>, message: string): () => Promise<T> {
  let p: Promise<T> | undefined;
  let warned = false;
  return () =>
    (p ??= load().catch((cause: unknown) => {
      p = undefined;
      if (!warned) {
        warned = true;
        console.warn(`verify-elements: ${message} Cause:`, cause);
      }
      throw new ApiError({ kind: 'network', message, cause });
    }));
}

/** Runs `fn` when the browser is idle (a timeout where `requestIdleCallback` is missing); returns a cancel. */
export function whenIdle(fn: () => void): () => void {
  // Feature-detected (Safari has no requestIdleCallback): read from globalThis, called only if present.
  const g = globalThis as {
    requestIdleCallback?: typeof requestIdleCallback;
    cancelIdleCallback?: typeof cancelIdleCallback;
  };
  const idle = g.requestIdleCallback;
  const cancel = g.cancelIdleCallback;
  if (idle && cancel) {
    const id = idle.call(globalThis, fn, { timeout: 2000 });
    return () => cancel.call(globalThis, id);
  }
  const id = setTimeout(fn, 200);
  return () => clearTimeout(id);
}

/**
 * Loading a code chunk (a dynamic `import()`) once per page. Shared by the clients (their schemas) and
 * the elements (their screens and steps).
 */
import { ApiError } from './http.ts';

/**
 * A loader that runs `load` once: later calls share its promise. A failed load is tried again on the next
 * call and is reported as what it is, an `ApiError` of kind `network` with `message` (a chunk that could
 * not be downloaded), so the screens offer "Try again".
 */
export function chunkLoader<T>(load: () => Promise<T>, message: string): () => Promise<T> {
  let p: Promise<T> | undefined;
  return () =>
    (p ??= load().catch((cause: unknown) => {
      p = undefined;
      throw new ApiError({ kind: 'network', message, cause });
    }));
}

/**
 * Headless Chromium has no pointing device (`(hover: none)`, `(pointer: none)`), and the test runner can
 * emulate only `prefers-*` and `forced-colors` media: these helpers answer the upload component's drop
 * query (`DROP_MEDIA`) as a desktop with a mouse (`'mouse'`) or as a phone (`'touch'`), through
 * `window.matchMedia`, which the component asks on each render.
 */
import { DROP_MEDIA } from '../../src/kyb-form/upload/upload.ts';

const original = window.matchMedia.bind(window);

/** `matchMedia(DROP_MEDIA)` answers as the given device until {@link restorePointer}. */
export function emulatePointer(device: 'mouse' | 'touch'): void {
  window.matchMedia = (query: string): MediaQueryList => {
    const real = original(query);
    if (query !== DROP_MEDIA) return real;
    const matches = device === 'mouse';
    return new Proxy(real, {
      get: (target, key) => {
        if (key === 'matches') return matches;
        const v = Reflect.get(target, key, target) as unknown;
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    });
  };
}

export function restorePointer(): void {
  window.matchMedia = original;
}

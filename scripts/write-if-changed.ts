/**
 * Writes generated files only when their content changes, so a generator that runs again with the same
 * input (`npm run check`, `npm test`) leaves every file untouched, mtime included: a running `vite` demo
 * that imports the file is not reloaded and the form keeps what was typed.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Writes `text` to `file` unless it already holds exactly that; true when it wrote. */
export function writeIfChanged(file: string, text: string): boolean {
  let old: string | null = null;
  try {
    old = readFileSync(file, 'utf8');
  } catch {
    // No file yet.
  }
  if (old === text) return false;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return true;
}

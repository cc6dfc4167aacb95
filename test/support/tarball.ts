/**
 * What `npm run test:examples` and `npm run test:quickstart` share: running a command in an app, timing
 * it, and packing this repository as a partner installs it (`npm pack` of the built `dist/`).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

export const run = (cmd: string, args: string[], cwd: string) =>
  execFileSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 300_000,
    env: { ...process.env, NG_CLI_ANALYTICS: 'false' },
  });

export const timed = <T>(fn: () => T): [T, number] => {
  const start = performance.now();
  const out = fn();
  return [out, (performance.now() - start) / 1000];
};

/**
 * `npm pack` of the repository into `dir` (after `npm run build`); the tarball's path. `--ignore-scripts`:
 * the package's `prepack` would build again what is already built.
 */
export function packTarball(dir: string): string {
  assert.ok(existsSync(join(ROOT, 'dist/index.js')), 'dist/ is missing: run `npm run build` first');
  const packed = JSON.parse(
    run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], ROOT),
  ) as {
    filename: string;
  }[];
  return join(dir, packed[0]!.filename);
}

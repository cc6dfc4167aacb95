/**
 * `node --import tsx bench/floor.ts`: the fewest bytes the design allows before an element is interactive.
 * It builds stand-ins (bench/floor/) that do only what the first screen cannot do without: load the first
 * response with the fetch core, validate it with the first screen's zod schemas, and render one localized
 * control with Lit. Built like the CDN build (same targets, minified), it prints the gzip of what each
 * stand-in downloads before its control shows: its entry with its static imports, and the schema chunk
 * its first request loads (translations: none, English). The real elements add their screens to this.
 */
import { gzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';
import { esbuildTargets } from '../browser-targets.ts';

const KB = 1000;
const rows: [string, number, string][] = [];
for (const name of ['age', 'kyb', 'both']) {
  const out = (await build({
    configFile: false,
    logLevel: 'error',
    build: {
      write: false,
      target: esbuildTargets(),
      minify: true,
      modulePreload: false,
      rollupOptions: { input: `bench/floor/${name}.ts`, preserveEntrySignatures: 'allow-extension' },
    },
  })) as Rolldown.RolldownOutput;
  const chunks = out.output.filter((o): o is Rolldown.OutputChunk => o.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const needed = new Set<string>();
  const add = (file: string) => {
    if (needed.has(file)) return;
    needed.add(file);
    for (const dep of byFile.get(file)?.imports ?? []) add(dep);
  };
  for (const c of chunks) {
    if (c.isEntry) add(c.fileName);
    // The schemas the first request loads (the age capture page's; the KYB first screen's).
    if (c.moduleIds.some((id) => /\/src\/api\/(age-capture|kyb-form-summary)\.ts$/.test(id))) add(c.fileName);
  }
  const gzip = [...needed].reduce((n, f) => n + gzipSync(byFile.get(f)!.code, { level: 9 }).length, 0);
  rows.push([name, gzip / KB, [...needed].map((f) => f.replace(/^assets\//, '')).join(', ')]);
}
console.log('stand-in  JS before interactive, gzip  files');
for (const [name, kb, files] of rows)
  console.log(`${name.padEnd(9)} ${kb.toFixed(2).padStart(8)} kB  ${files}`);

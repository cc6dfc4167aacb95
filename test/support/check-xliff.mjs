// `npm test` step: every msg() string of the source must be in every XLIFF file of locales/ with a
// non-empty target. Runs `lit-localize extract` (which adds missing units without targets), then checks.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync, utimesSync } from 'node:fs';

// `lit-localize extract` rewrites every XLIFF file; one it left as it was keeps its old mtime, so a
// check that changes nothing leaves every file as it was.
const xlf = readdirSync('locales').map((f) => `locales/${f}`);
const before = new Map(xlf.map((f) => [f, { text: readFileSync(f, 'utf8'), stat: statSync(f) }]));
execFileSync(process.execPath, ['node_modules/@lit/localize-tools/bin/lit-localize.js', 'extract'], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
for (const [f, { text, stat }] of before)
  if (readFileSync(f, 'utf8') === text) utimesSync(f, stat.atime, stat.mtime);

const config = JSON.parse(readFileSync('lit-localize.json', 'utf8'));
let units = 0;
const problems = [];
for (const locale of config.targetLocales) {
  const file = `locales/${locale}.xlf`;
  let xml;
  try {
    xml = readFileSync(file, 'utf8');
  } catch {
    problems.push(`${file}: missing`);
    continue;
  }
  for (const [, id, body] of xml.matchAll(/<trans-unit id="([^"]+)"[^>]*>([\s\S]*?)<\/trans-unit>/g)) {
    units++;
    const target = /<target>([\s\S]*?)<\/target>/.exec(body);
    if (!target || target[1].replace(/<x [^>]*\/>/g, '').trim() === '')
      problems.push(`${file}: ${id} has no target`);
  }
}
const extra = readdirSync('locales').filter((f) => !config.targetLocales.includes(f.replace(/\.xlf$/, '')));
for (const f of extra) problems.push(`locales/${f}: not a configured locale`);

if (problems.length) {
  console.error(`XLIFF check failed (${problems.length} problems):\n  ` + problems.slice(0, 40).join('\n  '));
  if (problems.length > 40) console.error(`  … and ${problems.length - 40} more`);
  process.exit(1);
}
execFileSync(process.execPath, ['--import', 'tsx', 'src/i18n/build-locales.ts'], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
console.log(`XLIFF check: ${config.targetLocales.length} locales, ${units} units, all translated`);

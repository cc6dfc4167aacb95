import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { createSandbox } from './src/sandbox/index.ts';
import { sandboxVitePlugin } from './src/sandbox/adapters.ts';
import { partnerBackend } from './demo/partner-backend.ts';
import { esbuildTargets } from './browser-targets.ts';
import { writeRelease, type FirstScreens } from './scripts/cdn-release.ts';

/**
 * `npm run demo` (serve): the demo site (demo/) with the sandbox mounted under /sandbox and the partner
 * backend under /partner. One sandbox instance serves both.
 *
 * `npm run build` runs two builds:
 *   --mode lib  ESM entries for npm (dependencies external), declarations come from tsc.
 *   --mode cdn  one self-contained module for a <script type="module"> tag, with the camera, QR code and
 *               each locale split into chunks loaded on demand, plus the same entry as a classic script.
 */
const LIB_ENTRIES = {
  index: 'src/index.ts',
  define: 'src/define.ts',
  schemas: 'src/schemas.ts',
  react: 'src/react/index.ts',
  server: 'src/server/index.ts',
  sandbox: 'src/sandbox/index.ts',
  'sandbox-adapters': 'src/sandbox/adapters.ts',
  'sandbox-node': 'src/sandbox/node-server.ts',
  'sandbox-control': 'src/sandbox/control-client.ts',
};

/** Dependencies stay imports; hono (the sandbox's router) is bundled into the sandbox entries. */
const external = (id: string) =>
  /^(lit|lit-html|lit-element|@lit\/|@lit-labs\/|zod|react|react-dom|qrcode-generator|vite)(\/|$)/.test(id) ||
  id.startsWith('node:');

/**
 * CDN build: the classic-script entry (`verify-elements.iife.js`) is the module entry itself, rewritten to
 * run as a classic script: `import.meta.url` becomes the script's own URL and every `import("./x.js")` an
 * import of the absolute URL next to it (dynamic import works in classic scripts, with the tag's nonce).
 * So a page with the classic tag starts the elements' code and first requests straight from it, not one
 * round trip later from a loader. The module entry has no static imports (the element chunks do not
 * import it: see api/early.ts); anything else it cannot rewrite fails the build.
 */
const classicEntry: Plugin = {
  name: 'verify-elements-classic-entry',
  apply: 'build',
  enforce: 'post',
  generateBundle: {
    order: 'post',
    handler(_options, bundle) {
      const entry = Object.values(bundle).find(
        (c) => c.type === 'chunk' && c.fileName === 'verify-elements.js',
      );
      if (!entry || entry.type !== 'chunk') throw new Error('classicEntry: no verify-elements.js');
      if (entry.imports.length > 0)
        throw new Error(`classicEntry: the entry imports ${entry.imports.join(', ')}`);
      let code = entry.code
        .replace(/\/\/# sourceMappingURL=.*$/m, '')
        .replace(/export\s*\{[^}]*\};?\s*$/, '')
        .replace(/import\.meta\.url/g, '__ve_src')
        .replace(/import\((`|"|')(\.\/[^`"']+)\1\)/g, 'import(new URL($1$2$1,__ve_src).href)');
      if (/\bimport\s*[{*\w]|\bexport\b|import\.meta|import\((?!new URL\()/.test(code))
        throw new Error('classicEntry: the entry holds code a classic script cannot run');
      code =
        '/*! verify-elements (classic script) */\n(function(){var __ve_src=document.currentScript&&document.currentScript.src||location.href;\n' +
        code.trim() +
        '\n})();\n';
      this.emitFile({ type: 'asset', fileName: 'verify-elements.iife.js', source: code });
    },
  },
};

/**
 * CSS text without comments and without whitespace that CSS does not need; quoted strings are kept as
 * they are. Scanned in one pass, so an apostrophe inside a comment (`the box's border`) does not start a
 * string, and a `/*` inside a string does not start a comment.
 */
function minifyCss(text: string): string {
  const squeeze = (part: string) =>
    part
      .replace(/\s+/g, ' ')
      .replace(/ ?([{};,>]) ?/g, '$1')
      .replace(/: /g, ':')
      .replace(/;}/g, '}');
  let out = '';
  let plain = '';
  for (let i = 0; i < text.length;) {
    const ch = text[i]!;
    if (ch === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
      plain += ' ';
    } else if (ch === '"' || ch === "'") {
      let j = i + 1;
      while (j < text.length && text[j] !== ch) j += text[j] === '\\' ? 2 : 1;
      out += squeeze(plain) + text.slice(i, j + 1);
      plain = '';
      i = j + 1;
    } else {
      plain += ch;
      i++;
    }
  }
  return (out + squeeze(plain)).replace(/;}/g, '}');
}

/**
 * CDN build: shrinks the static text of Lit's `html` and `css` templates. In `html`, a run of
 * whitespace that holds a line break becomes one space (what HTML renders anyway; no `<pre>` here, and
 * textareas get their value as a property); `css` loses comments and needless whitespace. Expressions
 * (`${...}`) are left alone. Found with the TypeScript parser, so only real tagged templates change.
 */
const minifyTemplates: Plugin = {
  name: 'verify-elements-minify-templates',
  enforce: 'pre',
  transform(code, id) {
    if (!/\/src\/.*\.ts$/.test(id) || !/\b(html|css)`/.test(code)) return null;
    const file = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, true);
    const edits: { start: number; end: number; text: string }[] = [];
    const visit = (node: ts.Node) => {
      if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag)) {
        const tag = node.tag.text;
        if (tag === 'html' || tag === 'css') {
          const t = node.template;
          const parts = ts.isNoSubstitutionTemplateLiteral(t)
            ? [t]
            : [t.head, ...t.templateSpans.map((span) => span.literal)];
          for (const lit of parts) {
            // Raw text between the delimiters: ` or } before, ${ or ` after.
            const start = lit.getStart(file) + 1;
            const end = lit.end - (ts.isTemplateTail(lit) || ts.isNoSubstitutionTemplateLiteral(lit) ? 1 : 2);
            const raw = code.slice(start, end);
            const text = tag === 'css' ? minifyCss(raw) : raw.replace(/\s*\n\s*/g, ' ');
            if (text !== raw) edits.push({ start, end, text });
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
    if (edits.length === 0) return null;
    let out = code;
    for (const e of edits.sort((a, b) => b.start - a.start))
      out = out.slice(0, e.start) + e.text + out.slice(e.end);
    return { code: out, map: null };
  },
};

/**
 * CDN build: Vite wraps every `import()` in its preload helper, even with `modulePreload: false` and no
 * dependencies to preload (vitejs/vite#13952). Here every such call has an empty list, so the wrapper is
 * replaced by the plain `import()` and the helper chunk is dropped: one request less on the way from the
 * entry to the elements. Calls it cannot prove empty are left wrapped (and the helper kept). Replaced
 * text is padded with spaces to its old length, so the source maps stay valid.
 */
const unwrapPreloads: Plugin = {
  name: 'verify-elements-unwrap-preloads',
  apply: 'build',
  enforce: 'post',
  generateBundle: {
    // After Vite's own generateBundle, which fills in the dependency lists.
    order: 'post',
    handler(_options, bundle) {
      const helper = Object.values(bundle).find(
        (c) => c.type === 'chunk' && /(^|\/)preload-helper-[\w-]+\.js$/.test(c.fileName),
      );
      if (!helper) return;
      const base = helper.fileName.slice(helper.fileName.lastIndexOf('/') + 1);
      let stillUsed = false;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || chunk === helper) continue;
        // `import{t as n}from"./preload-helper-….js"`, or `import{t}from…` when the local name is the same.
        const imp = new RegExp(
          `import\\{\\s*(\\w+)(?: as ([\\w$]+))?\\s*\\}from"[./\\w-]*${base.replace('.', '\\.')}";?`,
        ).exec(chunk.code);
        if (!imp) continue;
        const id = (imp[2] ?? imp[1]!).replace(/\$/g, '\\$');
        const call = new RegExp(
          // `x(()=>import(\`./c.js\`).then(…)…,[])`: the `.then` calls may hold one level of parentheses; a
          // module in the importer's own chunk is `x(()=>Promise.resolve().then(()=>ns),void 0)`.
          `(?<![\\w$.])${id}\\(\\(\\)=>((?:import\\(\`[^\`]+\`\\)|Promise\\.resolve\\(\\)\\.then\\(\\(\\)=>[\\w$]+\\))(?:\\.then\\([^()]*(?:\\([^()]*\\)[^()]*)*\\))*),(?:\\[\\]|void 0)\\)`,
          'g',
        );
        // Padded with spaces to the same length, so the source map's columns stay right.
        let code = chunk.code.replace(call, (whole: string, load: string) => load.padEnd(whole.length));
        // Minified names are reused in inner scopes, so look for the wrapper's call shape, not the name.
        if (new RegExp(`(?<![\\w$.])${id}\\(\\(\\)=>`).test(code)) {
          stillUsed = true;
          chunk.code = code;
          continue;
        }
        code = code.replace(imp[0], '');
        chunk.code = code;
        chunk.imports = chunk.imports.filter((f) => f !== helper.fileName);
      }
      if (!stillUsed) delete bundle[helper.fileName];
    },
  },
};

/**
 * CDN build: no cycle among the chunks' static imports. In a cycle, the chunk whose `import()` finishes
 * first runs last, after the chunks it imports, which then read its bindings before they are set
 * (`var` in the output: `undefined`, not a TDZ error). Which `import()` finishes first depends on the
 * network, so such a build fails at random on slow links: 688df2e's kyb-screens and form-styles chunks
 * imported each other, and when form-styles' import won the race, the company step's `css` read the
 * upload styles as undefined ("Cannot read properties of undefined (reading '_$cssResult$')"), shown as
 * "Part of the form could not be downloaded". The chunk groups below must keep the graph acyclic.
 */
const acyclicChunks: Plugin = {
  name: 'verify-elements-acyclic-chunks',
  apply: 'build',
  enforce: 'post',
  generateBundle: {
    order: 'post',
    handler(_options, bundle) {
      const imports = new Map<string, string[]>();
      for (const c of Object.values(bundle)) if (c.type === 'chunk') imports.set(c.fileName, c.imports);
      const done = new Set<string>();
      const path: string[] = [];
      const visit = (file: string) => {
        const at = path.indexOf(file);
        if (at >= 0) {
          // Each chunk of the cycle with its modules, to see which group should take which module.
          const held = path
            .slice(at)
            .map((f) => `\n  ${f}: ${(bundle[f] as { moduleIds?: string[] }).moduleIds?.join(', ')}`);
          throw new Error(
            `acyclicChunks: chunks import each other: ${[...path.slice(at), file].join(' -> ')}${held.join('')}`,
          );
        }
        if (done.has(file)) return;
        path.push(file);
        for (const dep of imports.get(file) ?? []) visit(dep);
        path.pop();
        done.add(file);
      };
      for (const file of imports.keys()) visit(file);
    },
  },
};

/**
 * CDN build: every translation chunk is named `chunks/<locale>-<g><hash>.js`, `<g>` its message group's
 * letter (GROUP_LETTERS) and one 7-character hash for all of them (of all their code, imports included),
 * so the entry names a locale's first-screen translations from the locale alone (preloadGraph), not with
 * a table of 2 random hashes per locale (0.6 kB of gzip in the entry at 35 locales). Any change to any
 * translation chunk still changes every name. The new names are as long as Rolldown's (`de-B9mbzIDt.js`),
 * so the importers' source maps stay right after the rename.
 */
const GROUP_LETTERS: Record<string, string> = {
  kyb: 'k',
  age: 'a',
  'kyb-beneficiaries': 'b',
  'kyb-documents': 'd',
  'kyb-questionnaire': 'q',
};
const localeChunkNames: Plugin = {
  name: 'verify-elements-locale-chunk-names',
  apply: 'build',
  enforce: 'post',
  generateBundle: {
    order: 'post',
    handler(_options, bundle) {
      const GENERATED = /\/src\/i18n\/generated\/([\w-]+)\/([a-z]{2}(?:-[A-Za-z]+)?)\.ts$/;
      const found: { old: string; group: string; locale: string }[] = [];
      for (const c of Object.values(bundle)) {
        if (c.type !== 'chunk') continue;
        const own = c.moduleIds.filter((id) => !id.startsWith('\0'));
        const m = own.length === 1 ? GENERATED.exec(own[0]!) : null;
        if (m) found.push({ old: c.fileName, group: m[1]!, locale: m[2]! });
      }
      if (found.length === 0) return;
      const hash = createHash('sha256');
      for (const f of [...found].sort((a, b) => (a.old < b.old ? -1 : 1))) {
        const c = bundle[f.old];
        if (c?.type === 'chunk') hash.update(`${f.group}/${f.locale}\n${c.code}\n`);
      }
      const h = hash.digest('base64url').slice(0, 7);
      localeHash = h;
      const letter = (group: string) => {
        const l = GROUP_LETTERS[group];
        if (!l) throw new Error(`localeChunkNames: no letter for the message group ${group}`);
        return l;
      };
      const renames = new Map(found.map((f) => [f.old, `chunks/${f.locale}-${letter(f.group)}${h}.js`]));
      for (const [from, to] of renames)
        if (from.length !== to.length) throw new Error(`localeChunkNames: ${to} is not as long as ${from}`);
      const base = (file: string) => file.slice(file.lastIndexOf('/') + 1);
      // The importers (the groups' loader maps) ask for the new names.
      for (const c of Object.values(bundle)) {
        if (c.type !== 'chunk') continue;
        for (const [from, to] of renames)
          if (c.code.includes(`./${base(from)}`))
            c.code = c.code.split(`./${base(from)}`).join(`./${base(to)}`);
        c.imports = c.imports.map((f) => renames.get(f) ?? f);
        c.dynamicImports = c.dynamicImports.map((f) => renames.get(f) ?? f);
      }
      // Rolldown does not let a plugin rename a chunk: each is emitted again under its name (with its
      // source map) and the old one dropped.
      localeChunks = [];
      for (const f of found) {
        const to = renames.get(f.old)!;
        const c = bundle[f.old]!;
        if (c.type !== 'chunk') continue;
        const code = c.code.replace(/\/\/# sourceMappingURL=\S*\s*$/, '');
        const map = c.map ? { ...JSON.parse(c.map.toString()), file: base(to) } : null;
        this.emitFile({
          type: 'asset',
          fileName: to,
          source: map ? `${code}\n//# sourceMappingURL=${base(to)}.map\n` : code,
        });
        if (map) this.emitFile({ type: 'asset', fileName: `${to}.map`, source: JSON.stringify(map) });
        localeChunks.push({ file: to, group: f.group, locale: f.locale, imports: c.imports });
        delete bundle[f.old];
        delete bundle[`${f.old}.map`];
      }
      // Each group's loader map (`{es:()=>import(`./es-k<h>.js`),fr:...}`, 35 entries) becomes one
      // function over the list of locales, padded to the map's length so the importer's source map stays
      // right: 0.1 kB less gzip on each element's first path.
      const MAP = /\{((?:"?[\w-]+"?:\(\)=>import\(`\.\/[\w-]+-([a-z])(\w{7})\.js`\)\s*,?)+)\}/g;
      for (const c of Object.values(bundle)) {
        if (c.type !== 'chunk') continue;
        c.code = c.code.replace(MAP, (all, body: string, g: string, hh: string) => {
          const locales = [...body.matchAll(/"?([\w-]+)"?:\(\)/g)].map((m) => m[1]!);
          const same = (l: string) => body.includes(`./${l}-${g}${hh}.js\``);
          if (hh !== h || !locales.every(same)) return all;
          const fn = `Object.fromEntries(\`${locales.join(' ')}\`.split(\` \`).map(l=>[l,()=>import(\`./\${l}-${g}${h}.js\`)]))`;
          return fn.length <= all.length ? fn + ' '.repeat(all.length - fn.length) : all;
        });
      }
    },
  },
};
/** The translation chunks of the last CDN build, as localeChunkNames named them, and their common hash. */
let localeChunks: { file: string; group: string; locale: string; imports: string[] }[] = [];
let localeHash = '';

/**
 * CDN build: the entry learns each element's chunk graph, so it can preload it all at once
 * (`<link rel="modulepreload">`) instead of discovering it import by import (entry → element → shared →
 * first screens). Per element: its chunk, everything it imports statically, and the first-screen chunks it
 * loads at once (zod and its own schemas, `<kyb-form>`'s company step, `<age-check>`'s capture screens).
 * The list replaces the `__VE_PRELOAD__` placeholder in the entry.
 */
const preloadGraph: Plugin = {
  name: 'verify-elements-preload-graph',
  apply: 'build',
  enforce: 'post',
  generateBundle: {
    order: 'post',
    handler(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry && c.fileName === 'verify-elements.js');
      if (!entry) return;
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      // What the first screens need: zod and the element's schemas, the company step (with the KYB
      // schemas), the capture screens.
      const FIRST = /\/(kyb-screens|zod)-[\w-]+\.js$|^chunks\/screens-[\w-]+\.js$/;
      const closure = (start: string, out: Set<string>) => {
        if (out.has(start)) return;
        out.add(start);
        for (const dep of byFile.get(start)?.imports ?? []) closure(dep, out);
      };
      const graph: Record<string, string[]> = {};
      for (const tag of ['kyb-form', 'age-check']) {
        const define = entry.dynamicImports
          .map((f) => byFile.get(f))
          .find((c) => c?.moduleIds.some((id) => id.endsWith(`/src/${tag}/define.ts`)));
        if (!define) continue;
        const files = new Set<string>();
        closure(define.fileName, files);
        for (const dyn of define.dynamicImports) if (FIRST.test(dyn)) closure(dyn, files);
        // Only chunks whose code is this element's (the age check does not preload the KYB screens).
        files.delete(entry.fileName); // already here
        graph[tag] = [...files].filter((f) =>
          tag === 'kyb-form' ? !/chunks\/screens-/.test(f) : !/kyb-screens/.test(f),
        );
      }
      // The theme's code, which <kyb-form> loads when the service sets a theme (the loader sees it in the
      // early info), the custom fields' (when the info's flow has them); and the locales whose first-screen translations are `chunks/<locale>-k<i18n>.js`
      // and `chunks/<locale>-a<i18n>.js` (localeChunkNames gave them one hash, `i18n`).
      const theme = new Set<string>();
      for (const c of chunks)
        if (c.moduleIds.some((id) => id.endsWith('/src/theme/index.ts'))) closure(c.fileName, theme);
      const out: Record<string, unknown> = { ...graph };
      out.theme = [...theme].filter((f) => !graph['kyb-form']?.includes(f));
      // The custom fields' code, which <kyb-form> loads when the flow has custom company fields.
      const custom = new Set<string>();
      for (const c of chunks)
        if (c.moduleIds.some((id) => id.endsWith('/src/kyb-form/custom-fields.ts')))
          closure(c.fileName, custom);
      out.custom = [...custom].filter((f) => !graph['kyb-form']?.includes(f));
      // @lit/localize's runtime (i18n/locale-runtime.ts), which every locale but English loads.
      const l10n = new Set<string>();
      for (const c of chunks)
        if (c.moduleIds.some((id) => id.endsWith('/src/i18n/locale-runtime.ts'))) closure(c.fileName, l10n);
      const runtime = [...l10n].filter(
        (f) => !graph['kyb-form']?.includes(f) || !graph['age-check']?.includes(f),
      );
      if (runtime.length === 0) throw new Error('preloadGraph: no chunk holds i18n/locale-runtime.ts');
      out.l10n = runtime;
      // The first-screen chunks both elements load (Lit, zod): the entry runs them before the element's.
      out.shared = (graph['kyb-form'] ?? []).filter((f) => graph['age-check']?.includes(f));
      const found: Record<string, Set<string>> = {};
      for (const c of localeChunks) {
        if (c.group === 'common')
          throw new Error('preloadGraph: common messages now have chunks: preload them');
        if (c.group !== 'kyb' && c.group !== 'age') continue;
        // Only chunks both first screens load already (so the name alone is enough to preload it).
        if (!c.imports.every((f) => graph['kyb-form']?.includes(f) && graph['age-check']?.includes(f)))
          throw new Error(`preloadGraph: ${c.file} imports more than both first screens load`);
        (found[c.locale] ??= new Set()).add(c.group);
      }
      const locales = Object.keys(found).sort();
      for (const l of locales)
        if (found[l]!.size !== 2)
          throw new Error(`preloadGraph: ${l} lacks a first-screen translation chunk`);
      out.locales = locales;
      out.i18n = localeHash;
      firstScreens = graph; // for the release's head snippet (cdnRelease)
      // A JSON string in single quotes: no escaping of its double quotes (file names hold neither ' nor \).
      const json = JSON.stringify(out);
      if (/['\\\n]/.test(json)) throw new Error('preloadGraph: unexpected character in the graph');
      const literal = `'${json}'`;
      const placeholder = /(["'`])__VE_PRELOAD__\1/;
      if (!placeholder.test(entry.code)) throw new Error('preloadGraph: placeholder not found');
      entry.code = entry.code.replace(placeholder, () => literal);
    },
  },
};

/** Each element's first-screen chunks, as preloadGraph found them in the last CDN build. */
let firstScreens: FirstScreens = {};

/**
 * CDN build: once the files are written, the release's integrity manifest (sha384 of every file) and the
 * partner's head snippet (import map with integrity, preloads, the entry's tag): scripts/cdn-release.ts.
 */
const cdnRelease: Plugin = {
  name: 'verify-elements-cdn-release',
  apply: 'build',
  writeBundle(options) {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { name: string; version: string };
    writeRelease(options.dir ?? 'dist/cdn', pkg.name, pkg.version, firstScreens);
  },
};

/** Rewrites `./x.ts` specifiers in emitted declarations to `./x.js` (what consumers resolve). */
function rewriteDeclarations(dir: string): void {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) rewriteDeclarations(file);
    else if (name.endsWith('.d.ts')) {
      const text = readFileSync(file, 'utf8');
      const next = text.replace(/(from\s+|import\()(['"])(\.{1,2}\/[^'"]+)\.ts\2/g, '$1$2$3.js$2');
      if (next !== text) writeFileSync(file, next);
    }
  }
}

/**
 * After the lib build: type declarations (tsc, tsconfig.build.json) and the custom-elements manifest
 * (@custom-elements-manifest/analyzer), keeping only the elements' own events in it.
 */
const declarationsAndManifest: Plugin = {
  name: 'verify-elements-declarations-and-manifest',
  apply: 'build',
  closeBundle() {
    const node = process.execPath;
    execFileSync(node, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], {
      stdio: 'inherit',
    });
    rewriteDeclarations('dist/types');
    execFileSync(
      node,
      [
        'node_modules/@custom-elements-manifest/analyzer/cem.js',
        'analyze',
        '--litelement',
        '--quiet',
        '--globs',
        'src/kyb-form/kyb-form.ts',
        'src/age-check/age-check.ts',
        '--outdir',
        'dist',
      ],
      { stdio: 'inherit' },
    );
    const manifestPath = 'dist/custom-elements.json';
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
      modules: { declarations?: { events?: { name: string }[] }[] }[];
    };
    for (const mod of manifest.modules)
      for (const decl of mod.declarations ?? [])
        if (decl.events) decl.events = decl.events.filter((e) => /^(kyb|age-check)-/.test(e.name));
    writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
  },
};

/** `<age-check>`'s hosted-mode return page, shipped as files for partners to host: `dist/age-check/`. */
const returnPage: Plugin = {
  name: 'verify-elements-age-check-return-page',
  apply: 'build',
  generateBundle() {
    for (const name of ['return-page.html', 'return-page.js'])
      this.emitFile({
        type: 'asset',
        fileName: `age-check/${name}`,
        source: readFileSync(`src/age-check/${name}`, 'utf8'),
      });
  },
};

export default defineConfig(({ command, mode }): UserConfig => {
  if (command === 'serve' || mode === 'demo') {
    const sandbox = createSandbox({ basePath: '/sandbox' });
    return {
      root: 'demo',
      publicDir: false,
      server: { host: '127.0.0.1', port: 5173, strictPort: false },
      preview: { host: '127.0.0.1', port: 4173 },
      plugins: [sandboxVitePlugin({ sandbox }), partnerBackend({ sandbox })],
    };
  }
  if (mode === 'cdn') {
    return {
      publicDir: false,
      build: {
        outDir: 'dist/cdn',
        emptyOutDir: true,
        // The supported browsers (package.json "browserslist"); see browser-targets.ts.
        target: esbuildTargets(),
        sourcemap: true,
        minify: true,
        modulePreload: false,
        rollupOptions: {
          input: 'src/cdn.ts',
          preserveEntrySignatures: 'allow-extension',
          // @lit/localize's package declares no `sideEffects`, so its runtime (configureLocalization, kept
          // for a module-level statement) would ride along with every `msg` import. None of its modules acts
          // on import: what a page does not call stays out (the runtime is i18n/locale-runtime.ts's chunk).
          treeshake: {
            moduleSideEffects: (id: string) =>
              /node_modules\/@lit\/localize\//.test(id) ? false : undefined,
          },
          output: {
            entryFileNames: 'verify-elements.js',
            chunkFileNames: 'chunks/[name]-[hash].js',
            codeSplitting: {
              // What loads in parallel with the first request is grouped so that no lazy chunk waits
              // on another one (each of these only imports the shell, or a group already in flight).
              includeDependenciesRecursively: false,
              groups: [
                // Vite's preload helper in a chunk of its own, so unwrapPreloads can drop it.
                { name: 'preload-helper', test: /preload-helper/ },
                // zod and the schema helpers both elements use; then each element's schemas, so a page
                // with only an age check downloads no KYB schema (and the other way round).
                { name: 'zod', test: /node_modules\/zod\/|src\/api\/common\.ts$/ },
                {
                  name: 'kyb-schemas-steps',
                  test: /src\/api\/(kyb|kyb-people|kyb-company-write|document-types)\.ts$/,
                },
                // <age-check>'s first screen: one chunk with the element and its runtime, the capture page's
                // schemas, and the parts its later chunks share too (machine-session.ts, parts.ts, chunks.ts),
                // instead of a chunk of their own on the first path.
                {
                  name: 'define',
                  test: /src\/age-check\/(define|age-check|runtime|shell|styles|chunks|hosted-loader|events|machine-session|parts)\.ts$|src\/api\/age-(client|capture)\.ts$|src\/i18n\/generated\/age\/index\.ts$/,
                },
                // <kyb-form>'s first screen in one chunk: the element, its runtime and shell, the company
                // step and its styles, and the first screen's schemas (info, company, flow; the steps'
                // schemas load after it). All of it is needed before the first field shows, and every later
                // KYB chunk comes after it: one file, one gzip dictionary (the element's own chunk and the
                // company step's apart were 1.0 kB more, bench/outside.ts).
                {
                  name: 'kyb-screens',
                  test: /src\/kyb-form\/(company\/|controls\/country-options\.ts|form-styles\.ts|field\.ts|format\.ts|saving\/(autosave|unsaved)\.ts|(define|kyb-form|styles|form-reducer|chunks|token-result)\.ts$|shell\/(view|chrome|texts|frame|progress|saves|step-view|events)\.ts$|runtime\/(runtime|session|navigation|open|rules)\.ts$)|src\/api\/(countries|theme-colors|kyb-core-client|kyb-(company|flow|form-summary))\.ts$|src\/i18n\/(generated\/kyb\/index|plural)\.ts$|src\/theme\/(css-props|no-theme)\.ts$|node_modules\/lit-html\/directive\.js$/,
                },
                // The custom fields' controls and checks: with the info, only for a flow that has them.
                { name: 'custom-fields', test: /src\/kyb-form\/custom-fields\.ts$/ },
                // The save engine, with the first change (saving/autosave.ts loads it).
                {
                  name: 'kyb-saving',
                  test: /src\/kyb-form\/saving\/(engine|backoff|late-writes|write-key)\.ts$/,
                },
                // After the first screen: the review, the submit, the later steps' shared styles.
                {
                  name: 'kyb-review',
                  test: /src\/kyb-form\/(shell\/(review-(submit|view)|session-warning|info-request)\.ts|runtime\/submit\.ts|review\/|upload\/styles\.ts|controls\/country-multi-styles\.ts|step-styles\.ts)/,
                },
                // Only for a page that sets texts or registers a locale: the partner's texts, their checks and
                // the message catalogue, in one round trip.
                {
                  name: 'texts',
                  test: /src\/i18n\/(texts|texts-check|generated\/catalogue)\.ts$/,
                },
                // Only for a service that sets a theme.
                { name: 'theme', test: /src\/theme\/(index|contrast)\.ts$/ },
              ],
            },
          },
        },
      },
      plugins: [
        minifyTemplates,
        unwrapPreloads,
        localeChunkNames,
        acyclicChunks,
        preloadGraph,
        classicEntry,
        cdnRelease,
      ],
    };
  }
  return {
    publicDir: false,
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: esbuildTargets(),
      sourcemap: true,
      minify: false,
      lib: { entry: LIB_ENTRIES, formats: ['es'] },
      rollupOptions: { external, output: { chunkFileNames: 'chunks/[name]-[hash].js' } },
    },
    plugins: [declarationsAndManifest, returnPage],
  };
});

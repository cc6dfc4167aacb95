/**
 * `npm run localize:build` (Node, not shipped): turns the XLIFF translations in locales/ into the small
 * locale chunks the elements load on demand.
 *
 * @lit/localize's own runtime output keys every message by its 17-character hash id (`s0123456789abcdef`)
 * and puts all messages of a locale in one module. This step, run after `lit-localize build` (which writes
 * to a cache folder), rewrites that output:
 *   - one module per locale and message group: `age` (messages written in src/age-check/), `kyb`
 *     (src/kyb-form/) and `common` (everything else, or used by both), so a page with only an age check
 *     never downloads the business form's texts;
 *   - keys shortened to the shortest prefix of the hash that is still unique among all source messages
 *     (`KEY_LENGTH`, checked here; src/i18n/index.ts looks messages up by that prefix).
 * The output in src/i18n/generated/ is committed; `npm run localize:check` rebuilds it. A file is written
 * only when its text changes (and files no longer generated are removed), so a run that changes nothing
 * touches nothing: a running `vite` demo does not reload.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readConfigFileAndWriteSchema } from '@lit/localize-tools/lib/config.js';
import { RuntimeLitLocalizer } from '@lit/localize-tools/lib/modes/runtime.js';
import { extractMessagesFromProgram } from '@lit/localize-tools/lib/program-analysis.js';
import type ts from 'typescript';
import type { ProgramMessage } from '@lit/localize-tools/lib/messages.js';
import type { RuntimeOutputConfig } from '@lit/localize-tools/lib/types/modes.js';
import { writeIfChanged } from '../../scripts/write-if-changed.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const OUT = join(ROOT, 'src/i18n/generated');
const CACHE = join(ROOT, 'node_modules/.cache/verify-elements-localize');
/** `kyb-*` groups travel with the lazily loaded steps of `<kyb-form>` (see STEP_MODULES there). */
export const GROUPS = [
  'common',
  'age',
  'kyb',
  'kyb-beneficiaries',
  'kyb-documents',
  'kyb-questionnaire',
] as const;
type Group = (typeof GROUPS)[number];

/** The message group of a source file. */
export function groupOf(file: string): Group {
  const rel = relative(join(ROOT, 'src'), file).replaceAll('\\', '/');
  if (rel.startsWith('age-check/')) return 'age';
  const step = /^kyb-form\/(beneficiaries|documents|questionnaire)\//.exec(rel);
  if (step) return `kyb-${step[1] as 'beneficiaries' | 'documents' | 'questionnaire'}`;
  if (rel.startsWith('kyb-form/')) return 'kyb';
  return 'common';
}

/**
 * The groups a message used in several places goes to: a step's message also used by the `<kyb-form>`
 * shell goes to the shell's group (always loaded with the steps); one used by both elements goes to
 * both groups (a copy is cheaper than another request).
 */
export function mergeGroups(groups: ReadonlySet<Group>): Set<Group> {
  const out = new Set(groups);
  if (out.has('kyb')) for (const g of out) if (g.startsWith('kyb-')) out.delete(g);
  return out;
}

/** The shortest prefix length (after the leading `s`) that keeps every id distinct; at least 4. */
export function shortestUniqueKeyLength(ids: readonly string[]): number {
  for (let n = 4; n <= 16; n++) {
    if (new Set(ids.map((id) => id.slice(1, 1 + n))).size === new Set(ids).size) return n;
  }
  throw new Error('message ids are not unique');
}

type StrResult = { strTag: true; strings: readonly string[]; values: readonly number[] };
type Template = string | StrResult;

const escapeTemplate = (s: string) => s.replace(/[\\`]/g, '\\$&').replace(/\$\{/g, '\\${');

/** Source text of one translated message, as `str` tagged template or string literal. */
function literal(value: Template): string {
  if (typeof value === 'string') return JSON.stringify(value);
  let out = escapeTemplate(value.strings[0] ?? '');
  value.values.forEach((v, i) => (out += `\${${v}}` + escapeTemplate(value.strings[i + 1] ?? '')));
  return `str\`${out}\``;
}

/** Every use of every message, file by file (the localizer's own list keeps one use per message). */
function messageUses(program: ts.Program) {
  const uses = new Map<string, Set<Group>>();
  const where = new Map<string, Set<string>>();
  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile) continue;
    const single = { getSourceFiles: () => [file], getTypeChecker: () => program.getTypeChecker() };
    for (const m of extractMessagesFromProgram(single as unknown as ts.Program).messages) {
      uses.set(m.name, (uses.get(m.name) ?? new Set()).add(groupOf(file.fileName)));
      where.set(
        m.name,
        (where.get(m.name) ?? new Set()).add(relative(ROOT, file.fileName).replaceAll('\\', '/')),
      );
    }
  }
  return { uses, where };
}

/**
 * The names a partner writes a message's placeholders with in an override (`{name}`): the expression's
 * last identifier (`state.filename` is `{filename}`, `issues.length` `{issuesCount}`), else its position
 * (`{0}`); a name already taken by another expression of the message also becomes its position.
 */
export function placeholderNames(message: Pick<ProgramMessage, 'contents'>): string[] {
  const names: string[] = [];
  const exprs: string[] = [];
  for (const part of message.contents) {
    if (typeof part === 'string') continue;
    const expr = part.untranslatable.replace(/^\$\{|\}$/g, '').trim();
    const path = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/.test(expr) ? expr.split('.') : null;
    let name = path ? path.at(-1)! : String(names.length);
    if (path && name === 'length' && path.length > 1) name = `${path.at(-2)!}Count`;
    const seen = names.indexOf(name);
    if (seen >= 0 && exprs[seen] !== expr) name = String(names.length);
    names.push(name);
    exprs.push(expr);
  }
  return names;
}

/** English text of a message with its placeholders as `{name}`. */
export function englishText(message: Pick<ProgramMessage, 'contents'>): string {
  const names = placeholderNames(message);
  let i = 0;
  return message.contents.map((p) => (typeof p === 'string' ? p : `{${names[i++]!}}`)).join('');
}

/**
 * `catalogue.ts`: every message id with its placeholder names (0: none), for checking overrides and
 * registered locales (a chunk loaded only when a page uses them), and the `MessageId` type.
 */
function catalogueModule(messages: readonly ProgramMessage[]): string {
  const body = [...messages]
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .map((m) => {
      const names = placeholderNames(m);
      return `  ${/^\w+$/.test(m.name) ? m.name : `'${m.name}'`}: ${names.length ? JSON.stringify(names).replaceAll('"', "'") : 0},`;
    })
    .join('\n');
  return (
    `// Generated by src/i18n/build-locales.ts from the msg() calls of src/. Do not edit.\n\n` +
    `/** Every message id, with the names of its placeholders (0: none). */\n` +
    `export const catalogue: Readonly<Record<string, 0 | readonly string[]>> = {\n${body}\n};\n\n` +
    `/** The id of a message (docs/texts.md lists them with their English text). */\n` +
    `export type MessageId =\n${[...messages]
      .map((m) => m.name)
      .sort()
      .map((id) => `  | '${id}'`)
      .join('\n')};\n`
  );
}

const ELEMENT_OF: Record<Group, string> = {
  common: 'both elements',
  age: '`<age-check>`',
  kyb: '`<kyb-form>`',
  'kyb-beneficiaries': '`<kyb-form>`, people step',
  'kyb-documents': '`<kyb-form>`, documents step',
  'kyb-questionnaire': '`<kyb-form>`, questionnaire step',
};

/** docs/texts.md: every message id with its English text and where it shows. */
export function textsDoc(
  messages: readonly ProgramMessage[],
  where: ReadonlyMap<string, ReadonlySet<string>>,
): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const rows = [...messages]
    .map((m) => {
      const files = [...(where.get(m.name) ?? [])].sort();
      const groups = mergeGroups(new Set(files.map((f) => groupOf(join(ROOT, f)))));
      const shows = [...groups].map((g) => ELEMENT_OF[g]).join('; ');
      const note = m.desc ? ` (${m.desc})` : '';
      return {
        key: `${files[0] ?? ''} ${m.name}`,
        row: `| \`${m.name}\` | ${cell(englishText(m))}${cell(note)} | ${shows}: ${files.map((f) => `\`${f.replace(/^src\//, '')}\``).join(', ')} |`,
      };
    })
    .sort((a, b) => (a.key < b.key ? -1 : 1))
    .map((r) => r.row);
  return `# Texts: every message id

[README](../README.md) · generated by \`npm run localize:check\` (src/i18n/build-locales.ts) from the
\`msg()\` calls of \`src/\`; do not edit (test/node/texts-doc.test.ts keeps it current).

A partner replaces any of these texts with the \`texts\` property (or a \`texts-id\` script block) of
\`<kyb-form>\` and \`<age-check>\`, per locale, and brings a language with \`registerLocale\`
(see the README's localization section). An override must keep every placeholder of the
English text (\`{name}\`), and is rendered as text, never HTML. The id of a text changes when its English
wording changes (it is a hash of it): the \`MessageId\` type makes a stale id a type error.

${messages.length} texts, ordered by the file that shows them.

| Id | English text | Shows in |
| --- | --- | --- |
${rows.join('\n')}
`;
}

/** The source messages of src/ and the files each is used in, without building (for the docs test). */
export function sourceMessages(): { messages: ProgramMessage[]; where: Map<string, Set<string>> } {
  const config = readConfigFileAndWriteSchema(join(ROOT, 'lit-localize.json'));
  const output = config.output as RuntimeOutputConfig;
  const localizer = new RuntimeLitLocalizer({
    ...config,
    output: { ...output, outputDir: CACHE, localeCodesModule: join(CACHE, 'locale-codes.ts') },
  });
  const program = (localizer as unknown as { program: ts.Program }).program;
  return { messages: localizer.extractSourceMessages().messages, where: messageUses(program).where };
}

/** Every file below `dir`, as paths relative to it. */
function filesBelow(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => relative(dir, join(d.parentPath, d.name)));
  } catch {
    return [];
  }
}

/**
 * Generates the locale modules into `out` (default src/i18n/generated/); returns the files it wrote and
 * removed (both empty when the output was up to date).
 */
export async function buildLocales(out = OUT): Promise<{ written: string[]; removed: string[] }> {
  const config = readConfigFileAndWriteSchema(join(ROOT, 'lit-localize.json'));
  const output = config.output as RuntimeOutputConfig;
  rmSync(CACHE, { recursive: true, force: true });
  const localizer = new RuntimeLitLocalizer({
    ...config,
    output: { ...output, outputDir: CACHE, localeCodesModule: join(CACHE, 'locale-codes.ts') },
  });
  localizer.assertTranslationsAreValid();
  await localizer.build();
  const program = (localizer as unknown as { program: ts.Program }).program;
  const { uses, where } = messageUses(program);
  const groupsOfId = new Map([...uses].map(([id, groups]) => [id, mergeGroups(groups)]));
  const sourceMessages = localizer.extractSourceMessages().messages;
  if (groupsOfId.size !== sourceMessages.length)
    throw new Error("messages found per file differ from the localizer's");
  const keyLength = shortestUniqueKeyLength([...groupsOfId.keys()]);
  const inGroup = (group: Group) => [...groupsOfId].filter(([, gs]) => gs.has(group)).map(([id]) => id);

  const files = new Map<string, string>();
  files.set('locale-codes.ts', readFileSync(join(CACHE, 'locale-codes.ts'), 'utf8'));
  const header = `// Generated by src/i18n/build-locales.ts from locales/*.xlf. Do not edit.\n`;
  const locales = config.targetLocales as string[];
  for (const group of GROUPS) {
    const ids = new Set(inGroup(group));
    for (const locale of ids.size > 0 ? locales : []) {
      const mod = (await import(pathToFileURL(join(CACHE, `${locale}.ts`)).href)) as {
        templates: Record<string, Template>;
      };
      const entries = Object.entries(mod.templates)
        .filter(([id]) => ids.has(id))
        .sort(([a], [b]) => (a < b ? -1 : 1));
      const usesStr = entries.some(([, v]) => typeof v !== 'string');
      const body = entries.map(([id, v]) => `  '${id.slice(1, 1 + keyLength)}': ${literal(v)},`).join('\n');
      files.set(
        join(group, `${locale}.ts`),
        `${header}${usesStr ? "import { str } from '@lit/localize';\n" : ''}\nexport const t = {\n${body}\n};\n`,
      );
    }
    const empty = ids.size === 0;
    const loaders = locales
      .map((l) => (/^\w+$/.test(l) ? l : `'${l}'`))
      .map((k, i) => (empty ? `  ${k}: none,` : `  ${k}: () => import('./${locales[i]}.ts'),`))
      .join('\n');
    files.set(
      join(group, 'index.ts'),
      `${header}import type { MessageLoaders } from '../../index.ts';\n\n` +
        (empty
          ? `/** No messages in this group (yet). */\nconst none = () => Promise.resolve({ t: {} });\n\n`
          : '') +
        `/** The ${group} messages of each target locale, each a chunk loaded on demand. */\n` +
        `export const messages: MessageLoaders = {\n${loaders}\n};\n`,
    );
  }
  files.set('catalogue.ts', catalogueModule(sourceMessages));
  writeIfChanged(join(ROOT, 'docs/texts.md'), textsDoc(sourceMessages, where));
  files.set(
    'key-length.ts',
    `${header}\n/** Characters of a message's hash id (after the leading "s") that key it in a locale chunk. */\nexport const KEY_LENGTH = ${keyLength};\n`,
  );
  const written = [...files].filter(([file, text]) => writeIfChanged(join(out, file), text)).map(([f]) => f);
  const removed = filesBelow(out).filter((f) => !files.has(f));
  for (const f of removed) rmSync(join(out, f));
  const counts = GROUPS.map((g) => `${g} ${inGroup(g).length}`);
  console.log(
    `Locales: ${locales.length} × ${groupsOfId.size} messages (${counts.join(', ')}), keys of ${keyLength}; ` +
      `${written.length} files written, ${removed.length} removed`,
  );
  return { written, removed };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildLocales();

// Commands for the accessibility suite (test/browser/a11y-*.test.ts), for Chromium (puppeteer):
//   a11y-media  {forcedColors?: 'active'|'none', reducedMotion?: 'reduce'|'no-preference'}: emulated
//               through the DevTools protocol (the stock emulateMedia command cannot set forced-colors
//               under puppeteer);
//   a11y-report {group, rows}: the suite's per-state table, written to bench/results/a11y-suite.md (every
//               group's rows, merged through bench/results/a11y-suite.json).
import { mkdir, readFile, writeFile } from 'node:fs/promises';

const RESULTS = new URL('../../bench/results/', import.meta.url);
const HEAD =
  '| element | state | axe (WCAG 2.2 A/AA) | reflow 320x256 | 200 % text | text spacing | target size | focus visible (Tab stops) | forced colours | reduced motion | live regions | failures |';

function markdown(groups) {
  const lines = [
    '# Accessibility suite: states × criteria',
    '',
    'Written by the accessibility suite (`test/browser/a11y-suite*.test.ts`, Chromium). Each cell is the number of',
    'problems found (0 = passes), the focus cell also the number of Tab stops checked; "live regions" is what was',
    'announced while the state settled. See docs/accessibility.md.',
    '',
    HEAD,
    `|${HEAD.split('|')
      .slice(1, -1)
      .map(() => '---')
      .join('|')}|`,
  ];
  let states = 0;
  let failures = 0;
  for (const group of Object.keys(groups).sort())
    for (const r of groups[group]) {
      states++;
      failures += r.failures;
      lines.push(
        `| ${r.element} | ${r.state} | ${r.axe} | ${r.reflow} | ${r.text200} | ${r.spacing} | ${r.targets} | ${r.focus} (${r.stops}) | ${r.forced} | ${r.motion} | ${r.live.replace(/\|/g, '/')} | ${r.failures} |`,
      );
    }
  lines.push('', `${states} states, ${failures} failures.`, '');
  return lines.join('\n');
}

const sessions = new WeakMap();
const media = new WeakMap();

export function a11yPlugin() {
  return {
    name: 'a11y-commands',
    async executeCommand({ command, payload, session }) {
      if (command === 'a11y-media') {
        if (session.browser.type !== 'puppeteer') throw new Error('a11y-media: Chromium (puppeteer) only');
        const page = session.browser.getPage(session.id);
        // One session per page, kept open: detaching a session drops the emulation it set.
        let cdp = sessions.get(page);
        if (!cdp) sessions.set(page, (cdp = await page.createCDPSession()));
        const features = [];
        if (payload.forcedColors) features.push({ name: 'forced-colors', value: payload.forcedColors });
        if (payload.reducedMotion)
          features.push({ name: 'prefers-reduced-motion', value: payload.reducedMotion });
        // Both features every time: a feature left out goes back to the real value.
        media.set(page, {
          ...media.get(page),
          ...Object.fromEntries(features.map((f) => [f.name, f.value])),
        });
        await cdp.send('Emulation.setEmulatedMedia', {
          features: Object.entries(media.get(page)).map(([name, value]) => ({ name, value })),
        });
        return true;
      }
      if (command === 'a11y-report') {
        const { group, rows } = payload;
        if (!/^[\w-]+$/.test(group) || !Array.isArray(rows)) throw new Error('a11y-report: bad payload');
        await mkdir(RESULTS, { recursive: true });
        const jsonFile = new URL('a11y-suite.json', RESULTS);
        let groups = {};
        try {
          groups = JSON.parse(await readFile(jsonFile, 'utf8'));
        } catch {
          groups = {};
        }
        groups[group] = rows;
        await writeFile(jsonFile, `${JSON.stringify(groups, null, 2)}\n`);
        await writeFile(new URL('a11y-suite.md', RESULTS), markdown(groups));
        return true;
      }
      return undefined;
    },
  };
}

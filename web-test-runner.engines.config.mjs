// The browser tests that also run in Firefox (Debian's firefox-esr, WebDriver BiDi) and WebKit (WebKitGTK,
// WebDriver): both elements' main flows, the questionnaire conditions, theming and the focus indicator.
// Same server, sandbox and page as the Chromium config (web-test-runner.config.mjs), which runs every file.
import base from './web-test-runner.config.mjs';
import { firefoxLauncher } from './test/support/firefox-launcher.ts';
import { webkitLauncher } from './test/support/webkit-launcher.ts';

export const ENGINE_FILES = [
  'test/browser/kyb-form.test.ts',
  'test/browser/kyb-form-flow.test.ts',
  'test/browser/kyb-form-submit.test.ts',
  'test/browser/kyb-questionnaire.test.ts',
  'test/browser/age-check.test.ts',
  'test/browser/theming.test.ts',
  'test/browser/focus.test.ts',
  'test/browser/kyb-country-options.test.ts',
  'test/browser/a11y-engines.test.ts',
  // After a11y-engines: run before it, this file's resizes of the test window left WebKit drawing no
  // :focus-visible ring at a11y-engines' Tab stops.
  'test/browser/kyb-progress-shift.test.ts',
  // Last: its real mouse presses leave the engines' focus modality on "pointer", and WebKit then drew no
  // :focus-visible ring at a11y-engines' Tab stops (1 full run in 2).
  'test/browser/kyb-saving-click.test.ts',
];

const only = process.env.ENGINES?.split(',');
const launchers = { firefox: firefoxLauncher, webkit: webkitLauncher };

export default {
  ...base,
  files: ENGINE_FILES,
  // WebKitGTK's mock camera takes seconds to deliver its first frame (each photo waits for it): a flow
  // with four photos needs more than the Chromium run's 20 s per test.
  testFramework: { config: { ...base.testFramework?.config, timeout: 60000 } },
  // One browser at a time on a 2-core machine: each runs its files one by one, as in the Chromium run.
  concurrentBrowsers: 1,
  browsers: Object.entries(launchers)
    .filter(([name]) => !only || only.includes(name))
    .map(([, launch]) => launch()),
};

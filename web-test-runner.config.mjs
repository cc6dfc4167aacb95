// Browser tests: real Chromium (Debian's), talking to the sandbox service over real HTTP.
// The sandbox is mounted under /sandbox on the test server itself (same origin, no CORS).
import { chromeLauncher } from '@web/test-runner-chrome';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { CHROMIUM_FLAGS, chromePath } from './test/support/check-chrome.mjs';
import { createSandbox } from './src/sandbox/index.ts';
import { koaMiddleware } from './src/sandbox/adapters.ts';
import { testEndpoints } from './test/support/test-endpoints.mjs';
import { a11yPlugin } from './test/support/a11y-plugin.mjs';

const executablePath = chromePath();
if (!executablePath) {
  console.error('Chromium not found: set CHROME_PATH or install Debian\'s "chromium" package.');
  process.exit(1);
}

export const chromeFlags = [
  '--headless=new',
  ...CHROMIUM_FLAGS,
  // Test files run in tabs of one browser: keep every tab's timers and rendering at full speed.
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
];

const sandbox = createSandbox({ basePath: '/sandbox' });

export default {
  files: ['test/browser/**/*.test.ts'],
  nodeResolve: true,
  // One test file at a time: a background tab is `hidden` (the age check stops its camera then, by
  // design) and a 2-core machine gains little from parallel tabs.
  concurrency: 1,
  hostname: '127.0.0.1',
  testFramework: { config: { timeout: 20000 } },
  testsFinishTimeout: 600000,
  browserStartTimeout: 60000,
  middleware: [testEndpoints(), koaMiddleware(sandbox)],
  // A test that presses "View" on a document would open a real tab; it would stay in front and leave every
  // later test page hidden (the age check rightly stops its camera then). Popups are recorded instead.
  testRunnerHtml: (testFramework) => `<!doctype html><html><head><script>
    window.__opened = [];
    window.open = function () { window.__opened.push([].slice.call(arguments)); return null; };
  </script></head><body><script type="module" src="${testFramework}"></script></body></html>`,
  plugins: [esbuildPlugin({ ts: true, target: 'es2022', tsconfig: './tsconfig.json' }), a11yPlugin()],
  browsers: [chromeLauncher({ launchOptions: { executablePath, headless: true, args: chromeFlags } })],
};

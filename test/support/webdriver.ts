/**
 * WebKit for tests: Debian's WebKitGTK (`webkit2gtk-driver`: WebKitWebDriver + MiniBrowser) driven over
 * W3C WebDriver with plain `fetch`, headless through Xvfb. Used by the test runner's WebKit launcher
 * (webkit-launcher.ts) and by the Node tests that load the CDN bundle in every engine (engines.ts).
 *
 * MiniBrowser needs `--automation` (without it the session never starts); `--enable-mock-capture-devices`
 * gives it a mock camera. Its windows are at least about 447 px wide: phone widths go in an iframe.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER =
  process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const XVFB = '/usr/bin/Xvfb';

/** Why WebKit cannot run here, or null when it can. */
export function webkitMissing(): string | null {
  if (!existsSync(WEBKIT_DRIVER)) return `${WEBKIT_DRIVER} missing: apt-get install webkit2gtk-driver`;
  if (!existsSync(MINIBROWSER)) return `${MINIBROWSER} missing: apt-get install webkit2gtk-driver`;
  if (!process.env.DISPLAY && !existsSync(XVFB)) return `${XVFB} missing (no DISPLAY): apt-get install xvfb`;
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Starts Xvfb on a display it picks itself (`-displayfd`); resolves with ":N". */
function startXvfb(): Promise<{ display: string; proc: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(XVFB, ['-displayfd', '3', '-screen', '0', '1600x1200x24', '-nolisten', 'tcp'], {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    });
    let out = '';
    proc.once('error', reject);
    proc.once('exit', (code) => reject(new Error(`Xvfb exited (${code})`)));
    proc.stdio[3]!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve({ display: `:${out.trim()}`, proc });
    });
  });
}

const KEYS: Record<string, string> = {
  Tab: '\uE004',
  Enter: '\uE007',
  Space: ' ',
  ' ': ' ',
  Escape: '\uE00C',
  Backspace: '\uE003',
  Delete: '\uE017',
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
  Home: '\uE011',
  End: '\uE010',
  PageUp: '\uE00E',
  PageDown: '\uE00F',
  Shift: '\uE008',
  Control: '\uE009',
  Alt: '\uE00A',
  Meta: '\uE03D',
};

/** One WebDriver session (one MiniBrowser window) with the driver and Xvfb it started. */
export class WebKitSession {
  #base = '';
  #procs: ChildProcess[] = [];

  static async start(): Promise<WebKitSession> {
    const missing = webkitMissing();
    if (missing) throw new Error(`WebKit cannot run: ${missing}`);
    const s = new WebKitSession();
    try {
      await s.#start();
    } catch (e) {
      await s.close();
      throw e;
    }
    return s;
  }

  async #start() {
    let display = process.env.DISPLAY;
    if (!display) {
      const x = await startXvfb();
      this.#procs.push(x.proc);
      display = x.display;
    }
    const port = await freePort();
    const driver = spawn(WEBKIT_DRIVER, [`--port=${port}`, '--host=127.0.0.1'], {
      env: { ...process.env, DISPLAY: display },
      stdio: 'ignore',
    });
    this.#procs.push(driver);
    const root = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      try {
        const res = await fetch(`${root}/status`);
        if (res.ok) break;
      } catch {
        if (i > 100) throw new Error('WebKitWebDriver did not start');
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const created = (await this.#request(root, 'POST', '/session', {
      capabilities: {
        alwaysMatch: {
          'webkitgtk:browserOptions': {
            binary: MINIBROWSER,
            args: ['--automation', '--enable-media-stream=true', '--enable-mock-capture-devices=true'],
          },
          timeouts: { script: 60000, pageLoad: 60000 },
        },
      },
    })) as { sessionId: string };
    this.#base = `${root}/session/${created.sessionId}`;
  }

  async #request(base: string, method: string, path: string, body?: unknown): Promise<unknown> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json().catch(() => ({}))) as { value?: { error?: string; message?: string } };
    if (!res.ok) throw new Error(`WebDriver ${method} ${path}: ${json.value?.error} ${json.value?.message}`);
    return json.value;
  }

  #cmd(method: string, path: string, body?: unknown) {
    return this.#request(this.#base, method, path, body);
  }

  goto(url: string) {
    return this.#cmd('POST', '/url', { url });
  }

  /** Runs `body` (a function body; `arguments` are `args`) in the page; async when it returns a promise. */
  execute<T = unknown>(body: string, args: unknown[] = []): Promise<T> {
    return this.#cmd('POST', '/execute/async', {
      script: `const done = arguments[arguments.length - 1];
        Promise.resolve().then(() => (function () { ${body} }).apply(null, [].slice.call(arguments, 0, -1)))
          .then((v) => done({ ok: v === undefined ? null : v }), (e) => done({ error: String(e && e.stack || e) }));`,
      args,
    }).then((r) => {
      const out = r as { ok?: T; error?: string };
      if (out.error) throw new Error(out.error);
      return out.ok as T;
    });
  }

  /** Switches the commands to the iframe `selector` of the top document, or back to the top (null). */
  async frame(selector: string | null) {
    if (selector === null) return this.#cmd('POST', '/frame', { id: null });
    const el = await this.#cmd('POST', '/element', { using: 'css selector', value: selector });
    return this.#cmd('POST', '/frame', { id: el });
  }

  setWindowSize(width: number, height: number) {
    return this.#cmd('POST', '/window/rect', { width, height });
  }

  /** A PNG of the viewport, or of the element `selector` (in the top document) when given. */
  async screenshot(selector?: string): Promise<Buffer> {
    if (!selector) return Buffer.from((await this.#cmd('GET', '/screenshot')) as string, 'base64');
    const el = (await this.#cmd('POST', '/element', { using: 'css selector', value: selector })) as Record<
      string,
      string
    >;
    const id = Object.values(el)[0]!;
    return Buffer.from((await this.#cmd('GET', `/element/${id}/screenshot`)) as string, 'base64');
  }

  /** Presses keys: "Tab", "Shift+Tab", or text typed character by character. */
  keys(sequence: string[]) {
    const actions: { type: string; value: string }[] = [];
    for (const item of sequence) {
      const combo = item.length > 1 && !(item in KEYS) && item.includes('+') ? item.split('+') : [item];
      const codes = combo.map((k) => KEYS[k] ?? k);
      if (codes.some((c) => [...c].length !== 1)) throw new Error(`Unknown key "${item}"`);
      for (const c of codes) actions.push({ type: 'keyDown', value: c });
      for (const c of [...codes].reverse()) actions.push({ type: 'keyUp', value: c });
    }
    return this.#cmd('POST', '/actions', { actions: [{ type: 'key', id: 'keyboard', actions }] });
  }

  pointer(actions: Record<string, unknown>[]) {
    return this.#cmd('POST', '/actions', {
      actions: [{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions }],
    });
  }

  releaseActions() {
    return this.#cmd('DELETE', '/actions');
  }

  async close() {
    if (this.#base) await this.#cmd('DELETE', '').catch(() => undefined);
    this.#base = '';
    for (const p of this.#procs.reverse()) {
      if (p.exitCode !== null || p.signalCode !== null) continue;
      const exited = new Promise((r) => p.once('exit', r));
      p.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
    }
    this.#procs = [];
  }
}

// Shared by the browser tests: a static server for dist/ on 127.0.0.1,
// Debian's Chromium headless through playwright-core, and the native
// command-line tool to compare with.

import { createServer } from 'node:http';
import { readFile, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { extname, join, normalize, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const dist = join(here, '..', 'dist');
export const artefacts = join(here, '..', 'test-results');
const root = join(here, '..', '..');

const TYPES = {
  '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css',
  '.wasm': 'application/wasm', '.svg': 'image/svg+xml',
};

/// Serves dist/ on 127.0.0.1 (a free port); resolves to {url, close}.
export function serve() {
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error('web/dist/ is not built: run web/build.sh first');
  }
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(dist, path.endsWith('/') ? `${path}index.html` : path);
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end('not found');
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(r)) });
    });
  });
}

/// Debian's Chromium, headless, with a fresh profile and no background
/// traffic (../shared/guide/wasm.md).
export async function browser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/// A new page on `url` (a fresh context: no storage, no service worker
/// unless `keep`), waiting until the app has drawn its first puzzle.
export async function open(b, url, options = {}) {
  const context = options.context ?? await b.newContext({ viewport: { width: 1200, height: 900 }, serviceWorkers: options.serviceWorkers ?? 'block' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(new Error(m.text())); });
  await page.goto(url);
  await page.waitForSelector('body[data-ready=true]', { timeout: 60000 });
  return { page, context, errors };
}

/// The native tool: GRIDCSP_BIN, or the release or debug build of the
/// workspace (the CI's `cargo test` leaves the debug one). Returns a
/// function of the arguments and standard input that returns what the
/// tool prints on standard output.
export function gridcsp() {
  const candidates = [process.env.GRIDCSP_BIN, join(root, 'target/release/gridcsp'), join(root, 'target/debug/gridcsp')];
  const bin = candidates.find((p) => p && existsSync(p));
  if (!bin) throw new Error('no gridcsp binary: build it (cargo build --release -p gridcsp-cli) or set GRIDCSP_BIN');
  return (args, input) => {
    try {
      return execFileSync(bin, ['--threads', '1', ...args], { input, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });
    } catch (e) {
      // Exit 1 (unsolvable, multiple, ...) and 2 (invalid) still print
      // the answer.
      if (e.status === 1 || e.status === 2) return e.stdout;
      throw new Error(`gridcsp ${args.join(' ')}: ${e.stderr}`);
    }
  };
}

export async function screenshotsDir() {
  const dir = join(artefacts, 'screenshots');
  await mkdir(dir, { recursive: true });
  return dir;
}

// Benchmark: how the pages load on a phone (issues 14 and 33), measured by Lighthouse (mobile,
// default simulated throttling: slow 4G and a 4× slower CPU) in Debian's Chromium.
//
// Builds the web app when stale, starts the product as `npm start` does (its own embedded Postgres
// and demo data, on free ports) with a copy of the build that also holds a plain static page, and
// runs Lighthouse `BENCH_LIGHTHOUSE_RUNS` times (default 3) on the public pages `/`, `/sign-in`,
// `/chat/mia`, the static page, which is the baseline (the same server, machine and settings, no
// app), the same static page with the twin's embed snippet (issue 32: the loader must not slow a
// creator's page; held to the public pages' targets), and the signed-in pages: `/`, `/conversations` and `/earnings` as the demo creator and
// `/status` and `/payments` as the demo admin, each with a session of its own sent as a cookie
// header. `BENCH_WEB_ROUTES` (comma-separated labels as printed, e.g. `creator /earnings`) measures
// only those; `BENCH_WEB_REPORTS=<dir>` keeps each run's Lighthouse report there. Per route it prints the medians of the four category scores, LCP and total blocking
// time, and the compressed JavaScript and CSS the page fetched (in all, and before its first paint).
// Targets: public pages (issue 14) performance at least 95 and within 2 points of the baseline, LCP
// under 2.5 s, TBT under 200 ms, accessibility at least 95, at most 120 KB of JavaScript before the
// first paint of /chat/{tag}; signed-in pages (issue 33) performance at least 90, LCP at most 2.5 s.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, cpSync, createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createDbClient, users } from '@doppel/db';
import { createSession } from '@doppel/domain/auth';
import { type LaunchedChrome, launch } from 'chrome-launcher';
import { eq } from 'drizzle-orm';
import lighthouse from 'lighthouse';
import { freePort } from '../scripts/free-port.ts';
import { buildWebAppIfStale } from '../scripts/web-build.ts';

const root = resolve(import.meta.dirname, '..');
const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const targets = { performance: 95, baselineGap: 2, lcpMs: 2500, tbtMs: 200, accessibility: 95, chatJsKb: 120 };
const signedInTargets = { performance: 90, lcpMs: 2500 };
const baselinePath = '/bench-static.html';
/** The baseline with the twin's embed snippet (docs/embed.md): what the loader costs a creator's page. */
const embedPath = '/bench-static-embed.html';

/** Who opens a page: a visitor, or a demo account by its email (a session cookie header). */
type Route = { label: string; path: string; email?: string };
const creatorEmail = 'creator@doppel.dev';
const adminEmail = 'admin@doppel.dev';
const allRoutes: Route[] = [
  { label: '/', path: '/' },
  { label: '/sign-in', path: '/sign-in' },
  { label: '/chat/mia', path: '/chat/mia' },
  { label: 'static baseline', path: baselinePath },
  { label: 'static + embed snippet', path: embedPath },
  { label: 'creator /', path: '/', email: creatorEmail },
  { label: 'creator /conversations', path: '/conversations', email: creatorEmail },
  { label: 'creator /earnings', path: '/earnings', email: creatorEmail },
  { label: 'admin /status', path: '/status', email: adminEmail },
  { label: 'admin /payments', path: '/payments', email: adminEmail },
];

function chosenRoutes(): Route[] {
  const wanted = process.env.BENCH_WEB_ROUTES?.split(',').map((label) => label.trim());
  if (!wanted?.length) return allRoutes;
  // The baseline is always measured: public pages are judged against it.
  return allRoutes.filter((route) => route.path === baselinePath || wanted.includes(route.label));
}

/** A session for each demo account the routes sign in as, as the cookie header the browser would send. */
async function sessionCookies(databaseUrl: string, routes: Route[]): Promise<Map<string, string>> {
  const emails = [...new Set(routes.flatMap((route) => (route.email ? [route.email] : [])))];
  const cookies = new Map<string, string>();
  if (!emails.length) return cookies;
  const client = createDbClient(databaseUrl, { max: 1 });
  try {
    for (const email of emails) {
      const [user] = await client.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (!user) throw new Error(`the demo data has no ${email}`);
      const { token } = await createSession(client.db, user.id);
      cookies.set(email, `doppel_session=${token}`);
    }
  } finally {
    await client.close();
  }
  return cookies;
}

// The baseline: what a page with the landing's words and no app costs on this server.
const staticPage = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="A static page: the baseline of the web benchmark." />
    <title>Doppel static baseline</title>
    <style>body{font-family:system-ui,sans-serif;max-width:720px;margin:0 auto;padding:40px 16px;text-align:center;color:#1a1b1e}</style>
  </head>
  <body>
    <main>
      <h1>Create your digital twin in minutes</h1>
      <p>An AI version of you that chats with your fans by text and in your voice, and earns for you while you create.</p>
      <a href="/sign-in">Let's get started</a>
    </main>
  </body>
</html>
`;

type Figures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  jsKb: number;
  cssKb: number;
  jsBeforePaintKb: number;
  cssBeforePaintKb: number;
};

type NetworkRequest = { resourceType?: string; transferSize?: number; networkRequestTime?: number };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolvePromise, reject) => {
    const check = async () => {
      if (child.exitCode !== null) return reject(new Error(`the product exited with ${child.exitCode}`));
      try {
        if ((await fetch(`${url}/health`)).ok) return resolvePromise();
      } catch {}
      if (Date.now() > deadline) return reject(new Error('the product did not become healthy'));
      setTimeout(check, 500);
    };
    void check();
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolvePromise) => {
    if (child.exitCode !== null) return resolvePromise();
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolvePromise();
    });
    child.kill('SIGINT');
  });
}

/** Debian's Chromium with a DevTools port for Lighthouse, with the flags the e2e tier uses. */
function launchChromium(profileDir: string): Promise<LaunchedChrome> {
  mkdirSync(profileDir, { recursive: true });
  return launch({
    chromePath: chromiumPath,
    userDataDir: profileDir,
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A run's figures and its largest paint as the trace names it (the last candidate): what to paint earlier. */
type Sample = { figures: Figures; largestPaint: string };

type TraceEvent = { name: string; args?: { data?: { nodeName?: string; size?: number } } };

function largestPaintOf(artifacts: unknown): string {
  const trace = (artifacts as { Trace?: { traceEvents?: TraceEvent[] } }).Trace;
  const candidates = (trace?.traceEvents ?? []).filter((event) => event.name === 'largestContentfulPaint::Candidate');
  const last = candidates.at(-1)?.args?.data;
  return last ? `${(last.nodeName ?? '?').slice(0, 50)} (${last.size ?? '?'} px², candidate ${candidates.length})` : 'none';
}

async function measure(url: string, port: number, cookie?: string, attempt = 1): Promise<Sample> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    // Signed in: the session travels as a header on every request of the page, as its cookie would.
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  // BENCH_WEB_REPORTS=dir keeps each run's report (long tasks, script treemap) to see what blocks.
  const reportDir = process.env.BENCH_WEB_REPORTS;
  if (reportDir) {
    mkdirSync(reportDir, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}${cookie ? '-signed-in' : ''}-${Date.now()}.json`;
    writeFileSync(join(reportDir, name), JSON.stringify(lhr));
    writeFileSync(
      join(reportDir, name.replace(/\.json$/, '.trace.json')),
      JSON.stringify((result.artifacts as { Trace?: unknown }).Trace ?? {}),
    );
  }
  // Chromium now and then records a trace without its navigation start (NO_NAVSTART): run again.
  if (lhr.runtimeError) {
    if (attempt < 3) return measure(url, port, cookie, attempt + 1);
    throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  }
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const metrics = (lhr.audits.metrics?.details as { items?: Array<Record<string, number>> } | undefined)?.items?.[0] ?? {};
  const firstPaintMs = metrics.observedFirstContentfulPaint ?? Number.POSITIVE_INFINITY;
  const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ?? []).filter(
    (request) => request.resourceType === 'Script' || request.resourceType === 'Stylesheet',
  );
  const kb = (type: string, beforePaint: boolean) =>
    requests
      .filter((request) => request.resourceType === type && (!beforePaint || (request.networkRequestTime ?? 0) < firstPaintMs))
      .reduce((sum, request) => sum + (request.transferSize ?? 0), 0) / 1024;
  const figures: Figures = {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    jsKb: kb('Script', false),
    cssKb: kb('Stylesheet', false),
    jsBeforePaintKb: kb('Script', true),
    cssBeforePaintKb: kb('Stylesheet', true),
  };
  return { figures, largestPaint: largestPaintOf(result.artifacts) };
}

function medians(samples: Figures[]): Figures {
  const keys = Object.keys(samples[0] ?? {}) as Array<keyof Figures>;
  return Object.fromEntries(keys.map((key) => [key, median(samples.map((sample) => sample[key]))])) as Figures;
}

export async function benchWeb(): Promise<{ ok: boolean }> {
  buildWebAppIfStale((message) => console.log(`web: ${message}`));
  const workDir = mkdtempSync(join(tmpdir(), 'doppel-bench-web-'));
  // As root, the embedded Postgres runs as its own user, which must be able to reach its data folder.
  chmodSync(workDir, 0o755);
  const distDir = join(workDir, 'dist');
  cpSync(join(root, 'apps/web/dist'), distDir, { recursive: true });
  writeFileSync(join(distDir, baselinePath), staticPage);
  writeFileSync(
    join(distDir, embedPath),
    staticPage.replace('</body>', '  <script async src="/embed.js" data-twin="mia"></script>\n  </body>'),
  );
  const [port, postgresPort] = [await freePort(), await freePort()];
  const product = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      EMBEDDED_POSTGRES_PORT: String(postgresPort),
      DOPPEL_DATA_DIR: join(workDir, 'data'),
      WEB_DIST_DIR: distDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logPath = join(workDir, 'start.log');
  const log = createWriteStream(logPath);
  product.stdout?.pipe(log, { end: false });
  product.stderr?.pipe(log, { end: false });
  let chromium: LaunchedChrome | undefined;
  try {
    const baseUrl = `http://localhost:${port}`;
    await waitForHealth(baseUrl, product, 180_000).catch((error: Error) => {
      throw new Error(`${error.message}; its last lines:\n${readFileSync(logPath, 'utf8').split('\n').slice(-30).join('\n')}`);
    });
    const routes = chosenRoutes();
    const cookies = await sessionCookies(`postgres://doppel:doppel@127.0.0.1:${postgresPort}/doppel`, routes);
    // Lighthouse scales the tasks it observes by 4: other work on the machine inflates them too.
    const load = () =>
      loadavg()
        .map((value) => value.toFixed(2))
        .join(', ');
    console.log(`web: Lighthouse ${runs}× per route (mobile, simulated slow 4G and 4× CPU), medians; load average ${load()}:`);
    const results = new Map<string, Figures>();
    const largestPaints = new Map<string, string>();
    for (const route of routes) {
      const samples: Sample[] = [];
      const cookie = route.email ? cookies.get(route.email) : undefined;
      // A browser of its own per route: Lighthouse's storage reset keeps cookies, and the anonymous
      // fan's cookie `/chat/mia` leaves would go along with a signed-in route's session header and
      // sign it out (every signed-in figure of an earlier run was a visitor's page).
      chromium = await launchChromium(join(workDir, `chromium-${results.size}`));
      for (let run = 0; run < runs; run += 1) samples.push(await measure(`${baseUrl}${route.path}`, chromium.port, cookie));
      chromium.kill();
      chromium = undefined;
      results.set(route.label, medians(samples.map((sample) => sample.figures)));
      largestPaints.set(route.label, [...new Set(samples.map((sample) => sample.largestPaint))].join(' | '));
    }
    const baseline = results.get('static baseline');
    if (!baseline) throw new Error('no baseline figures');
    console.log(
      `  ${'route'.padEnd(24)} ${'perf'.padStart(4)} ${'a11y'.padStart(4)} ${'bp'.padStart(4)} ${'seo'.padStart(4)} ${'LCP'.padStart(7)} ${'TBT'.padStart(7)} ${'JS KB'.padStart(14)} ${'CSS KB'.padStart(14)}  target`,
    );
    let ok = true;
    for (const route of routes) {
      const figures = results.get(route.label);
      if (!figures) continue;
      const isBaseline = route.path === baselinePath;
      const met =
        isBaseline ||
        (route.email
          ? figures.performance >= signedInTargets.performance && figures.lcpMs <= signedInTargets.lcpMs
          : figures.performance >= targets.performance &&
            figures.performance >= baseline.performance - targets.baselineGap &&
            figures.lcpMs < targets.lcpMs &&
            figures.tbtMs < targets.tbtMs &&
            figures.accessibility >= targets.accessibility &&
            (route.path !== '/chat/mia' || figures.jsBeforePaintKb <= targets.chatJsKb));
      ok &&= met;
      const pair = (all: number, before: number) => `${all.toFixed(0)} (${before.toFixed(0)} first)`.padStart(14);
      console.log(
        `  ${route.label.padEnd(24)} ${String(figures.performance).padStart(4)} ${String(figures.accessibility).padStart(4)} ${String(figures.bestPractices).padStart(4)} ${String(figures.seo).padStart(4)} ${`${(figures.lcpMs / 1000).toFixed(2)} s`.padStart(7)} ${`${figures.tbtMs.toFixed(0)} ms`.padStart(7)} ${pair(figures.jsKb, figures.jsBeforePaintKb)} ${pair(figures.cssKb, figures.cssBeforePaintKb)}  ${isBaseline ? '' : met ? 'met' : 'MISSED'}`,
      );
    }
    console.log("\n  largest paint (the trace's last LCP candidate) per route:");
    for (const route of routes) console.log(`  ${route.label.padEnd(24)} ${largestPaints.get(route.label)}`);
    console.log(`\n  load average at the end: ${load()}`);
    console.log(
      `  targets: public pages performance >= ${targets.performance} and within ${targets.baselineGap} of the baseline, LCP < ${targets.lcpMs / 1000} s, TBT < ${targets.tbtMs} ms, accessibility >= ${targets.accessibility}, JS before first paint of /chat/mia <= ${targets.chatJsKb} KB; signed-in pages performance >= ${signedInTargets.performance}, LCP <= ${signedInTargets.lcpMs / 1000} s: ${ok ? 'met' : 'MISSED'}`,
    );
    return { ok };
  } finally {
    chromium?.kill();
    await stop(product);
    rmSync(workDir, { recursive: true, force: true });
  }
}

/// <reference lib="dom" />
/**
 * Widget start-up on a slow phone: the longest task of the host page's main thread, from the visitor's
 * first intent until the panel is open with the restored conversation, CPU slowed 1× and 4× through
 * the DevTools protocol (`Emulation.setCPUThrottlingRate`). Prints figures for BENCHMARKS.md
 * ("Widget"); asserts nothing (a timed test fails on a loaded machine; a benchmark reports it).
 *
 *   npm run build && pnpm --filter @amicus/bench widget-long-tasks
 *
 * Tasks are read from a Chromium trace (every top-level task of the renderer's main thread, not only
 * those over 50 ms). Each scenario runs BENCH_RUNS times (default 5) per rate in a fresh browser
 * context (no HTTP or V8 code cache: a first visit) with one answered question in sessionStorage;
 * the median and the best and worst runs are printed.
 */
import { writeFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, type Stack, startStack } from '../e2e/support/stack.js';
import { widget } from '../e2e/support/widget.js';

// Issue 14: on a slow phone, evaluating the panel blocked the host page for 78–106 ms. The panel now
// loads on first intent and starts up in steps separated by yields (module, state, styles, shell,
// restored conversation), so no task of the page's main thread should exceed 50 ms with the CPU slowed
// 4× through the DevTools protocol. Tasks are read from a Chromium trace (every top-level task of the
// renderer's main thread, not only those over 50 ms), from the visitor's first intent until the panel
// is open with the restored conversation. Figures are printed for BENCHMARKS.md ("Widget").
//
// This 2-core machine is shared: another process can stretch any task, hence the best and worst runs
// beside the median (and the machine's load average beside the figures in BENCHMARKS.md).

const QUESTION = 'How do I pay a traffic ticket?';
const LONG = 50;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
// `BENCH_RATES=4` measures only the 4× rate (a quicker A/B); default both.
const RATES = (process.env.BENCH_RATES ?? '1,4').split(',').map(Number);

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time: what other processes on a loaded machine do not stretch. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { message?: string } };
}

type Act = (visitor: { page: Page; hover(): Promise<unknown>; click(): Promise<unknown> }) => Promise<void>;

/** Polls a small predicate in the page (no Playwright helper script: see measure()). */
async function until(page: Page, predicate: () => boolean, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await page.evaluate(predicate))) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${predicate}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface Figures {
  maxTask: number;
  /** The longest task's thread time, from the same trace. */
  maxThread: number;
  totalBlocking: number;
  tasks: number;
}

/** Top-level tasks of the renderer's main thread after the page's `console.timeStamp(mark)`. */
function tasksAfterMark(trace: Buffer, mark: string): Figures {
  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const stamp = events.find((e) => e.name === 'TimeStamp' && e.args?.data?.message === mark);
  if (!stamp) throw new Error(`no ${mark} in the trace`);
  const tasks = events.filter(
    (e) =>
      e.ph === 'X' &&
      e.name === 'RunTask' &&
      e.pid === stamp.pid &&
      e.tid === stamp.tid &&
      // Tasks started after the mark: the one holding it is the test's own evaluate().
      e.ts > stamp.ts,
  );
  const durations = tasks.map((e) => (e.dur ?? 0) / 1000);
  if (process.env.LONG_TASKS_DEBUG) {
    const top = events
      .filter(
        (e) =>
          e.ph === 'X' &&
          e.name === 'RunTask' &&
          e.pid === stamp.pid &&
          e.tid === stamp.tid &&
          e.ts >= stamp.ts,
      )
      .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
      .slice(0, 4);
    for (const t of top) {
      const inner = events
        .filter(
          (e) =>
            e.ph === 'X' &&
            e.pid === t.pid &&
            e.tid === t.tid &&
            e.ts >= t.ts &&
            e.ts < t.ts + (t.dur ?? 0) &&
            e !== t,
        )
        .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
        .slice(0, 6)
        .map(
          (e) =>
            `${e.name} ${((e.dur ?? 0) / 1000).toFixed(1)} ${JSON.stringify(e.args?.data ?? {}).slice(0, 80)}`,
        );
      console.log(
        `task ${((t.dur ?? 0) / 1000).toFixed(1)} ms at +${((t.ts - stamp.ts) / 1000).toFixed(0)}: ${inner.join(' | ')}`,
      );
    }
  }
  return {
    maxTask: Math.max(0, ...durations),
    maxThread: Math.max(0, ...tasks.map((e) => (e.tdur ?? 0) / 1000)),
    totalBlocking: durations.reduce((sum, d) => sum + Math.max(0, d - LONG), 0),
    tasks: durations.length,
  };
}

let stack!: Stack;
let browser!: Browser;
let seeded: Record<string, string> = {};
const contexts: BrowserContext[] = [];

/**
 * One measured first visit, in a fresh context (no HTTP cache, no V8 code cache: what a visitor's
 * phone does the first time), with the seeded conversation in sessionStorage. `act` is what the
 * visitor does, through raw DevTools input events and small polls: Playwright's own actions inject
 * and compile helper scripts in the page, tasks that are the test's and not the widget's.
 */
async function measure(rate: number, act: Act): Promise<Figures> {
  const context = await browser.newContext();
  contexts.push(context);
  await context.addInitScript((entries) => {
    for (const [k, v] of Object.entries(entries)) sessionStorage.setItem(k, v);
  }, seeded);
  const page = await context.newPage();
  await page.goto(`${stack.demoUrl}/`);
  // Found with a plain evaluate: a locator would inject Playwright's helper script, whose mousemove
  // listeners then run inside the measured hover task (10–20 ms of it at 4×, the test's, not ours).
  await until(page, () => !!document.querySelector('amicus-widget')?.shadowRoot?.querySelector('.launcher'));
  const at = await page.evaluate(() => {
    const launcher = document.querySelector('amicus-widget')?.shadowRoot?.querySelector('.launcher');
    const box = launcher?.getBoundingClientRect();
    if (!box) throw new Error('no launcher');
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  });
  // The page's own load is not the widget's: let it settle before slowing the CPU.
  await page.waitForLoadState('load');
  await until(page, () => true);
  await page.waitForTimeout(300);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
  });
  let failure: unknown;
  try {
    await page.evaluate(() => console.timeStamp('amicus-intent'));
    const mouse = (type: 'mouseMoved' | 'mousePressed' | 'mouseReleased') =>
      cdp.send('Input.dispatchMouseEvent', { type, ...at, button: 'left', clickCount: 1 });
    await act({
      page,
      hover: () => mouse('mouseMoved'),
      click: async () => {
        await mouse('mousePressed');
        await mouse('mouseReleased');
      },
    });
    // The conversation is restored from the relay after the shell: give it time to arrive and render.
    await page.waitForTimeout(800);
  } catch (error) {
    failure = error;
  }
  const trace = await browser.stopTracing();
  await context.close();
  // `LONG_TASKS_TRACE_DIR=<dir>` keeps each run's trace (for chrome://tracing or a script).
  const dir = process.env.LONG_TASKS_TRACE_DIR;
  if (dir) writeFileSync(`${dir}/widget-${rate}x-${Date.now()}.json`, trace);
  if (failure) throw failure;
  return tasksAfterMark(trace, 'amicus-intent');
}

const panelLoaded = (p: Page) =>
  until(p, () => (window as { __amicusPanel?: unknown }).__amicusPanel !== undefined);
const panelOpen = (p: Page) =>
  until(p, () => {
    const root = document.querySelector('amicus-widget')?.shadowRoot;
    const dialog = root?.querySelector<HTMLElement>('.panel');
    return !!dialog && !dialog.hidden && root?.activeElement?.tagName === 'TEXTAREA';
  });
const restored = (p: Page) =>
  until(p, () => !!document.querySelector('amicus-widget')?.shadowRoot?.querySelector('.msg.bot'));

const scenarios: Record<string, Act> = {
  // A mouse visitor: pointer over the launcher (the panel loads and starts up), then a click opens it.
  'hover, then open': async ({ page: p, hover, click }) => {
    await hover();
    await panelLoaded(p);
    await restored(p);
    await p.waitForTimeout(500);
    await click();
    await panelOpen(p);
  },
  // A tap: the panel is requested at the press and arrives after it (the loader's skeleton has focus).
  'press at once': async ({ page: p, hover, click }) => {
    await hover();
    await click();
    await panelOpen(p);
    await restored(p);
  },
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

try {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  // One answered question: every measured load restores this visitor's conversation (and draws it).
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${stack.demoUrl}/`);
  const w = widget(page);
  await w.open();
  await w.ask(QUESTION);
  await w.lastAnswerDone();
  seeded = await page.evaluate(() => ({ ...sessionStorage }));

  console.log(`widget start-up, ${RUNS} runs per scenario and rate (longest task; TBT over ${LONG} ms)`);
  console.log(
    '| Scenario | CPU | Longest task, median | best – worst | TBT, median | tasks | Longest thread time, median | best – worst |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const [name, act] of Object.entries(scenarios)) {
    // `BENCH_SCENARIO=press` runs only the scenarios whose name contains it.
    if (!name.includes(process.env.BENCH_SCENARIO ?? '')) continue;
    for (const rate of RATES) {
      const runs: Figures[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await measure(rate, act));
      const longest = runs.map((f) => f.maxTask);
      console.log(
        `| ${name} | ${rate}× | ${ms(median(longest))} | ${ms(Math.min(...longest))} – ${ms(Math.max(...longest))} | ${ms(
          median(runs.map((f) => f.totalBlocking)),
        )} | ${median(runs.map((f) => f.tasks))} | ${ms(median(runs.map((f) => f.maxThread)))} | ${ms(
          Math.min(...runs.map((f) => f.maxThread)),
        )} – ${ms(Math.max(...runs.map((f) => f.maxThread)))} |`,
      );
    }
  }
} finally {
  for (const context of contexts) await context.close().catch(() => {});
  await browser?.close();
  await stack?.close();
}

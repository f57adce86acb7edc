import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';

/**
 * The tablet of issue 28: 1024×768, the CPU slowed 4× and Lighthouse's slow-4G network (562.5 ms
 * round trip, 1474.56 kbit/s down, 675 kbit/s up), both by the DevTools protocol on each page.
 */
export const TABLET = { viewport: { width: 1024, height: 768 }, locale: 'es-ES' } as const;
export const CPU_SLOWDOWN = 4;
export const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };

export const launch = (): Promise<Browser> =>
  chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });

export interface TCounted {
  jsBytes: number;
  jsFiles: number;
  allBytes: number;
}

/**
 * A page of `context` on the tablet profile, counting what it receives (bytes as sent on the wire).
 * `offline()` cuts the network both ways (the context's and the protocol's emulation).
 */
export async function tabletPage(context: BrowserContext) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  const types = new Map<string, string>();
  let counted: TCounted = { jsBytes: 0, jsFiles: 0, allBytes: 0 };
  cdp.on('Network.responseReceived', (event) => types.set(event.requestId, event.type));
  cdp.on('Network.loadingFinished', (event) => {
    counted.allBytes += event.encodedDataLength;
    if (types.get(event.requestId) === 'Script') {
      counted.jsBytes += event.encodedDataLength;
      counted.jsFiles += 1;
    }
  });
  return {
    page,
    cdp,
    /** The bytes counted since the last call. */
    take(): TCounted {
      const result = counted;
      counted = { jsBytes: 0, jsFiles: 0, allBytes: 0 };
      return result;
    },
    async offline(off: boolean) {
      await context.setOffline(off);
      await cdp.send('Network.emulateNetworkConditions', { ...SLOW_4G, offline: off });
    },
  };
}

/**
 * Installed before any script of the page: long tasks and Event Timing entries gathered from the
 * start (window.__perf), read with `perfOf`.
 */
export const PERF_INIT = () => {
  const perf = { longTasks: [] as { start: number; duration: number }[], events: [] as { name: string; start: number; duration: number }[] };
  (window as unknown as { __perf: typeof perf }).__perf = perf;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) perf.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) perf.events.push({ name: e.name, start: e.startTime, duration: e.duration });
    }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  } catch {
    // An engine without these entry types: the figures stay empty.
  }
};

export const perfOf = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __perf: { longTasks: { start: number; duration: number }[]; events: { name: string; start: number; duration: number }[] } })
        .__perf,
  );

/** Long tasks since `from` (page time, ms): their count, total and longest. */
export function longTasksSummary(tasks: { start: number; duration: number }[], from = 0, to = Infinity) {
  const inside = tasks.filter((t) => t.start >= from && t.start < to);
  return {
    count: inside.length,
    totalMs: Math.round(inside.reduce((n, t) => n + t.duration, 0)),
    longestMs: Math.round(Math.max(0, ...inside.map((t) => t.duration))),
  };
}

/** Waits until no long task started for `quietMs` (or `capMs` passed): the main thread has settled. */
export async function settle(page: Page, quietMs = 3000, capMs = 60_000) {
  const started = Date.now();
  for (;;) {
    const lastEnd = await page.evaluate(() => {
      const tasks = (window as unknown as { __perf: { longTasks: { start: number; duration: number }[] } }).__perf.longTasks;
      const last = tasks.at(-1);
      return { now: performance.now(), end: last ? last.start + last.duration : 0 };
    });
    if (lastEnd.now - lastEnd.end >= quietMs || Date.now() - started > capMs) return;
    await page.waitForTimeout(500);
  }
}

import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';
const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Safari/537.36';

export interface PageLoad {
  /** Navigation start → every KPI figure and the whole trends chart on screen, ms. */
  median: number;
  p95: number;
  first: number;
  loads: number;
}

export const canMeasurePages = () => existsSync(CHROMIUM);

/**
 * The Traffic page as a signed-in marketer opens it: a new browser context each time (empty HTTP
 * cache, nothing in React Query), timed by the page's own clock from navigation start to the moment
 * all five KPI values and the trends chart's `points` buckets are rendered.
 */
export async function measureTrafficPage(
  signInUrl: string,
  trafficUrl: string,
  points: number,
  loads = 9,
): Promise<PageLoad> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const signIn = await browser.newContext({ userAgent: CHROME_UA });
    await (await signIn.newPage()).goto(signInUrl);
    const cookies = await signIn.cookies();
    await signIn.close();
    const times: number[] = [];
    for (let i = 0; i < loads; i++) {
      const context = await browser.newContext({ userAgent: CHROME_UA, viewport: { width: 1280, height: 900 } });
      await context.addCookies(cookies);
      const page = await context.newPage();
      await page.goto(trafficUrl, { waitUntil: 'commit' });
      const shown = await page.waitForFunction(
        (n) => {
          const values = [...document.querySelectorAll('[data-kpi] .kpi-value')].filter((el) => el.textContent?.trim());
          const chart = document.querySelector(`[data-testid=trends-chart][data-points="${n}"] .recharts-line-curve`);
          return values.length === 5 && chart ? performance.now() : false;
        },
        points,
        { polling: 'raf', timeout: 30_000 },
      );
      times.push((await shown.jsonValue()) as number);
      await context.close();
    }
    const sorted = [...times].sort((a, b) => a - b);
    return {
      median: sorted[Math.floor(sorted.length / 2)],
      p95: sorted[Math.ceil(sorted.length * 0.95) - 1],
      first: times[0],
      loads,
    };
  } finally {
    await browser.close();
  }
}

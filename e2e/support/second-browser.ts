import type { Browser, BrowserContext, Page } from 'playwright-core';

/**
 * Another person's browser beside the dashboard's own: a fresh context (no cookie), one page, its
 * console errors and page errors collected into `problems`.
 */
export async function secondBrowser(
  browser: Browser,
  problems: string[],
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  return { context, page };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, type RunningServer, startServer } from './support';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('smoke', () => {
  it('serves the web app with a CSP it passes (no console errors, no CSP violations)', async () => {
    const { page, context } = await newPage(browser);
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    // Pages whose chunks load zod, forms and charts: none may trip the CSP (e.g. an eval probe).
    for (const path of [
      '/portals',
      '/signup',
      '/login',
      '/forgot-password',
      '/reset-password?token=abcdefghijklmnopqrstuvwxyz012345',
      '/questions',
      '/ideas',
      '/hackathons',
      '/jobhubs',
      '/contact',
    ]) {
      await page.goto(`${server.url}${path}`);
      await page.waitForSelector('header');
      await page.waitForLoadState('networkidle');
    }
    expect(await page.title()).toBeTruthy();
    expect(problems).toEqual([]);
    await context.close();
  });
});

import { expect, test, serverForThisFile } from './fixtures';

serverForThisFile();

test('smoke: serves the web app with a CSP it passes (no console errors, no CSP violations)', async ({
  page,
}) => {
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
    await page.goto(path);
    await expect(page.locator('header')).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  await expect(page).toHaveTitle(/\S/);
  expect(problems).toEqual([]);
});

import { apiSignup } from './support';
import { expect, SmtpSink, test, serverForThisFile } from './fixtures';

const sink = new SmtpSink();
let smtpPort = 0;
test.beforeAll(async () => {
  smtpPort = await sink.start();
});
test.afterAll(() => sink.stop());
const app = serverForThisFile(() => ({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` }));

test('password reset: from "Forgot password?" on /login to signing in with the new password; old sessions end', async ({
  page,
}) => {
  const email = `reset-${Date.now()}@example.com`;
  const old = await apiSignup(app.url, { name: 'Rhea Forgetful', email, password: 'the old passphrase' });

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByTestId('forgot-sent')).toBeVisible();

  const mail = await sink.mailTo(email);
  const link = /https?:\/\/[^\s]+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail)?.[0];
  expect(link, mail).toBeTruthy();
  const target = new URL(link!);
  const setPassword = async (password: string) => {
    await page.goto(`${target.pathname}${target.search}`);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(password);
    await page.getByRole('textbox', { name: 'Repeat the new password', exact: true }).fill(password);
    await page.getByRole('button', { name: 'Set new password' }).click();
  };
  await setPassword('my brand new passphrase');
  await expect(page.getByTestId('reset-done')).toBeVisible();

  // Every earlier session of the account has ended.
  const me = await fetch(`${app.url}/api/auth/me`, { headers: { authorization: `Bearer ${old.token}` } });
  expect(me.status).toBe(401);

  await page.getByRole('link', { name: 'Go to login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('my brand new passphrase');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/login/);

  // The link worked once.
  await setPassword('a third passphrase here');
  await expect(page.getByText('This reset link is invalid or has expired')).toBeVisible();
});

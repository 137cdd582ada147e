import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expect, openAs, serverForThisFile, test } from './fixtures';
import { apiSignup, postApprovedJob as postApprovedJobAs } from './support';

const server = serverForThisFile();

type Session = Awaited<ReturnType<typeof apiSignup>>;

const MATCHED = 'Backend Engineer';
const OTHER = 'Product Designer';
const ALERTED = 'Kubernetes Platform Engineer';

/** A real PDF with a line of text, as a résumé exported from a word processor would be. */
async function resumePdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  page.drawText('Asha Seeker — Software Engineer', { x: 50, y: 780, size: 16, font });
  page.drawText(text, { x: 50, y: 740, size: 11, font });
  return Buffer.from(await doc.save());
}

async function call<T>(session: Session | null, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(session ? { authorization: `Bearer ${session.token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.ok, `${method} ${url}: ${res.status} ${text}`).toBe(true);
  return (text ? JSON.parse(text) : {}) as T;
}

/** Posts a senior engineering job at `company` as `session` and has the admin approve it. */
const postApprovedJob = (session: Session, title: string, company: string, skills: string[]) =>
  postApprovedJobAs(server.url, session, title, {
    description: 'Build and run the services our teams ship on.',
    company: { name: company },
    level: 'Senior',
    skills,
  });

test.describe('Smart Matching, job alerts and referrals', () => {
  let poster: Session;
  let seeker: Session;
  let friend: Session;
  let matchedId = '';

  test.beforeAll(async () => {
    poster = await apiSignup(server.url, {
      name: 'Nisha Poster',
      email: 'nisha@orbit.example.com',
      password: 'nisha-password-1',
    });
    seeker = await apiSignup(server.url, {
      name: 'Asha Seeker',
      email: 'asha@example.com',
      password: 'asha-password-1',
    });
    friend = await apiSignup(server.url, {
      name: 'Kiran Mehta',
      email: 'kiran@example.com',
      password: 'kiran-password-1',
    });
    // Kiran works at Orbit Labs (spelt their own way) and follows Asha: Asha's network there.
    await call(friend, 'PUT', '/api/users/me', { company: '  orbit   LABS ', headline: 'Staff Engineer' });
    await call(friend, 'POST', '/api/users/follow', { targetUserId: seeker.user.id });
    await call(seeker, 'PUT', '/api/users/me', { level: 'Senior', location: 'Pune' });
    matchedId = await postApprovedJob(poster, MATCHED, 'Orbit Labs', [
      'JavaScript',
      'PostgreSQL',
      'Kubernetes',
      'Docker',
      'AWS',
    ]);
    await postApprovedJob(poster, OTHER, 'Pixel Works', ['Figma', 'UX Research']);
  });

  test('a seeker stores a résumé and sees the skills found in it, synonyms folded', async ({ browser }) => {
    const { page, context, problems } = await openAs(browser, seeker, { height: 900 });
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Résumé' })).toBeVisible();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload résumé' }).click();
    await (await chooser).setFiles({
      name: 'asha-resume.pdf',
      mimeType: 'application/pdf',
      buffer: await resumePdf('Five years of JS, Postgres and k8s in production.'),
    });
    await expect(page.getByTestId('resume-name')).toContainText('asha-resume.pdf');
    const found = page.getByTestId('inferred-skills');
    for (const skill of ['JavaScript', 'PostgreSQL', 'Kubernetes'])
      await expect(found.getByText(skill)).toBeVisible();
    await expect(found.getByText('Docker')).toHaveCount(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the Jobs Hub recommends the matching job and every card says how it matches', async ({ browser }) => {
    const { page, context, problems } = await openAs(browser, seeker, { height: 900 });
    await page.goto('/jobhubs');
    const recommended = page.getByTestId('recommended-jobs');
    await expect(recommended.getByText('Recommended for you')).toBeVisible();
    await expect(recommended.getByText(MATCHED).first()).toBeVisible();
    await expect(page.getByText('3 of 5 skills match — missing Docker, AWS').first()).toBeVisible();

    await page.goto(`/job/${matchedId}`);
    await expect(page.getByRole('heading', { name: MATCHED, level: 1 })).toBeVisible();
    await expect(page.getByTestId('match-summary')).toContainText(/3 of 5 skills match/);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a saved instant search notifies the seeker when a matching job is approved', async ({ browser }) => {
    const { page, context, problems } = await openAs(browser, seeker, { height: 900 });
    await page.goto('/jobhubs?q=Kubernetes');
    await page.getByRole('button', { name: 'Save this search' }).click();
    const dropdown = page.getByRole('dialog', { name: 'Save this search' });
    await dropdown.getByText('Instant').click();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/job-alerts') && r.request().method() === 'POST',
    );
    await dropdown.getByRole('button', { name: 'Save alert' }).click();
    expect((await saved).status()).toBe(201);

    const alertedId = await postApprovedJob(poster, ALERTED, 'Cloudline', ['Kubernetes', 'Go']);
    // The instant task runs every 30 s: the notification arrives within a minute of approval.
    await expect
      .poll(
        async () => {
          const res = await call<
            | { notifications?: Array<{ type: string; link: string | null }> }
            | Array<{ type: string; link: string | null }>
          >(seeker, 'GET', '/api/notifications');
          const list = Array.isArray(res) ? res : (res.notifications ?? []);
          return list.find((n) => n.type === 'job_alert')?.link ?? null;
        },
        { message: 'the job alert notification', timeout: 90_000, intervals: [2_000] },
      )
      .toBe(`/job/${alertedId}`);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the seeker applies with the stored résumé and asks a follower at the company for a referral', async ({
    browser,
  }) => {
    const { page, context, problems } = await openAs(browser, seeker, { height: 900 });
    await page.goto(`/job/${matchedId}`);
    await page.getByRole('button', { name: 'Apply now' }).click();
    const dialog = page.getByRole('dialog', { name: `Apply: ${MATCHED}` });
    await expect(dialog.getByText(/Your saved résumé \(asha-resume\.pdf\)/)).toBeVisible();
    const sent = page.waitForResponse(
      (r) => r.url().endsWith(`/api/jobs/${matchedId}/applications`) && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Submit application' }).click();
    expect((await sent).status()).toBe(201);
    await expect(dialog).toHaveCount(0);

    await expect(page.getByText('People you know at Orbit Labs')).toBeVisible();
    await page.getByRole('button', { name: 'Ask Kiran Mehta for a referral' }).click();
    await page.getByLabel('Message to Kiran Mehta (optional)').fill('We met at the Pune hackathon.');
    const asked = page.waitForResponse(
      (r) => r.url().endsWith('/referral-requests') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Send request' }).click();
    expect((await asked).status()).toBe(201);
    await expect(page.getByText('Requested').first()).toBeVisible();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the follower accepts, and the poster sees the referral and the match on the applicant', async ({
    browser,
  }) => {
    const asked = await openAs(browser, friend, { height: 900 });
    await asked.page.goto('/referrals');
    await expect(asked.page.getByText(MATCHED).first()).toBeVisible();
    await asked.page.getByRole('button', { name: 'Accept' }).first().click();
    await expect(asked.page.getByText('Accepted').first()).toBeVisible();
    expect(asked.problems).toEqual([]);
    await asked.context.close();

    const hiring = await openAs(browser, poster, { height: 900 });
    await hiring.page.goto(`/my-jobs/${matchedId}/applicants`);
    await expect(hiring.page.getByText('Referred by Kiran Mehta')).toBeVisible();
    await expect(hiring.page.getByText(/3 of 5 skills match/).first()).toBeVisible();
    expect(hiring.problems).toEqual([]);
    await hiring.context.close();
  });
});

import { APPLICATION_MESSAGES, type Job } from '@agora/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, setSession, takeRedirectAfterLogin } from '../../../lib/auth-store';
import { aJob, anApplication } from '../../../test/fixtures';
import { renderWithProviders, testUser } from '../../../test/render';
import { onApi } from '../../../test/server';
import { JobDetailPage } from '../../jobs/pages/job-detail-page';

const QUESTIONS: Job['screeningQuestions'] = [
  { _id: 'q1', text: 'Can you work from Pune?', requiredAnswer: 'yes' },
  { _id: 'q2', text: 'Do you need a visa?', requiredAnswer: null },
];

interface Sent {
  resume: File | null;
  coverNote: FormDataEntryValue | null;
  answers: unknown;
}

/**
 * The API of one job page: GET /api/jobs/j1 answers `job` (then `after` once an application went
 * in); POST /api/jobs/j1/applications answers `reply` and records the multipart parts it received.
 */
function serve(job: Job, reply: { status: number; body: unknown }, after?: Job) {
  const sent: Sent[] = [];
  onApi(async (request, url) => {
    if (request.method === 'GET' && url === '/api/jobs/j1') {
      return Response.json(sent.length && after ? after : job);
    }
    if (request.method === 'POST' && url === '/api/jobs/j1/applications') {
      const form = await request.formData();
      sent.push({
        resume: form.get('resume') as File | null,
        coverNote: form.get('coverNote'),
        answers: JSON.parse(String(form.get('answers'))),
      });
      return Response.json(reply.body, { status: reply.status });
    }
    return undefined;
  });
  return sent;
}

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/job/:id" element={<JobDetailPage />} />
    </Routes>,
    { route: '/job/j1' },
  );
}

const pdf = (bytes = 1024, name = 'cv.pdf', type = 'application/pdf') =>
  new File([new Uint8Array(bytes)], name, { type });

function choose(dialog: HTMLElement, file: File) {
  const input = dialog.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [file] } });
}

async function openForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Apply now' }));
  return screen.findByRole('dialog', { name: /Apply: Backend Engineer/ });
}

const submitted = anApplication({
  answers: [
    { questionId: 'q1', answer: 'no' },
    { questionId: 'q2', answer: 'yes' },
  ],
  screenedOut: true,
});

describe('Quick Apply on the job page', { timeout: 30_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    setSession('tok', testUser);
  });
  afterEach(() => clearSession());

  it('names every problem before sending: no résumé, unanswered questions, a wrong type, over 5 MB', async () => {
    const sent = serve(aJob({ screeningQuestions: QUESTIONS, myApplication: null }), {
      status: 201,
      body: {},
    });
    renderPage();
    const dialog = await openForm();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit application' }));
    expect(await within(dialog).findByText(APPLICATION_MESSAGES.resumeRequired)).toBeTruthy();
    expect(within(dialog).getAllByText(APPLICATION_MESSAGES.answersRequired)).toHaveLength(2);

    choose(dialog, pdf(1024, 'cv.png', 'image/png'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit application' }));
    expect(await within(dialog).findByText(APPLICATION_MESSAGES.resumeType)).toBeTruthy();

    choose(dialog, pdf(5 * 1024 * 1024 + 1));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit application' }));
    expect(await within(dialog).findByText(APPLICATION_MESSAGES.resumeTooLarge)).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('sends the résumé kept on the profile when no file is attached', async () => {
    const sent = serve(aJob({ screeningQuestions: [], myApplication: null }), {
      status: 201,
      body: { application: anApplication(), screenedOutReasons: [] },
    });
    onApi((request, url) =>
      request.method === 'GET' && url === '/api/users/me'
        ? Response.json({
            user: {
              ...testUser,
              resume: {
                originalName: 'asha-cv.pdf',
                size: 2048,
                mimetype: 'application/pdf',
                uploadedAt: '2026-02-01T00:00:00.000Z',
              },
            },
          })
        : undefined,
    );
    renderPage();
    const dialog = await openForm();
    expect(
      await within(dialog).findByText(
        'Your saved résumé (asha-cv.pdf) is sent unless you choose another file',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit application' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.resume).toBeNull();
    expect(within(dialog).queryByText(APPLICATION_MESSAGES.resumeRequired)).toBeNull();
  });

  it('sends the résumé, the cover note and the answers as multipart, then says where it stands and what the job requires', async () => {
    const job = aJob({ screeningQuestions: QUESTIONS, myApplication: null });
    const after = aJob({
      screeningQuestions: QUESTIONS,
      myApplication: { _id: 'a1', status: 'submitted', createdAt: '2026-03-01T10:00:00.000Z' },
    });
    const sent = serve(job, { status: 201, body: { application: submitted } }, after);
    renderPage();
    const dialog = await openForm();
    choose(dialog, pdf(2048));
    const note = within(dialog).getByRole('textbox', { name: /Cover note/ });
    fireEvent.change(note, { target: { value: '  Five years of Go.  ' } });
    expect(within(dialog).getByTestId('cover-note-count').textContent).toBe('21 / 2000');
    const [first, second] = within(dialog).getAllByRole('radiogroup');
    fireEvent.click(within(first!).getByRole('radio', { name: 'No' }));
    fireEvent.click(within(second!).getByRole('radio', { name: 'Yes' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit application' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    // jsdom's File crosses into Node's fetch without its bytes: its type says it was the résumé part.
    expect(sent[0]!.resume?.type).toBe('application/pdf');
    expect(sent[0]!.coverNote).toBe('Five years of Go.');
    expect(sent[0]!.answers).toEqual([
      { questionId: 'q1', answer: 'no' },
      { questionId: 'q2', answer: 'yes' },
    ]);

    expect((await screen.findByTestId('applied-note')).textContent).toBe(
      'Applied on Mar 1, 2026 · Submitted',
    );
    expect(screen.getByText(APPLICATION_MESSAGES.screenedOut('Can you work from Pune?', 'yes'))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all my applications' }).getAttribute('href')).toBe(
      '/my-applications',
    );
    expect(screen.queryByRole('button', { name: 'Apply now' })).toBeNull();
  });

  it('shows the server’s refusal in the form (a second application)', async () => {
    serve(aJob({ myApplication: null }), {
      status: 409,
      body: { error: APPLICATION_MESSAGES.alreadyApplied, code: 'ALREADY_APPLIED' },
    });
    renderPage();
    const dialog = await openForm();
    choose(dialog, pdf());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit application' }));
    expect(await within(dialog).findByText(APPLICATION_MESSAGES.alreadyApplied)).toBeTruthy();
  });

  it('shows an earlier application instead of Apply now', async () => {
    serve(
      aJob({ myApplication: { _id: 'a1', status: 'shortlisted', createdAt: '2026-02-10T09:00:00.000Z' } }),
      { status: 500, body: {} },
    );
    renderPage();
    expect((await screen.findByTestId('applied-note')).textContent).toBe(
      'Applied on Feb 10, 2026 · Shortlisted',
    );
    expect(screen.queryByRole('button', { name: 'Apply now' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Apply by Email/ })).toBeNull();
  });

  it('offers the poster their applicants, not an Apply button', async () => {
    serve(aJob({ author: { id: testUser.id, displayName: 'Asha' } }), { status: 500, body: {} });
    renderPage();
    const link = await screen.findByRole('link', { name: 'View applicants' });
    expect(link.getAttribute('href')).toBe('/my-jobs/j1/applicants');
    expect(screen.queryByRole('button', { name: 'Apply now' })).toBeNull();
  });

  it('asks a visitor to sign in and brings them back to the job', async () => {
    clearSession();
    serve(aJob(), { status: 500, body: {} });
    renderPage();
    const signIn = await screen.findByRole('link', { name: 'Sign in to apply' });
    // Apply by Email stays as the second way.
    expect(screen.getByRole('link', { name: /Apply by Email/ })).toBeTruthy();
    // The address itself is on the page, for a visitor without a mail client.
    expect(screen.getByTestId('contact-email').textContent).toBe(aJob().contactEmail);
    expect(screen.queryByRole('button', { name: 'Apply now' })).toBeNull();
    fireEvent.click(signIn);
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(takeRedirectAfterLogin()).toBe('/job/j1');
  });

  it.each(['expired', 'filled', 'closed'] as const)(
    'says a %s job is no longer accepting applications and gives search engines no posting',
    async (state) => {
      serve(aJob({ state, myApplication: null }), { status: 500, body: {} });
      renderPage();
      expect((await screen.findByTestId('applications-closed')).textContent).toBe(
        'This job is no longer accepting applications',
      );
      expect(screen.queryByRole('button', { name: 'Apply now' })).toBeNull();
      expect(screen.queryByRole('link', { name: /Apply by Email/ })).toBeNull();
      expect(document.getElementById('job-posting-ld')).toBeNull();
    },
  );

  it('tells the poster of a pending job that applications open on approval', async () => {
    serve(aJob({ status: 'pending', state: 'closed', author: { id: testUser.id, displayName: 'Asha' } }), {
      status: 500,
      body: {},
    });
    renderPage();
    expect(await screen.findByText('Applications open once the posting is approved.')).toBeTruthy();
    expect(screen.queryByText(APPLICATION_MESSAGES.jobClosed)).toBeNull();
    expect(screen.queryByRole('link', { name: 'View applicants' })).toBeNull();
    expect(document.getElementById('job-posting-ld')).toBeNull();
  });

  it('gives search engines the posting of an open job, with Apply by Email beside Quick Apply', async () => {
    serve(aJob({ myApplication: null, expiresAt: '2030-01-01T00:00:00.000Z' }), { status: 500, body: {} });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Apply now' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Apply by Email/ }).getAttribute('href')).toMatch(
      /^mailto:jobs@acme\.example\.com\?subject=/,
    );
    await waitFor(() => expect(document.getElementById('job-posting-ld')).not.toBeNull());
    const ld = JSON.parse(document.getElementById('job-posting-ld')!.textContent!);
    expect(ld).toMatchObject({
      '@type': 'JobPosting',
      directApply: true,
      validThrough: '2030-01-01T00:00:00.000Z',
      identifier: { name: 'Agora', value: 'j1' },
    });
  });
});

import { type Hackathon, MSG } from '@agora/shared';
import { notifications, notificationsStore } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession, takeRedirectAfterLogin } from '../../../lib/auth-store';
import { renderWithProviders, testUser } from '../../../test/render';
import { mockApi, onApi } from '../../../test/server';
import { ConductHackathonPage } from './conduct-hackathon-page';

const saved: Hackathon = {
  _id: 'h1',
  title: 'Saved Sprint',
  description: 'Saved description',
  image: null,
  category: 'Fintech',
  status: 'rejected',
  featured: false,
  organizer: { name: 'Olga', email: 'olga@hack.test', phone: null },
  author: { id: testUser.id, displayName: 'Asha' },
  eventDetails: {
    startDate: '2030-11-24T09:00:00.000Z',
    endDate: '2030-11-26T18:00:00.000Z',
    duration: '57 hours',
    location: 'Pune',
    locationType: 'hybrid',
  },
  prizes: { prizePool: 'Swag and mentorship', judgingCriteria: null },
  requirements: null,
  additionalInfo: null,
  tags: ['fin', 'tech'],
  participantCount: 0,
  submissionCount: 0,
  phase: null,
  registrationDeadline: '2030-11-24T08:00:00.000Z',
  registrationOpen: false,
  isRegistered: false,
  isOrganizer: true,
  rejectionReason: 'Dates unclear',
  reviewedAt: '2030-01-01T00:00:00.000Z',
  createdAt: '2030-01-01T00:00:00.000Z',
  maxTeamSize: 4,
  criteria: [],
  resultsPublishedAt: null,
  prizeEscrow: null,
};

beforeEach(() => setSession('token', testUser));
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// A long form: slow to render on a loaded machine.
describe('ConductHackathonPage', { timeout: 30_000 }, () => {
  it('signed out: asks to log in first (no form to lose) and comes back here after logging in', async () => {
    clearSession();
    const calls = mockApi({});
    renderWithProviders(<ConductHackathonPage />, { route: '/conduct-hackathon' });
    expect(screen.queryByRole('form', { name: 'Conduct a Hackathon' })).toBeNull();
    expect(screen.queryByLabelText(/Hackathon Title/)).toBeNull();
    expect(screen.getByText(new RegExp(MSG.hackathonAuth.replace('.', '\\.')))).toBeTruthy();
    const login = screen.getByRole('link', { name: /Log In/ });
    expect(login.getAttribute('href')).toBe('/login');
    fireEvent.click(login);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(takeRedirectAfterLogin()).toBe('/conduct-hackathon');
    expect(calls).toEqual([]);
  });

  it('shows every spec 03 §5 error inline at once, focuses the first, and toasts it; nothing is sent', async () => {
    const calls = mockApi({});
    const toast = vi.spyOn(notifications, 'show');
    renderWithProviders(<ConductHackathonPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Submit for Review' }));
    for (const m of [
      MSG.hackathonTitle,
      MSG.hackathonDescription,
      MSG.hackathonOrganizer,
      MSG.hackathonOrganizerEmail,
      MSG.hackathonPrize,
      MSG.hackathonCategory,
    ]) {
      expect(screen.getByText(m)).toBeTruthy();
    }
    expect(screen.getAllByText(MSG.hackathonDates)).toHaveLength(2);
    expect(document.activeElement?.getAttribute('data-path')).toBe('title');
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast.mock.calls[0]![0]).toMatchObject({ message: MSG.hackathonTitle });
    expect(calls).toEqual([]);
  });

  it('names the date order on the end date and focuses the first failing check in the spec order', () => {
    mockApi({});
    renderWithProviders(<ConductHackathonPage />);
    fireEvent.change(screen.getByLabelText(/Hackathon Title/), { target: { value: 'A title' } });
    fireEvent.change(screen.getByLabelText(/^Description/), { target: { value: 'Text' } });
    fireEvent.change(screen.getByLabelText(/Start Date/), { target: { value: '2030-11-26T10:00' } });
    fireEvent.change(screen.getByLabelText(/End Date/), { target: { value: '2030-11-24T10:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit for Review' }));
    expect(screen.getByText(MSG.hackathonDateOrder)).toBeTruthy();
    expect(screen.queryByText(MSG.hackathonTitle)).toBeNull();
    expect(document.activeElement?.getAttribute('data-path')).toBe('organizer');
  });

  it('derives the duration from the dates', () => {
    mockApi({});
    renderWithProviders(<ConductHackathonPage />);
    fireEvent.change(screen.getByLabelText(/Start Date/), { target: { value: '2030-11-24T09:00' } });
    fireEvent.change(screen.getByLabelText(/End Date/), { target: { value: '2030-11-26T18:00' } });
    expect((screen.getByTestId('duration') as HTMLInputElement).value).toBe('57 hours');
  });

  it("with ?edit=<id> opens the organiser's hackathon filled in, with the rejection reason", async () => {
    mockApi({ 'GET /api/hackathons/h1': { body: saved } });
    renderWithProviders(<ConductHackathonPage />, { route: '/conduct-hackathon?edit=h1' });
    await screen.findByRole('heading', { name: 'Edit Your Hackathon' });
    expect((screen.getByLabelText(/Hackathon Title/) as HTMLInputElement).value).toBe('Saved Sprint');
    expect((screen.getByLabelText(/Organizer Email/) as HTMLInputElement).value).toBe('olga@hack.test');
    expect((screen.getByLabelText(/Prize Pool/) as HTMLInputElement).value).toBe('Swag and mentorship');
    expect((screen.getByLabelText(/Tags/) as HTMLInputElement).value).toBe('fin, tech');
    expect(screen.getByText('Dates unclear')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resubmit for Review' })).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('duration') as HTMLInputElement).value).toBe('57 hours'));
  });

  it('takes back its error toasts when the submission then succeeds', async () => {
    notifications.clean();
    mockApi({
      'GET /api/hackathons/h1': { body: saved },
      'PUT /api/hackathons/h1': { body: { hackathon: saved } },
    });
    renderWithProviders(<ConductHackathonPage />, { route: '/conduct-hackathon?edit=h1' });
    await screen.findByRole('heading', { name: 'Edit Your Hackathon' });
    const title = screen.getByLabelText(/Hackathon Title/);
    fireEvent.change(title, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Resubmit for Review' }));
    const messages = () => notificationsStore.getState().notifications.map((n) => n.message);
    expect(messages()).toEqual([MSG.hackathonTitle]);
    fireEvent.change(title, { target: { value: 'Saved Sprint' } });
    fireEvent.click(screen.getByRole('button', { name: 'Resubmit for Review' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/my-hackathons'));
    expect(messages()).toEqual([MSG.hackathonSubmitted]);
    notifications.clean();
  });
});

describe('ConductHackathonPage proposed from an idea', { timeout: 30_000 }, () => {
  const route =
    '/conduct-hackathon?ideaId=i1&title=Neighbourhood+tool+library&description=Lend+drills+%26+ladders';

  it('opens with the idea’s title and description, says which idea it comes from, and links to it', () => {
    mockApi({});
    renderWithProviders(<ConductHackathonPage />, { route });
    expect((screen.getByLabelText(/Hackathon Title/) as HTMLInputElement).value).toBe(
      'Neighbourhood tool library',
    );
    expect((screen.getByLabelText(/^Description/) as HTMLTextAreaElement).value).toBe(
      'Lend drills & ladders',
    );
    const note = screen.getByTestId('hackathon-from-idea');
    expect(note.textContent).toContain('Proposed from the idea “Neighbourhood tool library”');
    const link = screen.getByRole('link', { name: '“Neighbourhood tool library”' });
    expect(link.getAttribute('href')).toBe('/idea/i1');
  });

  it('signed out: comes back to the same idea after logging in', () => {
    clearSession();
    mockApi({});
    renderWithProviders(<ConductHackathonPage />, { route });
    fireEvent.click(screen.getByRole('link', { name: /Log In/ }));
    expect(takeRedirectAfterLogin()).toBe(route);
  });

  it('sends the idea’s id with the prefilled words, then clears the form and the idea', async () => {
    const sent: FormData[] = [];
    onApi(async (request, url) => {
      if (request.method !== 'POST' || url !== '/api/hackathons/submit') return undefined;
      sent.push(await request.formData());
      return Response.json(
        { message: MSG.hackathonSubmitted, hackathon: { ...saved, idea: { _id: 'i1', title: 'x' } } },
        { status: 201 },
      );
    });
    renderWithProviders(<ConductHackathonPage />, { route });
    await fillTheRest();
    fireEvent.click(screen.getByRole('button', { name: 'Submit for Review' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    const body = sent[0]!;
    expect(body.get('ideaId')).toBe('i1');
    expect(body.get('title')).toBe('Neighbourhood tool library');
    expect(body.get('description')).toBe('Lend drills & ladders');
    expect(body.get('category')).toBe('Other');
    await waitFor(() => expect(screen.queryByTestId('hackathon-from-idea')).toBeNull());
    expect((screen.getByLabelText(/Hackathon Title/) as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('location').textContent).toBe('/conduct-hackathon');
  });

  it('a form opened without an idea sends none and says nothing about one', async () => {
    const sent: FormData[] = [];
    onApi(async (request, url) => {
      if (request.method !== 'POST' || url !== '/api/hackathons/submit') return undefined;
      sent.push(await request.formData());
      return Response.json({ message: MSG.hackathonSubmitted, hackathon: saved }, { status: 201 });
    });
    renderWithProviders(<ConductHackathonPage />, { route: '/conduct-hackathon' });
    expect(screen.queryByTestId('hackathon-from-idea')).toBeNull();
    fireEvent.change(screen.getByLabelText(/Hackathon Title/), { target: { value: 'Plain Sprint' } });
    fireEvent.change(screen.getByLabelText(/^Description/), { target: { value: 'Build anything.' } });
    await fillTheRest();
    fireEvent.click(screen.getByRole('button', { name: 'Submit for Review' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.has('ideaId')).toBe(false);
    expect(sent[0]!.get('title')).toBe('Plain Sprint');
  });
});

/** The required fields an idea does not fill: organiser, dates, prize pool and category. */
async function fillTheRest() {
  const fill = (label: RegExp, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  fill(/Organizer Name/, 'Olga');
  fill(/Organizer Email/, 'olga@hack.test');
  fill(/Start Date/, '2030-11-24T09:00');
  fill(/End Date/, '2030-11-26T18:00');
  fill(/Prize Pool/, '₹50,000');
  fireEvent.click(screen.getByRole('combobox', { name: /Category/ }));
  fireEvent.click(await screen.findByRole('option', { name: 'Other' }));
}

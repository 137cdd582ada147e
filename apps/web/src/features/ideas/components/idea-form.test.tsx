import { IDEA_CATEGORIES } from '@agora/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { mockApi } from '../../../test/server';
import { IdeaForm } from './idea-form';

const WARD = {
  _id: '5d0c1e2a-7b1f-4c3e-9a55-2f6d8e1b0a01',
  name: 'Ward 12 Office',
  kind: 'government',
  verified: true,
};
const SOLARCO = {
  _id: '5d0c1e2a-7b1f-4c3e-9a55-2f6d8e1b0a02',
  name: 'SolarCo',
  kind: 'company',
  verified: false,
};

function renderForm() {
  const onShared = vi.fn();
  const calls = mockApi({
    'POST /api/ideas': { status: 201, body: { _id: 'i1', title: 'Solar kiosks' } },
    'GET /api/ideas/search': { body: [] },
    // The picker searches by name on the server: 'ward' finds the ward office, 'solar' the company.
    'GET /api/organizations': (c) => {
      const q = new URL(c.url, 'http://x').searchParams.get('q')?.toLowerCase() ?? '';
      return { body: [WARD, SOLARCO].filter((o) => q && o.name.toLowerCase().includes(q)) };
    },
  });
  renderWithProviders(
    <IdeaForm categories={IDEA_CATEGORIES} tagsAs="string" withContactInfo onShared={onShared} />,
  );
  return { calls, onShared };
}
const posted = (calls: ReturnType<typeof mockApi>) => calls.filter((c) => c.method === 'POST');

describe('IdeaForm', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows every missing field inline at once, focuses the first, and sends nothing', async () => {
    const { calls } = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Share Idea' }));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(screen.getByText('Description is required')).toBeTruthy();
    expect(screen.getByText('Please choose a category')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Title/ }));
    expect(posted(calls)).toHaveLength(0);

    // With a title, the description is the first invalid field.
    fireEvent.change(screen.getByRole('textbox', { name: /Title/ }), { target: { value: 'Solar kiosks' } });
    fireEvent.click(screen.getByRole('button', { name: 'Share Idea' }));
    await waitFor(() => expect(screen.queryByText('Title is required')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Description/ }));
  });

  it('applies the server schema’s tag rules in the browser', async () => {
    const { calls } = renderForm();
    fireEvent.change(screen.getByRole('textbox', { name: /Title/ }), { target: { value: 'Solar kiosks' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Description/ }), {
      target: { value: 'For villages' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Tags/ }), {
      target: { value: Array.from({ length: 21 }, (_, i) => `t${i}`).join(', ') },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Share Idea' }));
    expect(await screen.findByText('At most 20 tags are allowed')).toBeTruthy();
    expect(screen.getByText('Please choose a category')).toBeTruthy();
    expect(posted(calls)).toHaveLength(0);
  });

  it('tags the organisations picked by name: their ids go with the new idea, a removed one does not', async () => {
    const { calls, onShared } = renderForm();
    fireEvent.change(screen.getByRole('textbox', { name: /Title/ }), { target: { value: 'Solar kiosks' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Description/ }), {
      target: { value: 'For villages' },
    });
    fireEvent.click(screen.getByRole('combobox', { name: /Category/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Environment' }));

    const picker = screen.getByPlaceholderText('Search organisations');
    expect(screen.getByText('Tag organisations (up to 3)')).toBeTruthy();
    for (const [typed, option] of [
      ['ward', 'Ward 12 Office ✓ · Government'],
      ['solar', 'SolarCo · Company'],
    ] as const) {
      // Mantine takes only typing into the focused input as a search.
      picker.focus();
      fireEvent.change(picker, { target: { value: typed } });
      fireEvent.click(await screen.findByRole('option', { name: option }));
    }
    // Chips: the verified one carries its mark; the company is taken off again.
    const chips = () => [...document.querySelectorAll<HTMLElement>('.mantine-Pill-root')];
    expect(chips().map((c) => c.textContent)).toEqual(['Ward 12 Office ✓ · Government', 'SolarCo · Company']);
    fireEvent.mouseDown(chips()[1]!.querySelector('button')!);
    fireEvent.click(chips()[1]!.querySelector('button')!);
    await waitFor(() => expect(chips().map((c) => c.textContent)).toEqual(['Ward 12 Office ✓ · Government']));

    fireEvent.click(screen.getByRole('button', { name: 'Share Idea' }));
    await waitFor(() => expect(onShared).toHaveBeenCalled());
    expect(posted(calls)).toHaveLength(1);
    expect(posted(calls)[0]!.body).toMatchObject({
      title: 'Solar kiosks',
      category: 'Environment',
      organizationIds: [WARD._id],
    });
  });
});

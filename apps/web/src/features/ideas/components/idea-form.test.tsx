import { IDEA_CATEGORIES } from '@agora/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { mockApi } from '../../../test/server';
import { IdeaForm } from './idea-form';

function renderForm() {
  const onShared = vi.fn();
  const calls = mockApi({
    'POST /api/ideas': { status: 201, body: { _id: 'i1', title: 'Solar kiosks' } },
    'GET /api/ideas/search': { body: [] },
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
});

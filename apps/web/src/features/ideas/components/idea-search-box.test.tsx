import { IDEA_SEARCH_MAX_CHARS, MSG } from '@agora/shared';
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { onApi } from '../../../test/server';
import { IdeaSearchBox } from './idea-search-box';

const hit = {
  _id: '11111111-1111-4111-8111-111111111111',
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Solar kiosks',
  description: 'Charging for villages',
  category: 'Environment',
  tags: [],
  likes: 7,
  likeCount: 7,
  createdAt: new Date().toISOString(),
  author: { id: 'a', displayName: 'A' },
};

function setup() {
  render(
    <MantineProvider>
      <MemoryRouter>
        <IdeaSearchBox />
      </MemoryRouter>
    </MantineProvider>,
  );
  return screen.getByRole('textbox', { name: 'Search ideas' });
}

async function type(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

describe('IdeaSearchBox (spec 02 §2 Search)', () => {
  let fetchMock: Mock<(url: string) => Promise<Response | undefined>>;
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    // Called with each request's path and query; answers with what the test resolves it to.
    fetchMock = vi.fn<(url: string) => Promise<Response | undefined>>();
    onApi((_request, url) => fetchMock(url));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits 300 ms after typing stops and searches once with the trimmed text', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify([hit]), { status: 200 }));
    const input = setup();
    await type(input, 's');
    await act(() => vi.advanceTimersByTimeAsync(100));
    await type(input, 'sol');
    await act(() => vi.advanceTimersByTimeAsync(100));
    await type(input, ' solar ');
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/ideas/search?q=solar');
    await act(() => vi.advanceTimersByTimeAsync(0));
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.getByText('Solar kiosks')).toBeTruthy();
    expect(screen.getByText('Environment')).toBeTruthy();
    expect(screen.getByText('7')).toBeTruthy();
    expect(screen.getByText('Solar kiosks').closest('a')?.getAttribute('href')).toBe(`/idea/${hit._id}`);
  });

  it('never searches blank input', async () => {
    const input = setup();
    await type(input, '    ');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the no-results message and hint', async () => {
    fetchMock.mockResolvedValue(new Response('[]', { status: 200 }));
    const input = setup();
    await type(input, 'zzz');
    await act(() => vi.advanceTimersByTimeAsync(300));
    await act(() => vi.advanceTimersByTimeAsync(0));
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.getByText(MSG.noIdeasFound)).toBeTruthy();
    expect(screen.getByText(MSG.noIdeasHint)).toBeTruthy();
  });

  it('logs a failure only and clears the results', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify([hit]), { status: 200 }));
    const input = setup();
    await type(input, 'solar');
    await act(() => vi.advanceTimersByTimeAsync(300));
    await act(() => vi.advanceTimersByTimeAsync(0));
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.getByText('Solar kiosks')).toBeTruthy();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await type(input, 'solar power');
    await act(() => vi.advanceTimersByTimeAsync(300));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(log).toHaveBeenCalled();
    expect(screen.queryByText('Solar kiosks')).toBeNull();
    expect(screen.queryByText(MSG.noIdeasFound)).toBeNull();
    log.mockRestore();
  });

  it('takes at most the characters the server accepts (IDEA_SEARCH_MAX_CHARS)', () => {
    const input = setup();
    expect(input.getAttribute('maxlength')).toBe(String(IDEA_SEARCH_MAX_CHARS));
  });
});

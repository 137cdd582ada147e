import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { mockApi } from '../../../test/server';
import { viewport } from '../../../test/viewport';
import { QuestionsPage } from './questions-page';

const api = () =>
  mockApi({
    'GET /api/questions/public': { body: [] },
    'GET /api/questions/categories': { body: {} },
  });

describe('QuestionsPage search box', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('at 390 px has a placeholder that fits beside Filters and Sort, and keeps its full name', () => {
    viewport(390);
    api();
    renderWithProviders(<QuestionsPage />, { route: '/questions' });
    const box = screen.getByRole('textbox', { name: 'Search questions' });
    expect(box.getAttribute('placeholder')).toBe('Search');
  });

  it('on a wide screen says what it searches', () => {
    viewport(1280);
    api();
    renderWithProviders(<QuestionsPage />, { route: '/questions' });
    expect(screen.getByRole('textbox', { name: 'Search questions' }).getAttribute('placeholder')).toBe(
      'Search questions',
    );
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { SortMenu } from './sort-menu';

describe('SortMenu', () => {
  it('is a button until pressed; the menu then opens and a choice sets the order', async () => {
    const onSort = vi.fn();
    renderWithProviders(<SortMenu sort="date-new" wide onSort={onSort} />);
    const button = screen.getByRole('button', { name: 'Sort: Newest first' });
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(button);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Oldest first' }));
    expect(onSort).toHaveBeenCalledWith('date-old');
  });
});

import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { Hint } from './hint';

describe('Hint', () => {
  it('shows its label for a mouse over the control and describes the control with it', () => {
    renderWithProviders(
      <Hint label="Share">
        <button type="button" aria-label="Share idea">
          ↗
        </button>
      </Hint>,
    );
    const button = screen.getByRole('button', { name: 'Share idea' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.pointerEnter(button, { pointerType: 'mouse' });
    const tip = screen.getByRole('tooltip');
    expect(tip.textContent).toBe('Share');
    expect(button.getAttribute('aria-describedby')).toBe(tip.id);
    fireEvent.pointerLeave(button);
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(button.getAttribute('aria-describedby')).toBeNull();
  });

  it('shows it on keyboard focus, hides it on Escape and on blur; a touch shows nothing', () => {
    renderWithProviders(
      <Hint label="Use my location">
        <button type="button" aria-label="Locate me">
          ◎
        </button>
      </Hint>,
    );
    const button = screen.getByRole('button', { name: 'Locate me' });
    fireEvent.pointerEnter(button, { pointerType: 'touch' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => button.focus());
    expect(screen.getByRole('tooltip').textContent).toBe('Use my location');
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => button.blur());
    act(() => button.focus());
    expect(screen.getByRole('tooltip')).toBeTruthy();
    act(() => button.blur());
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});

import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NewTabMark } from './new-tab';

describe('NewTabMark', () => {
  it('puts "(opens in a new tab)" into the control\'s accessible name, after its visible words', () => {
    render(
      <MantineProvider env="test">
        <a href="/share-idea" target="_blank" rel="noopener">
          Share Idea
          <NewTabMark />
        </a>
      </MantineProvider>,
    );
    expect(screen.getByRole('link', { name: 'Share Idea (opens in a new tab)' })).toBeTruthy();
  });
});

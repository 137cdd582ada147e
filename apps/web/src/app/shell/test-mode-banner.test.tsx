import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { mockApi } from '../../test/server';
import { TEST_MODE_HEIGHT_VAR, TestModeBanner } from './test-mode-banner';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('test-mode strip', () => {
  it('reserves its own measured height at the bottom of the page (a wrapped strip included)', async () => {
    mockApi({ 'GET /api/settings/payments': { body: { testMode: true, provider: 'sandbox' } } });
    // On a narrow screen the strip wraps to two lines: 42 px, not the 24 a fixed spacer assumed.
    // The browser reports the strip's size through a ResizeObserver once it has laid it out.
    const observed: Element[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly cb: ResizeObserverCallback) {}
        observe(el: Element) {
          observed.push(el);
          const h = (el as HTMLElement).dataset.testid === 'test-mode-banner' ? 42 : 0;
          queueMicrotask(() =>
            this.cb(
              [
                {
                  target: el,
                  borderBoxSize: [{ blockSize: h, inlineSize: 390 }],
                } as unknown as ResizeObserverEntry,
              ],
              this as unknown as ResizeObserver,
            ),
          );
        }
        unobserve() {}
        disconnect() {}
      },
    );
    const { unmount } = renderWithProviders(<TestModeBanner />);
    expect(await screen.findByTestId('test-mode-banner')).toBeTruthy();
    await waitFor(() =>
      expect(document.documentElement.style.getPropertyValue(TEST_MODE_HEIGHT_VAR)).toBe('42px'),
    );
    expect(observed.map((el) => (el as HTMLElement).dataset.testid)).toEqual(['test-mode-banner']);
    unmount();
    expect(document.documentElement.style.getPropertyValue(TEST_MODE_HEIGHT_VAR)).toBe('');
  });

  it('reserves nothing when payments are real', async () => {
    const calls = mockApi({
      'GET /api/settings/payments': { body: { testMode: false, provider: 'razorpay' } },
    });
    renderWithProviders(<TestModeBanner />);
    await waitFor(() => expect(calls.length).toBe(1));
    expect(screen.queryByTestId('test-mode-banner')).toBeNull();
    expect(document.documentElement.style.getPropertyValue(TEST_MODE_HEIGHT_VAR)).toBe('');
  });
});

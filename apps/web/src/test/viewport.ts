import { vi } from 'vitest';

/**
 * The window's width, as a page's media queries (`(min-width: …em)`) see it. Undo with
 * vi.unstubAllGlobals() (afterEach).
 */
export function viewport(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*([\d.]+)em/.exec(query);
    return {
      matches: min ? width >= Number(min[1]) * 16 : false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    };
  });
}

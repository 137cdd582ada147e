import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './server';

// Mantine needs these browser APIs, which jsdom lacks.
const g = globalThis as unknown as Record<string, unknown>;
if (!g.matchMedia) {
  g.matchMedia = (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}
if (!g.ResizeObserver) {
  g.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
Element.prototype.scrollIntoView ||= () => {};
// Autosizing textareas listen for web fonts loading.
if (!(document as unknown as { fonts?: unknown }).fonts) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}
afterEach(() => cleanup());
// msw answers every request a test makes (src/test/server.ts); one it does not answer fails the test.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
// Lazy chunks (menus, panels, dialogs) are transformed on first import: on a busy machine that can
// take longer than Testing Library's default 1 s wait.
configure({ asyncUtilTimeout: 5000 });

/**
 * The component tests' setup (vitest project `component`, jsdom): Testing Library's matchers, a
 * clean DOM after each test, and the browser parts Mantine uses that jsdom does not have.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Mantine's colour scheme and media queries (useMediaQuery, the theme) ask matchMedia.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

// Scroll areas and comboboxes measure themselves.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

// A combobox scrolls its selected option into view.
Element.prototype.scrollIntoView = () => {};

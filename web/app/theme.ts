/**
 * Theme settings (SPEC §9): one local-storage entry, `theme`, holding `<scheme>.<colour>`
 * (default `light.purple`). Both halves apply at once, without a reload
 * (docs/decisions: theme switches apply at once).
 */
import {
  type CSSVariablesResolver,
  createTheme,
  type MantineColorScheme,
  type MantineColorSchemeManager,
  type MantineColorsTuple,
} from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { foldFilter } from '../lib/select-filter';

export const THEME_STORAGE_KEY = 'theme';

export const THEME_COLORS = [
  { value: 'purple', label: 'Mov', swatch: '#7b2eda' },
  { value: 'blue', label: 'Albastru', swatch: '#228be6' },
  { value: 'green', label: 'Verde', swatch: '#2f9e44' },
  { value: 'orange', label: 'Portocaliu', swatch: '#f76707' },
  { value: 'red', label: 'Roșu', swatch: '#e03131' },
] as const;

export type ThemeColor = (typeof THEME_COLORS)[number]['value'];
export type Scheme = 'light' | 'dark';
type Stored = { scheme: Scheme; color: ThemeColor };

const DEFAULTS: Stored = { scheme: 'light', color: 'purple' };

function isColor(v: string | undefined): v is ThemeColor {
  return THEME_COLORS.some((c) => c.value === v);
}

/** The stored entry as it is, to tell whether it changed (null when storage is disabled). */
function storedTheme(): string | null {
  try {
    return window.localStorage.getItem(THEME_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function readTheme(): Stored {
  // Storage disabled (private mode): the defaults, not a crash.
  const [scheme, color] = (storedTheme() ?? '').split('.');
  return {
    scheme: scheme === 'dark' || scheme === 'light' ? scheme : DEFAULTS.scheme,
    color: isColor(color) ? color : DEFAULTS.color,
  };
}

/** In-tab listeners of the colour (the scheme's own state lives in Mantine). */
const colorListeners = new Set<() => void>();

function writeTheme(next: Stored) {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, `${next.scheme}.${next.color}`);
  } catch {
    /* storage disabled: the choice lasts for this page only */
  }
}

/**
 * Another tab changed the theme: follow it. Listened for once the page is idle: Chromium's first
 * `storage` listener of a page costs it 1-12 ms (it starts hearing other tabs' storage), in the
 * task that commits the first page, which is a phone's longest (decision 0066).
 */
function onOtherTab(listener: () => void) {
  const onStorage = (e: StorageEvent) => {
    if (e.key === THEME_STORAGE_KEY) listener();
  };
  const seen = storedTheme();
  let listening = false;
  const listen = () => {
    listening = true;
    window.addEventListener('storage', onStorage);
    // Another tab may have changed the theme while this page was not yet listening: follow it.
    if (storedTheme() !== seen) listener();
  };
  // Safari has no requestIdleCallback.
  const hasIdle = 'requestIdleCallback' in window;
  const idle = hasIdle
    ? window.requestIdleCallback(listen, { timeout: 2000 })
    : window.setTimeout(listen, 500);
  return () => {
    if (listening) window.removeEventListener('storage', onStorage);
    else if (hasIdle) window.cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  };
}

function subscribeColor(listener: () => void) {
  colorListeners.add(listener);
  const off = onOtherTab(listener);
  return () => {
    colorListeners.delete(listener);
    off();
  };
}

/**
 * Mantine keeps the colour scheme through this manager, i.e. in the `scheme` half of `theme`.
 * `set` only stores (Mantine already applied the value); `subscribe` hears other tabs only, as
 * Mantine's own local-storage manager does, so a change never echoes back into Mantine.
 */
export const colorSchemeManager: MantineColorSchemeManager = (() => {
  let off: (() => void) | null = null;
  return {
    get: () => readTheme().scheme,
    set: (value: MantineColorScheme) => {
      writeTheme({ ...readTheme(), scheme: value === 'dark' ? 'dark' : 'light' });
    },
    subscribe: (onUpdate) => {
      off?.();
      off = onOtherTab(() => onUpdate(readTheme().scheme));
    },
    unsubscribe: () => {
      off?.();
      off = null;
    },
    clear: () => writeTheme(DEFAULTS),
  };
})();

export function useThemeColor(): [ThemeColor, (c: ThemeColor) => void] {
  const color = useSyncExternalStore(subscribeColor, () => readTheme().color);
  const setColor = (c: ThemeColor) => {
    writeTheme({ ...readTheme(), color: c });
    for (const l of colorListeners) l();
  };
  return [color, setColor];
}

/** Applies the stored scheme before React renders, so a dark page never flashes white. */
export function applyStoredSchemeEarly() {
  document.documentElement.setAttribute('data-mantine-color-scheme', readTheme().scheme);
}

const purple: MantineColorsTuple = [
  '#f6ecff',
  '#e7d6fb',
  '#caabf1',
  '#ac7ce8',
  '#9354e0',
  '#833bdb',
  '#7b2eda',
  '#6921c2',
  '#5d1cae',
  '#501599',
];

export function buildTheme(color: ThemeColor) {
  return createTheme({
    primaryColor: color,
    primaryShade: { light: 6, dark: 7 },
    colors: { purple },
    defaultRadius: 'md',
    cursorType: 'pointer',
    // Dark text on light fills (orange, yellow...) so every colour choice stays readable.
    autoContrast: true,
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    headings: { fontWeight: '650' },
    // Every searchable select matches without case and diacritics (web/lib/select-filter.ts).
    components: {
      Select: { defaultProps: { filter: foldFilter } },
      MultiSelect: { defaultProps: { filter: foldFilter } },
      Autocomplete: { defaultProps: { filter: foldFilter } },
    },
  });
}

/**
 * Mantine's default "dimmed" text (gray 6 on white, dark 2 on dark 7) and error text (red 6
 * on white, red 8 on dark) are below the WCAG AA 4.5:1 contrast; these shades pass it.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a', '--mantine-color-error': 'var(--mantine-color-red-8)' },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-6)',
  },
});

import { useComputedColorScheme } from '@mantine/core';
import type { CSSProperties } from 'react';

/**
 * Secondary text that meets WCAG AA contrast: Mantine's "dimmed" and placeholder greys (about
 * 3.3:1 on white) fail it at small sizes.
 */
export function useMutedColor(): string {
  const scheme = useComputedColorScheme('light');
  return scheme === 'dark' ? 'var(--mantine-color-dark-1)' : 'var(--mantine-color-gray-7)';
}

/** Redefines the dimmed and placeholder colours for everything under an element. */
export function useMutedScope(): CSSProperties {
  const muted = useMutedColor();
  return { '--mantine-color-dimmed': muted, '--mantine-color-placeholder': muted } as CSSProperties;
}

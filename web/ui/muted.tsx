/**
 * Secondary text that still meets WCAG AA contrast: Mantine's "dimmed" and placeholder greys
 * (gray.6 on white, about 3.3:1) fail it at small sizes.
 */
import { Text, type TextProps, useComputedColorScheme } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

/** The muted colour of the current scheme (also for a date picker's placeholder, a button's text). */
export function useMutedColor(): string {
  const scheme = useComputedColorScheme('light');
  return scheme === 'dark' ? 'var(--mantine-color-dark-1)' : 'var(--mantine-color-gray-7)';
}

export function MutedText({ children, ...props }: TextProps & { children: ReactNode }) {
  return (
    <Text c={useMutedColor()} {...props}>
      {children}
    </Text>
  );
}

/** Redefines the dimmed and placeholder colours for everything under an element. */
export function useMutedScope(): CSSProperties {
  const muted = useMutedColor();
  return { '--mantine-color-dimmed': muted, '--mantine-color-placeholder': muted } as CSSProperties;
}

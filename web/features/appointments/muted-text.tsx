import { Text, type TextProps, useComputedColorScheme } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Secondary text that still meets WCAG AA contrast: Mantine's "dimmed" (gray.6 on white, about
 * 3.3:1) fails it at small sizes.
 */
export function MutedText({ children, ...props }: TextProps & { children: ReactNode }) {
  return (
    <Text c={useMutedColor()} {...props}>
      {children}
    </Text>
  );
}

/** The same colour for a date picker's placeholder (a button's text, so contrast rules apply). */
export function useMutedColor(): string {
  const scheme = useComputedColorScheme('light');
  return scheme === 'dark' ? 'var(--mantine-color-dark-1)' : 'var(--mantine-color-gray-7)';
}

import { Box } from '@mantine/core';

/**
 * A grey bar inside a line of text while its value loads: a span, so it sits in a `<p>` or a
 * link's text, and the line keeps its own height (the text's line box holds it), so nothing moves
 * when the value replaces it. Mantine's Skeleton is a div and cannot sit there.
 */
export function TextPlaceholder({ w, h = '0.9em' }: { w: number | string; h?: number | string }) {
  return (
    <Box
      component="span"
      display="inline-block"
      w={w}
      h={h}
      bg="var(--mantine-color-default-border)"
      style={{ verticalAlign: 'middle', borderRadius: 'var(--mantine-radius-sm)' }}
    />
  );
}

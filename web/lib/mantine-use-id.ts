/**
 * Mantine's `useId` (from `@mantine/hooks`) without its second render: the build puts this module
 * in place of Mantine's own (vite.config.ts, docs/decisions/0066-public-form-first-render.md).
 *
 * Mantine's version returns React's id on the first render, then replaces it with a random one in
 * a layout effect. That state change re-renders every input, label and radio of a page once more,
 * synchronously, right after the page first appears: on the public form a task of 80-90 ms on a
 * throttled phone. React's id is already unique within the page's root and stable for the
 * component's life (Mantine's own contract), so it is kept. The browser root has its own prefix
 * (web/main.tsx), so its ids never meet those of the build-time first paint.
 */
import { useId as useReactId } from 'react';

export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}

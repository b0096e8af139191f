/**
 * The public pages' static first paint (web/prerender.tsx) sits above the app's root until
 * React has rendered the page underneath; then it goes, in the same frame (layout effect), so
 * nothing flashes or moves. A page that fails to load removes it too (error boundary).
 */
import { useLayoutEffect } from 'react';

export function removeStaticFirstPaint() {
  document.getElementById('static-first-paint')?.remove();
}

/** Rendered beside a lazy page inside its Suspense: commits when the page does. */
export function StaticFirstPaintDone() {
  useLayoutEffect(removeStaticFirstPaint, []);
  return null;
}

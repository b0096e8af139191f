import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { seedInstitute } from './app/institute';
import { Providers } from './app/providers';
import { applyStoredSchemeEarly } from './app/theme';
import { queryClient } from './lib/query-client';
import { AppRoutes } from './router';

applyStoredSchemeEarly();
seedInstitute(queryClient, document.querySelector('meta[name="institute"]')?.getAttribute('content'));

function render() {
  // Its own prefix for React's ids (and so Mantine's, web/lib/mantine-use-id.ts): the static
  // first paint, rendered at build with the default one, is still in the page for a moment.
  const root = createRoot(document.getElementById('root')!, { identifierPrefix: 'app' });
  // A transition: React renders the first page in slices of a few milliseconds, yielding to the
  // browser in between, instead of one long task that keeps a phone from answering a tap
  // (Lighthouse's Total Blocking Time; docs/decisions/0042-public-form-first-load.md).
  startTransition(() => {
    root.render(
      <StrictMode>
        <Providers>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </Providers>
      </StrictMode>,
    );
  });
}

// A public page arrives with a static first paint (web/prerender.tsx, server/platform/spa-index.ts):
// let the browser paint it before rendering (the animation frame comes just before the next
// paint, the timeout just after it). A hidden tab does not paint: render at once there.
if (document.getElementById('static-first-paint') && document.visibilityState === 'visible') {
  requestAnimationFrame(() => setTimeout(render, 0));
} else {
  render();
}

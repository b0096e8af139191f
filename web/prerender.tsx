/**
 * Build-time first paint of the public pages (scripts/build.mjs, server/platform/spa-index.ts).
 *
 * Each page people land on from outside is rendered here to static markup, with the default
 * theme and no data (as the browser's first render has it). The server puts that markup in
 * index.html above the app's root, so the page paints as soon as the HTML and stylesheets
 * arrive, before any JavaScript; the page removes it when React has rendered the same page
 * underneath (`useRemoveStaticFirstPaint`). It is never hydrated: React renders its own copy, so
 * the markup cannot go stale against the code, only differ for a moment (dark scheme, colour).
 */
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { type Institute, seedInstitute } from './app/institute';
import { buildTheme, cssVariablesResolver } from './app/theme';
import LoginPage from './features/auth/login-page';
import LandingPage from './features/registration/landing-page';
import RegisterPage from './features/registration/register-page';
import SelfServicePage from './features/self-service/self-service-page';
import { createQueryClient } from './lib/query-client';

/** Page path → page, the same pages web/router.tsx loads lazily. */
export const PAGES: Record<string, ComponentType> = {
  '/': LandingPage,
  '/user/register': RegisterPage,
  '/user/login': LoginPage,
  // Without data: the frame, the heading and "Se încarcă programarea…" until the appointment is there (0067).
  '/p/:token': SelfServicePage,
};

/**
 * The institute comes from the server's configuration, not the build: the markup holds these
 * tokens, which the server replaces (HTML-escaped) with its configured values.
 */
export const INSTITUTE_TOKENS: Institute = {
  name: '%%institute.name%%',
  tagline: '%%institute.tagline%%',
  contactEmail: '%%institute.contactEmail%%',
  gdprProtocolUrl: '%%institute.gdprProtocolUrl%%',
};

export function prerender(path: string): string {
  const Page = PAGES[path];
  if (!Page) throw new Error(`No prerendered page for ${path}`);
  const client = createQueryClient();
  seedInstitute(client, JSON.stringify(INSTITUTE_TOKENS));
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MantineProvider
        theme={buildTheme('purple')}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="light"
        forceColorScheme="light"
      >
        <MemoryRouter initialEntries={[path]}>
          <Page />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

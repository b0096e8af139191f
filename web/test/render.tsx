/**
 * Renders a component as the app does (web/app/providers.tsx): inside Mantine (its test mode: no
 * transitions, no portals), its confirmation dialogs (as web/app/shell.tsx gives them), Romanian
 * dates and a query client of its own, so no answer is shared
 * between tests. The network is the test's: stub `fetch` (web/test/fetch.ts), never the hooks.
 */
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import { render as rtlRender } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createQueryClient } from '../lib/query-client';
import { RomanianDates } from '../lib/romanian-dates';

export function render(ui: ReactElement) {
  const client = createQueryClient();
  const user = userEvent.setup();
  const view = rtlRender(ui, {
    wrapper: ({ children }) => (
      <QueryClientProvider client={client}>
        <MantineProvider env="test">
          <ModalsProvider labels={{ confirm: 'Confirmă', cancel: 'Renunță' }}>
            <RomanianDates>{children}</RomanianDates>
          </ModalsProvider>
        </MantineProvider>
      </QueryClientProvider>
    ),
  });
  return { ...view, user, client };
}

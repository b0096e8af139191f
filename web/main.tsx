import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import './app/global.css';
import '../domain/zod-setup';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { seedInstitute } from './app/institute';
import { Providers } from './app/providers';
import { applyStoredSchemeEarly } from './app/theme';
import { queryClient } from './lib/query-client';
import { AppRoutes } from './router';

applyStoredSchemeEarly();
seedInstitute(queryClient, document.querySelector('meta[name="institute"]')?.getAttribute('content'));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);

/**
 * The back-office shell (SPEC §2): top bar, left menu (hidden below 768 px behind the toggle),
 * the page, and a footer with the institute tagline. Guarded by `RequireUser`.
 */
import { AppShell, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { RomanianDates } from '../lib/romanian-dates';
import { RequireUser } from './current-user';
import { RouteErrorBoundary } from './error-boundary';
import { useInstitute } from './institute';
import { PageLoader } from './loaders';
import { MainNav } from './main-nav';
import { TopBar } from './top-bar';

export default function AppShellLayout() {
  return (
    <RequireUser>
      {/* Modals only in the back office: the public pages do not download them. Inside the
          router, so modal content may use links and router hooks. */}
      <ModalsProvider labels={{ confirm: 'Confirmă', cancel: 'Renunță' }}>
        <RomanianDates>
          <Shell />
        </RomanianDates>
      </ModalsProvider>
    </RequireUser>
  );
}

function Shell() {
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopOpened, desktop] = useDisclosure(true);
  // 48em = 768 px, Mantine's `sm` breakpoint: the same one the navbar collapses at.
  const isDesktop = useMediaQuery('(min-width: 48em)', true);
  const institute = useInstitute();
  const menuOpened = isDesktop ? desktopOpened : mobileOpened;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } }}
      footer={{ height: 36 }}
      padding="md"
    >
      <a href="#main-content" className="skip-link">
        Sări la conținut
      </a>
      <AppShell.Header>
        <TopBar menuOpened={menuOpened} onToggleMenu={isDesktop ? desktop.toggle : mobile.toggle} />
      </AppShell.Header>
      <AppShell.Navbar p="sm" id="meniu-principal" aria-label="Meniu principal">
        <MainNav onNavigate={mobile.close} />
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1}>
        <RouteErrorBoundary compact>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </AppShell.Main>
      <AppShell.Footer px="md">
        <Text size="xs" c="dimmed" ta="center" lh="36px" truncate="end">
          {institute.data?.tagline ?? ''}
        </Text>
      </AppShell.Footer>
    </AppShell>
  );
}

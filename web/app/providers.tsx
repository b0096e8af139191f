import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { queryClient } from '../lib/query-client';
import { NotificationsHost } from './notifications-host';
import { buildTheme, colorSchemeManager, cssVariablesResolver, useThemeColor } from './theme';

export function Providers({ children }: { children: ReactNode }) {
  const [color] = useThemeColor();
  const theme = useMemo(() => buildTheme(color), [color]);
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider
        theme={theme}
        colorSchemeManager={colorSchemeManager}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="light"
      >
        <NotificationsHost />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}

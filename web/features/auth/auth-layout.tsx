import { Anchor, Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconHeartbeat } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useInstituteTitle } from '../../app/institute';

/**
 * The frame of the sign-in pages: the institute's name above a card; `backToLogin` ends the card
 * with the link back to the sign-in page.
 */
export function AuthLayout({
  title,
  backToLogin = false,
  children,
}: {
  title: string;
  backToLogin?: boolean;
  children: ReactNode;
}) {
  const institute = useInstituteTitle(title);
  const name = institute.data?.name;
  return (
    <Box
      component="main"
      mih="100dvh"
      style={{
        background:
          'linear-gradient(160deg, var(--mantine-primary-color-light) 0%, var(--mantine-color-body) 55%)',
      }}
    >
      <Center mih="100dvh" p="md">
        <Stack w="100%" maw={420} gap="lg">
          <Stack align="center" gap={6} ta="center">
            <IconHeartbeat size={44} color="var(--mantine-primary-color-filled)" aria-hidden />
            <Text fw={700} size="lg" data-testid="institute-name" mih={28}>
              {name ?? ''}
            </Text>
          </Stack>
          <Paper withBorder shadow="md" p={{ base: 'lg', sm: 'xl' }} radius="lg">
            <Stack gap="md">
              <Title order={1} size="h3">
                {title}
              </Title>
              {children}
              {backToLogin && (
                <Anchor component={Link} to="/user/login" size="sm" ta="center">
                  Înapoi la autentificare
                </Anchor>
              )}
            </Stack>
          </Paper>
          {institute.data?.tagline && (
            <Group justify="center">
              <Text size="xs" c="dimmed">
                {institute.data.tagline}
              </Text>
            </Group>
          )}
        </Stack>
      </Center>
    </Box>
  );
}

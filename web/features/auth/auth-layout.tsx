import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconHeartbeat } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { useInstitute } from '../../app/institute';

/** The frame of the sign-in pages: the institute's name above a card. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const institute = useInstitute();
  const name = institute.data?.name;
  useEffect(() => {
    document.title = name ? `${title} - ${name}` : title;
  }, [title, name]);
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

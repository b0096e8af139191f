import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/**
 * What a page that failed to render (or whose code could not be loaded, e.g. after an update)
 * shows. Part of the first load, so it stays plain: no icons, no extra components.
 */
export function RenderErrorPage({ compact = false }: { compact?: boolean }) {
  return (
    <Center mih={compact ? 320 : '100dvh'} p="md" component={compact ? 'div' : 'main'}>
      <Stack align="center" ta="center" gap="md" maw={520}>
        <Title order={1} size="h2">
          A aparut o eroare neasteptata
        </Title>
        <Text c="dimmed">Reincarcati pagina. Daca problema persista, contactati administratorul.</Text>
        <Group justify="center">
          <Button onClick={() => window.location.reload()}>Reincarca pagina</Button>
          <Button component={Link} to="/app" variant="default">
            Inapoi la aplicatie
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}

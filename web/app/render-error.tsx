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
          A apărut o eroare neașteptată
        </Title>
        <Text c="dimmed">Reîncărcați pagina. Dacă problema persistă, contactați administratorul.</Text>
        <Group justify="center">
          <Button onClick={() => window.location.reload()}>Reîncarcă pagina</Button>
          <Button component={Link} to="/app" variant="default">
            Înapoi la aplicație
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}

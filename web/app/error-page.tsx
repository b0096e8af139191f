import { Button, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconRefresh } from '@tabler/icons-react';
import { Link, useRouteError } from 'react-router';

/** /error: where unknown paths land (SPEC §2, texts verbatim). */
export function ErrorPage() {
  return (
    <Center mih="100dvh" p="md" component="main">
      <Stack align="center" ta="center" gap="md" maw={520}>
        <Text fw={800} fz={96} lh={1} c="var(--mantine-primary-color-filled)" aria-hidden>
          404
        </Text>
        <Title order={1} size="h2">
          Ooops... looks like an error occurred!
        </Title>
        <Text c="dimmed" size="lg">
          Error code 404
        </Text>
        <Button component={Link} to="/app" size="md" leftSection={<IconArrowLeft size={18} aria-hidden />}>
          Inapoi la aplicatie
        </Button>
      </Stack>
    </Center>
  );
}

/** A page failed to render or its code could not be loaded (e.g. after an update). */
export function RouteErrorPage() {
  const error = useRouteError();
  if (error) console.error(error);
  return (
    <Center mih="100dvh" p="md" component="main">
      <Stack align="center" ta="center" gap="md" maw={520}>
        <ThemeIcon size={64} radius="xl" color="red" variant="light">
          <IconAlertTriangle size={34} aria-hidden />
        </ThemeIcon>
        <Title order={1} size="h2">
          A aparut o eroare neasteptata
        </Title>
        <Text c="dimmed">Reincarcati pagina. Daca problema persista, contactati administratorul.</Text>
        <Group>
          <Button
            leftSection={<IconRefresh size={18} aria-hidden />}
            onClick={() => window.location.reload()}
          >
            Reincarca pagina
          </Button>
          <Button component={Link} to="/app" variant="default">
            Inapoi la aplicatie
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}

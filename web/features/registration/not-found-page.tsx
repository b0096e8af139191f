/**
 * A public address that does not exist (a mistyped /user/registr): the institute's header, a
 * Romanian explanation and the ways on (the request form, the home page). The server answers
 * these paths with HTTP 404. Staff paths (/app/...) keep the spec's /error page.
 */
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PublicLayout } from './public-layout';

export default function PublicNotFoundPage() {
  return (
    <PublicLayout title="Pagina nu există">
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }} maw={600} mx="auto" mt="md">
        <Stack gap="md" align="center" ta="center">
          <Text fw={800} fz={64} lh={1} c="var(--mantine-primary-color-filled)" aria-hidden>
            404
          </Text>
          <Title order={1} size="h2">
            Pagina căutată nu există
          </Title>
          <Text>
            Adresa deschisă nu corespunde niciunei pagini a institutului. Verificați adresa sau continuați de
            mai jos.
          </Text>
          <Group justify="center" mt="sm">
            <Button component={Link} to="/user/register">
              Solicită o consultație
            </Button>
            <Button component={Link} to="/" variant="light">
              Pagina principală
            </Button>
          </Group>
        </Stack>
      </Paper>
    </PublicLayout>
  );
}

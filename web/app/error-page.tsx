import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

/** /error: where unknown paths land (SPEC §2, texts verbatim). A lazy page like the others. */
export default function ErrorPage() {
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
          Înapoi la aplicație
        </Button>
      </Stack>
    </Center>
  );
}

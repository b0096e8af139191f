import { Stack, Text, Title } from '@mantine/core';

/** Placeholder until its feature lands. */
export default function MyAccountPage() {
  return (
    <Stack p="md">
      <Title order={1}>Contul meu</Title>
      <Text c="dimmed">Aceasta sectiune va fi disponibila in curand.</Text>
    </Stack>
  );
}

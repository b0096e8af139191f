import { Stack, Text, Title } from '@mantine/core';

/** Placeholder until its feature lands. */
export default function CalendarsPage() {
  return (
    <Stack p="md">
      <Title order={1}>Calendar</Title>
      <Text c="dimmed">Aceasta sectiune va fi disponibila in curand.</Text>
    </Stack>
  );
}

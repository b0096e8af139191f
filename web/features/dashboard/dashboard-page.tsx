import { Stack, Text, Title } from '@mantine/core';
import { displayName, useCurrentUser } from '../../app/current-user';

/** Home (SPEC §2 Dashboard). The stat cards, latest appointments and calendar come with their issue. */
export default function DashboardPage() {
  const user = useCurrentUser();
  return (
    <Stack gap="xs">
      <Title order={1}>Acasa</Title>
      <Text c="dimmed">Bine ati venit, {displayName(user)}!</Text>
    </Stack>
  );
}

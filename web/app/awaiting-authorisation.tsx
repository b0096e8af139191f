import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglass, IconLogout } from '@tabler/icons-react';
import type { SessionUser } from '../../domain/auth';
import { useSignOut } from './sign-out';

/** A signed-in account that a superadmin has not authorised yet: every staff route answers 403. */
export function AwaitingAuthorisation({ user }: { user: SessionUser }) {
  const signOut = useSignOut();
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="lg" maw={480}>
        <Stack align="center" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconHourglass size={30} aria-hidden />
          </ThemeIcon>
          <Title order={1} size="h2">
            Contul așteaptă autorizarea
          </Title>
          <Text>
            Contul <b>{user.email}</b> a fost creat, dar nu a fost încă autorizat de un administrator.
          </Text>
          <Text c="dimmed" size="sm">
            Veți putea folosi aplicația după ce un administrator va autoriza contul. Pentru detalii,
            contactați administratorul institutului.
          </Text>
          <Button leftSection={<IconLogout size={18} aria-hidden />} onClick={() => void signOut()}>
            Deconectare
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}

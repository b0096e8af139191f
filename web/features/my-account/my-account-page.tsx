import { Alert, Divider, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { displayName, useCurrentUser } from '../../app/current-user';
import type { CurrentUser } from '../auth';
import { CalendarFeedCard } from './calendar-feed-card';
import { PasswordForm } from './password-form';
import { TimeOffSection } from './time-off-section';
import { TwoFactorCard } from './two-factor-card';

/** My account (SPEC §2): time off, account details, password, two-factor, calendar feed. */
export default function MyAccountPage() {
  const user: CurrentUser = useCurrentUser();
  return (
    <Stack gap="lg">
      <Title order={1}>Contul meu</Title>
      {user.twoFactorRequired && (
        <Alert color="orange" title="Autentificare în doi pași obligatorie" role="alert">
          Institutul cere autentificarea în doi pași pentru tot personalul. Activați-o mai jos, cu o aplicație
          de autentificare; restul aplicației devine disponibil imediat după.
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            <TimeOffSection />
            <CalendarFeedCard />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper withBorder radius="md" p="md">
            <Stack gap="md">
              <div>
                <Title order={2} size="h4">
                  {displayName(user)}
                </Title>
                <Text c="dimmed" data-testid="account-email">
                  {user.email}
                </Text>
              </div>
              <Divider />
              <PasswordForm />
              <Divider />
              <TwoFactorCard />
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

import { Alert, Divider, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { type CurrentUser, displayName, useCurrentUser } from '../../app/current-user';
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
        <Alert color="orange" title="Autentificare in doi pasi obligatorie" role="alert">
          Institutul cere autentificarea in doi pasi pentru tot personalul. Activati-o mai jos, cu o aplicatie
          de autentificare; restul aplicatiei devine disponibil imediat dupa.
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

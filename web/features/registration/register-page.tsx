/** /user/register: the public remote-consultation request, built for a patient on a phone. */
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useInstitute } from '../../app/institute';
import { PublicLayout } from './public-layout';
import { RegistrationForm } from './registration-form';
import { EmergencyNotice, HowItWorks } from './statements';

export default function RegisterPage() {
  const institute = useInstitute();
  return (
    <PublicLayout title="Cerere de consultație la distanță">
      <Stack gap="lg" maw={720} mx="auto" pt="xs">
        <Stack gap={6}>
          <Title order={1} size="h2">
            Cerere de consultație la distanță
          </Title>
          <Text c="dimmed" size="sm">
            Completați formularul de mai jos. Câmpurile marcate cu * sunt obligatorii.
          </Text>
        </Stack>
        <EmergencyNotice />
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <Title order={2} size="h4" mb="sm">
            Ce trebuie să știți
          </Title>
          <HowItWorks institute={institute.data} />
        </Paper>
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'sm', sm: 'lg' }}>
          <RegistrationForm institute={institute.data} />
        </Paper>
      </Stack>
    </PublicLayout>
  );
}

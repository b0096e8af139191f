/** /user/register: the public remote-consultation request, built for a patient on a phone. */
import { Stack, Text, Title } from '@mantine/core';
import { useInstitute } from '../../app/institute';
import { PublicLayout } from './public-layout';
import { RegistrationForm } from './registration-form';
import { EmergencyNotice, HowItWorks } from './statements';
import classes from './statements.module.css';

export default function RegisterPage() {
  const institute = useInstitute();
  return (
    <PublicLayout title="Cerere de consultație la distanță">
      <Stack gap="lg" pt="xs">
        <Stack gap={6}>
          <Title order={1} size="h2">
            Cerere de consultație la distanță
          </Title>
          <Text c="dimmed" size="sm">
            Completați formularul de mai jos. Câmpurile marcate cu * sunt obligatorii.
          </Text>
        </Stack>
        <EmergencyNotice />
        <section className={classes.card} aria-labelledby="how-title">
          <Title order={2} size="h4" mb="sm" id="how-title">
            Ce trebuie să știți
          </Title>
          <HowItWorks institute={institute.data} />
        </section>
        <section className={`${classes.card} ${classes.raised}`}>
          <RegistrationForm institute={institute.data} />
        </section>
      </Stack>
    </PublicLayout>
  );
}

/** Appointments tab (SPEC §2): cards; the doctor is shown to a superadmin only. */
import { Anchor, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDay, hhmm } from '../../../domain/dates';
import { PATIENT_TEXTS, type PatientDetail } from '../../../domain/patients';
import { formatPhone } from '../../../domain/validation/phone';
import { useCurrentUser } from '../../app/current-user';
import { StatusBadge } from '../../ui/status-badge';

export function AppointmentsTab({ patient }: { patient: PatientDetail }) {
  const user = useCurrentUser();
  if (!patient.appointments.length)
    return (
      <Text c="dimmed" ta="center" py="xl">
        {PATIENT_TEXTS.noAppointments}
      </Text>
    );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
      {patient.appointments.map((a) => (
        <Card key={a.id} withBorder padding="md" data-appointment={a.id}>
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap">
              <Group gap={6} wrap="nowrap">
                <IconClock size={16} aria-hidden />
                <Text fw={600}>
                  {a.selected_time ? hhmm(a.selected_time) : '--:--'}{' '}
                  <Text span c="dimmed" fw={400}>
                    {a.selected_date ? formatDay(a.selected_date) : 'fără dată'}
                  </Text>
                </Text>
              </Group>
            </Group>
            <div>
              <StatusBadge status={a.status} apstatus={a.apstatus} />
            </div>
            {user.superadmin && (
              <Text size="sm">
                <Text span c="dimmed">
                  Medic:{' '}
                </Text>
                {a.doctor ?? 'neasignat'}
              </Text>
            )}
            <Text size="sm">
              <Text span c="dimmed">
                Pacient:{' '}
              </Text>
              {a.patient}
            </Text>
            <Text size="sm">
              {[formatPhone(a.patient_phone), a.patient_email].filter(Boolean).join(' · ')}
            </Text>
            {a.calendar && (
              <Text size="sm" c="dimmed">
                {a.calendar.title}
              </Text>
            )}
            <Anchor component={Link} to={`/app/appointments/${a.id}`} size="sm">
              Deschide programarea
            </Anchor>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

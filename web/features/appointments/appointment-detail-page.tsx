/** /app/appointments/:appointmentId (SPEC §2 "Appointment detail"). */
import { Alert, Button, Grid, Group, Loader, Stack, Tabs, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { StatusRef } from '../../../domain/appointment-replies';
import { NotFoundPanel } from '../../app/not-found-panel';
import { ApiError } from '../../lib/api';
import { StatusBadge } from '../../ui/status-badge';
import { useAppointment } from './api';
import { AppointmentSummary } from './appointment-summary';
import { AssignDoctorModal } from './assign-doctor-modal';
import { DocumentsTab } from './documents-tab';
import { PatientActionsNote, PatientFlags } from './patient-flags';
import { PatientPanel } from './patient-panel';
import { RemoteConsultation } from './remote-consultation';
import { SetAppointmentModal } from './set-appointment-modal';
import { StatusMenu } from './status-menu';

export default function AppointmentDetailPage() {
  const id = Number(useParams().appointmentId);
  const query = useAppointment(id);
  const [chosenStatus, setChosenStatus] = useState<StatusRef | null>(null);
  const [assigning, assignModal] = useDisclosure(false);
  const a = query.data;

  const back = (
    <Button
      component={Link}
      to="/app/appointments"
      variant="subtle"
      leftSection={<IconArrowLeft size={16} />}
      w="fit-content"
    >
      Înapoi la programări
    </Button>
  );
  if (query.isLoading) return <Loader m="xl" />;
  // An unknown (or malformed) id: said inside the shell, with the way back.
  if (!a && (!query.error || (query.error instanceof ApiError && query.error.status === 404)))
    return (
      <NotFoundPanel
        title="Programarea nu a fost găsită"
        message="Programarea nu există sau a fost ștearsă."
        backTo="/app/appointments"
        backLabel="Înapoi la programări"
      />
    );
  if (!a)
    return (
      <Stack>
        {back}
        <Alert color="red">{query.error?.message}</Alert>
      </Stack>
    );

  return (
    <Stack gap="md">
      {back}
      <Group justify="space-between" align="center">
        <Group gap="sm">
          <Title order={1}>{a.patient}</Title>
          <StatusBadge status={a.status} apstatus={a.apstatus} />
          <PatientFlags appointment={a} />
        </Group>
        <StatusMenu appointment={a} onChooseStatus={setChosenStatus} />
      </Group>
      <PatientActionsNote actions={a.patient_actions} />
      <RemoteConsultation appointmentId={a.id} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8, xl: 9 }}>
          <Tabs defaultValue="summary" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="summary">Sumar</Tabs.Tab>
              <Tabs.Tab value="documents">Documente</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="summary">
              <AppointmentSummary appointment={a} onAssign={assignModal.open} />
            </Tabs.Panel>
            <Tabs.Panel value="documents" pt="md">
              <DocumentsTab patientId={a.patient_id} appointmentId={a.id} />
            </Tabs.Panel>
          </Tabs>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4, xl: 3 }}>
          <PatientPanel patient={a.patientData} />
        </Grid.Col>
      </Grid>
      <SetAppointmentModal appointment={a} status={chosenStatus} onClose={() => setChosenStatus(null)} />
      <AssignDoctorModal appointment={a} opened={assigning} onClose={assignModal.close} />
    </Stack>
  );
}

/** Summary tab: when, status, where, who, and delete with a confirmation step (SPEC §2). */
import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconMessageOff, IconStethoscope, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { AppointmentDetail } from '../../../domain/appointment-replies';
import { APPOINTMENT_MESSAGES, statusLabel } from '../../../domain/appointments';
import { formatDay } from '../../../domain/dates';
import { NO_CONTACT_MESSAGE } from '../../../domain/sms';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { MutedText } from '../../ui/muted';
import { AddToWaitlistButton } from '../waitlist';
import { useAppointmentOptions, useDeleteAppointment } from './api';
import { PatientLinkButton } from './patient-link-button';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <MutedText size="xs" tt="uppercase" fw={600}>
        {label}
      </MutedText>
      <Text size="md">{children}</Text>
    </div>
  );
}

export function AppointmentSummary({
  appointment: a,
  onAssign,
}: {
  appointment: AppointmentDetail;
  onAssign: () => void;
}) {
  const navigate = useNavigate();
  const remove = useDeleteAppointment();
  // The waitlist's choices: the calendars and doctors the new-appointment form offers.
  const options = useAppointmentOptions();

  const askDelete = () =>
    modals.openConfirmModal({
      title: 'Ștergeți programarea?',
      children: (
        <Text size="sm">
          Programarea pacientului {a.patient} va fi ștearsă definitiv, iar intervalul ei devine liber.
        </Text>
      ),
      labels: { confirm: 'Șterge', cancel: 'Renunță' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await remove.mutateAsync(a.id);
          notifySuccess(APPOINTMENT_MESSAGES.deleted);
          navigate('/app/appointments');
        } catch (err) {
          notifyFailure(APPOINTMENT_MESSAGES.deleteFailed, err);
        }
      },
    });

  return (
    <Stack gap="lg" py="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Item label="Data și ora">
          {a.selected_date
            ? `${formatDay(a.selected_date)}${a.selected_time ? `, ora ${a.selected_time}` : ''}`
            : '-'}
        </Item>
        <Item label="Status">{statusLabel(a.status, a.apstatus?.title)}</Item>
        <Item label="Locație">{a.calendar?.title ?? '-'}</Item>
        <Item label="Medic">{a.doctor ?? 'Neasignat'}</Item>
      </SimpleGrid>
      {a.contact_channels.length === 0 && (
        <Alert color="yellow" variant="light" icon={<IconMessageOff size={16} />} data-testid="no-contact">
          {NO_CONTACT_MESSAGE}
        </Alert>
      )}
      <Group>
        <Button variant="light" leftSection={<IconStethoscope size={16} />} onClick={onAssign}>
          Asignează medic
        </Button>
        <PatientLinkButton appointmentId={a.id} />
        <AddToWaitlistButton
          patientId={a.patient_id}
          calendars={options.data?.calendars ?? []}
          doctors={options.data?.doctors ?? []}
        />
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} />}
          onClick={askDelete}
          loading={remove.isPending}
        >
          Șterge programarea
        </Button>
      </Group>
    </Stack>
  );
}

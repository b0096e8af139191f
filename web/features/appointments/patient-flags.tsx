/**
 * What the patient did on their self-service page (issue 15), where staff look: beside the status
 * in the list, and with the note and the instants on the appointment.
 */
import { Alert, Badge, Group, Text } from '@mantine/core';
import type { AppointmentRow, PatientActions } from '../../../domain/appointment-replies';
import { formatDateTime } from '../../../domain/dates';

export function PatientFlags({
  appointment: a,
}: {
  appointment: Pick<AppointmentRow, 'patient_confirmed' | 'reschedule_requested'>;
}) {
  if (!a.patient_confirmed && !a.reschedule_requested) return null;
  return (
    // One under the other where the column is narrow (the list at 1440 px, issue 54).
    <Group gap={4}>
      {a.patient_confirmed && (
        <Badge size="xs" color="teal.9" variant="outline">
          Prezență confirmată
        </Badge>
      )}
      {a.reschedule_requested && (
        <Badge size="xs" color="indigo.9" variant="outline">
          Cere altă dată
        </Badge>
      )}
    </Group>
  );
}

export function PatientActionsNote({ actions }: { actions: PatientActions }) {
  const lines = [
    actions.cancelled_at &&
      `Anulată de pacient pe pagina programării la ${formatDateTime(actions.cancelled_at)}.`,
    actions.attendance_confirmed_at &&
      `Pacientul a confirmat prezența la ${formatDateTime(actions.attendance_confirmed_at)}.`,
  ].filter(Boolean);
  if (!lines.length && !actions.reschedule_requested_at) return null;
  return (
    <Alert variant="light" color={actions.cancelled_at ? 'gray' : 'blue'} title="De la pacient">
      {lines.map((l) => (
        <Text key={String(l)} size="sm">
          {l}
        </Text>
      ))}
      {actions.reschedule_requested_at && (
        <Text size="sm">
          A cerut altă dată la {formatDateTime(actions.reschedule_requested_at)}
          {actions.reschedule_note ? `: „${actions.reschedule_note}”` : '.'}
        </Text>
      )}
    </Alert>
  );
}

/** Set a custom status, with calendar, date and time unless it is without_appointment (SPEC §4, §5). */
import { Button, Group, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { AppointmentDetail, StatusRef } from '../../../domain/appointment-replies';
import { APPOINTMENT_MESSAGES, setAppointmentFormSchema } from '../../../domain/appointments';
import { ApiError } from '../../lib/api';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { ClinicModal } from '../../ui/clinic-modal';
import { MutedText } from '../../ui/muted';
import { useAppointmentOptions, useSetAppointment } from './api';
import { askTakeHeld, isTakenTime, SlotFields, useHeldUntil } from './slot-fields';

type Props = { appointment: AppointmentDetail; status: StatusRef | null; onClose: () => void };

/**
 * The payload as the form holds it. `without_appointment` only decides which fields the form asks
 * for; the server decides from the status in the database whether a slot is needed.
 */
type Values = {
  appointment_id: number;
  status_id: number | null;
  without_appointment: boolean;
  calendar_id: number | null;
  date: string | null;
  time: string | null;
};

const valuesFor = (appointmentId: number, status: StatusRef | null): Values => ({
  appointment_id: appointmentId,
  status_id: status?.id ?? null,
  without_appointment: status?.without_appointment ?? false,
  calendar_id: null,
  date: null,
  time: null,
});

export function SetAppointmentModal({ appointment, status, onClose }: Props) {
  const options = useAppointmentOptions(status !== null);
  const write = useSetAppointment();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesFor(appointment.id, status),
    validate: schemaResolver(setAppointmentFormSchema, { sync: true }),
  });
  const opened = status !== null;

  // Each opening starts empty.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens
  useEffect(() => {
    if (opened) {
      form.setValues(valuesFor(appointment.id, status));
      form.clearErrors();
    }
  }, [opened, status?.id]);

  const { calendar_id, date, time } = form.values;
  const heldUntil = useHeldUntil({ calendar_id, date, time }, appointment.doctor_id);

  if (!status) return <ClinicModal opened={false} onClose={onClose} />;
  const without = status.without_appointment;

  const submit = async ({ calendar_id, date, time, ...rest }: Values, takeHeld: boolean) => {
    const payload = without
      ? rest
      : { ...rest, calendar_id, date, time, ...(takeHeld ? { take_held: true } : {}) };
    try {
      await write.mutateAsync(payload);
      notifySuccess(APPOINTMENT_MESSAGES.statusSet);
      onClose();
    } catch (err) {
      // One toast with the server's reason (issue 22); a time just taken is cleared.
      if (isTakenTime(err)) form.setFieldValue('time', null);
      else if (err instanceof ApiError && err.errors) form.setErrors(err.errors);
      notifyFailure(err instanceof ApiError ? err.message : APPOINTMENT_MESSAGES.createFailed, err);
    }
  };
  // A time held for a patient on the waitlist is taken only once staff say so.
  const save = form.onSubmit((values) => {
    if (!without && heldUntil) askTakeHeld(heldUntil, () => void submit(values, true));
    else void submit(values, false);
  });

  const own =
    appointment.holds_slot && appointment.calendar && appointment.selected_date && appointment.selected_time
      ? {
          calendar_id: appointment.calendar.id,
          date: appointment.selected_date,
          time: appointment.selected_time,
        }
      : null;

  return (
    <ClinicModal opened onClose={onClose} title={without ? 'Setează status' : 'Setează programarea'}>
      <Stack gap="sm">
        <Text size="sm">
          Status nou: <b>{status.title}</b>
        </Text>
        {without ? (
          <MutedText size="sm">Acest status nu necesită calendar, dată și oră.</MutedText>
        ) : (
          <SlotFields
            calendars={options.data?.calendars ?? []}
            value={{ calendar_id, date, time }}
            onChange={(s) => {
              form.setValues(s);
              form.clearErrors();
            }}
            doctorId={appointment.doctor_id}
            errors={form.errors as Record<string, string>}
            ownSlot={own}
          />
        )}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            Renunță
          </Button>
          <Button onClick={() => save()} loading={write.isPending}>
            {without ? 'Setează status' : 'Setează programarea'}
          </Button>
        </Group>
      </Stack>
    </ClinicModal>
  );
}

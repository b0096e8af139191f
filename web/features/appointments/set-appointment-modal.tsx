/** Set a custom status, with calendar, date and time unless it is without_appointment (SPEC §4, §5). */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  APPOINTMENT_MESSAGES,
  type AppointmentDetail,
  type StatusRef,
  setAppointmentFormSchema,
} from '../../../domain/appointments';
import { ApiError } from '../../lib/api';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { useAppointmentOptions, useSetAppointment } from './api';
import { MutedText } from './muted-text';
import { EMPTY_SLOT, isTakenTime, type Slot, SlotFields } from './slot-fields';

type Props = { appointment: AppointmentDetail; status: StatusRef | null; onClose: () => void };

export function SetAppointmentModal({ appointment, status, onClose }: Props) {
  const options = useAppointmentOptions(status !== null);
  const write = useSetAppointment();
  const [slot, setSlot] = useState<Slot>(EMPTY_SLOT);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const opened = status !== null;

  // Each opening starts empty.
  useEffect(() => {
    if (opened) {
      setSlot(EMPTY_SLOT);
      setErrors({});
    }
  }, [opened]);

  if (!status) return <Modal opened={false} onClose={onClose} />;
  const without = status.without_appointment;

  const save = async () => {
    const payload = {
      appointment_id: appointment.id,
      status_id: status.id,
      without_appointment: without,
      ...(without
        ? {}
        : {
            calendar_id: slot.calendar_id ?? undefined,
            date: slot.date ?? undefined,
            time: slot.time ?? undefined,
          }),
    };
    const parsed = setAppointmentFormSchema.safeParse(payload);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    try {
      await write.mutateAsync(payload);
      notifySuccess(APPOINTMENT_MESSAGES.statusSet);
      onClose();
    } catch (err) {
      // One toast with the server's reason (issue 22); a time just taken is cleared.
      if (isTakenTime(err)) setSlot((s) => ({ ...s, time: null }));
      else if (err instanceof ApiError && err.errors) setErrors(err.errors);
      notifyFailure(err instanceof ApiError ? err.message : APPOINTMENT_MESSAGES.createFailed, err);
    }
  };

  const own =
    appointment.holds_slot && appointment.calendar && appointment.selected_date && appointment.selected_time
      ? {
          calendar_id: appointment.calendar.id,
          date: appointment.selected_date,
          time: appointment.selected_time,
        }
      : null;

  return (
    <Modal opened onClose={onClose} title={without ? 'Setează status' : 'Setează programarea'}>
      <Stack gap="sm">
        <Text size="sm">
          Status nou: <b>{status.title}</b>
        </Text>
        {without ? (
          <MutedText size="sm">Acest status nu necesită calendar, dată și oră.</MutedText>
        ) : (
          <SlotFields
            calendars={options.data?.calendars ?? []}
            value={slot}
            onChange={(s) => {
              setSlot(s);
              setErrors({});
            }}
            doctorId={appointment.doctor_id}
            errors={errors}
            ownSlot={own}
          />
        )}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            Renunță
          </Button>
          <Button onClick={save} loading={write.isPending}>
            {without ? 'Setează status' : 'Setează programarea'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

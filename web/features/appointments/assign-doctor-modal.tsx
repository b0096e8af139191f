import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  APPOINTMENT_MESSAGES,
  type AppointmentDetail,
  assignDoctorSchema,
} from '../../../domain/appointments';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { useAppointmentOptions, useAssignDoctor } from './api';

/** Assign doctor (SPEC §5: doctor_id required). */
export function AssignDoctorModal({
  appointment,
  opened,
  onClose,
}: {
  appointment: AppointmentDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const options = useAppointmentOptions(opened);
  const assign = useAssignDoctor();
  const [doctorId, setDoctorId] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    if (opened) {
      setDoctorId(appointment.doctor_id);
      setError(undefined);
    }
  }, [opened, appointment.doctor_id]);

  const save = async () => {
    const parsed = assignDoctorSchema.safeParse({ appointmentId: appointment.id, doctor_id: doctorId ?? '' });
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return;
    }
    try {
      await assign.mutateAsync(parsed.data);
      notifySuccess(APPOINTMENT_MESSAGES.assigned);
      onClose();
    } catch (err) {
      notifyFailure(APPOINTMENT_MESSAGES.createFailed, err);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Asignează medic">
      <Stack gap="sm">
        <Select
          label="Medic"
          placeholder="Alegeți medicul"
          data={(options.data?.doctors ?? []).map((d) => ({ value: d.id, label: d.name }))}
          value={doctorId}
          onChange={(v) => {
            setDoctorId(v);
            setError(undefined);
          }}
          error={error}
          withAsterisk
          searchable
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            Renunță
          </Button>
          <Button onClick={save} loading={assign.isPending}>
            Asignează
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

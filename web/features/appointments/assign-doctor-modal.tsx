import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { AppointmentDetail } from '../../../domain/appointment-replies';
import { APPOINTMENT_MESSAGES, assignDoctorSchema } from '../../../domain/appointments';
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
  const form = useForm<{ appointmentId: number; doctor_id: string | null }>({
    mode: 'controlled',
    initialValues: { appointmentId: appointment.id, doctor_id: appointment.doctor_id },
    validate: schemaResolver(assignDoctorSchema, { sync: true }),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens
  useEffect(() => {
    if (opened) {
      form.setValues({ appointmentId: appointment.id, doctor_id: appointment.doctor_id });
      form.clearErrors();
    }
  }, [opened, appointment.id, appointment.doctor_id]);

  const save = form.onSubmit(async ({ appointmentId, doctor_id }) => {
    try {
      // Valid here: the schema refused an empty doctor.
      await assign.mutateAsync({ appointmentId, doctor_id: doctor_id ?? '' });
      notifySuccess(APPOINTMENT_MESSAGES.assigned);
      onClose();
    } catch (err) {
      notifyFailure(APPOINTMENT_MESSAGES.createFailed, err);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Asignează medic">
      <Stack gap="sm">
        <Select
          label="Medic"
          placeholder="Alegeți medicul"
          data={(options.data?.doctors ?? []).map((d) => ({ value: d.id, label: d.name }))}
          value={form.values.doctor_id}
          onChange={(v) => form.setFieldValue('doctor_id', v)}
          error={form.errors.doctor_id}
          withAsterisk
          searchable
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            Renunță
          </Button>
          <Button onClick={() => save()} loading={assign.isPending}>
            Asignează
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

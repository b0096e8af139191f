/**
 * The progressive add-appointment modal (SPEC §4, §5): doctor, then patient search (at least 2
 * letters), then the patient, then the status, then (when the status needs a slot) calendar,
 * date and time. Save stays disabled until doctor, patient and status are chosen; closing resets.
 */
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { APPOINTMENT_MESSAGES, newAppointmentFormSchema } from '../../../domain/appointments';
import { pickerLabel } from '../../../domain/privacy';
import { ApiError } from '../../lib/api';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { ClinicModal } from '../../ui/clinic-modal';
import { MutedText } from '../../ui/muted';
import { useAppointmentOptions, useCreateAppointment, usePatientSearch } from './api';
import { askTakeHeld, isTakenTime, type Slot, SlotFields, useHeldUntil } from './slot-fields';

/**
 * The payload as the form holds it. `without_appointment` follows the chosen status and only
 * decides which fields the form asks for; the server decides from the status in the database.
 */
type Values = {
  doctor_id: string | null;
  patient_id: string | null;
  status_id: string | null;
  without_appointment: boolean;
  calendar_id: number | null;
  date: string | null;
  time: string | null;
};
const EMPTY: Values = {
  doctor_id: null,
  patient_id: null,
  status_id: null,
  without_appointment: false,
  calendar_id: null,
  date: null,
  time: null,
};

export function NewAppointmentModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const options = useAppointmentOptions(opened);
  const create = useCreateAppointment();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: schemaResolver(newAppointmentFormSchema, { sync: true }),
  });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const patients = usePatientSearch(debounced);

  const { doctor_id: doctorId, patient_id: patientId, status_id: statusId } = form.values;
  const slot: Slot = { calendar_id: form.values.calendar_id, date: form.values.date, time: form.values.time };
  const doctors = options.data?.doctors ?? [];
  const statuses = options.data?.statuses ?? [];
  const status = statuses.find((s) => String(s.id) === statusId);
  const needsSlot = status ? !status.without_appointment : false;
  const vacations = doctors.find((d) => d.id === doctorId)?.vacations ?? [];
  const canSave = Boolean(doctorId && patientId && statusId);

  const close = () => {
    form.setValues(EMPTY);
    form.clearErrors();
    setSearch('');
    onClose();
  };

  const heldUntil = useHeldUntil(slot, doctorId);

  const submit = async ({ calendar_id, date, time, doctor_id, ...rest }: Values, takeHeld: boolean) => {
    // Valid here: the schema refused an empty doctor.
    const chosen = { ...rest, doctor_id: doctor_id ?? '' };
    const payload = needsSlot
      ? { ...chosen, calendar_id, date, time, ...(takeHeld ? { take_held: true } : {}) }
      : chosen;
    try {
      await create.mutateAsync(payload);
      notifySuccess(APPOINTMENT_MESSAGES.created);
      close();
    } catch (err) {
      // One toast: the spec's text with the server's reason (issue 22).
      if (isTakenTime(err)) form.setFieldValue('time', null);
      else if (err instanceof ApiError && err.errors) form.setErrors(err.errors);
      notifyFailure(APPOINTMENT_MESSAGES.createFailed, err);
    }
  };
  // A time held for a patient on the waitlist is taken only once staff say so.
  const save = form.onSubmit((values) => {
    if (needsSlot && heldUntil) askTakeHeld(heldUntil, () => void submit(values, true));
    else void submit(values, false);
  });

  const patientData = (patients.data ?? []).map((p) => ({
    value: String(p.id),
    label: pickerLabel(p),
  }));

  return (
    <ClinicModal opened={opened} onClose={close} title="Adaugă programare" size="md">
      <Stack gap="sm">
        <Select
          label="Medic"
          placeholder="Alegeți medicul"
          data={doctors.map((d) => ({ value: d.id, label: d.name }))}
          value={doctorId}
          onChange={(v) => form.setValues({ doctor_id: v, date: null, time: null })}
          error={form.errors.doctor_id}
          withAsterisk
          searchable
        />
        {doctorId && (
          <TextInput
            label="Caută pacient"
            placeholder="Numele pacientului sau CNP"
            description={APPOINTMENT_MESSAGES.patientSearchHint}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              form.setFieldValue('patient_id', null);
            }}
          />
        )}
        {doctorId && debounced.trim().length >= 2 && (
          <Select
            label="Pacient"
            placeholder={
              patients.isFetching
                ? 'Se caută...'
                : patientData.length
                  ? 'Alegeți pacientul'
                  : 'Nici un pacient găsit'
            }
            data={patientData}
            value={patientId}
            onChange={(v) => {
              form.setFieldValue('patient_id', v);
              form.clearErrors();
            }}
            error={form.errors.patient_id}
            withAsterisk
          />
        )}
        {patientId && (
          <Select
            label="Status"
            placeholder="Alegeți statusul"
            data={statuses.map((s) => ({ value: String(s.id), label: s.title }))}
            value={statusId}
            onChange={(v) => {
              const chosen = statuses.find((s) => String(s.id) === v);
              form.setValues({ status_id: v, without_appointment: chosen?.without_appointment ?? false });
              form.clearErrors();
            }}
            error={form.errors.status_id}
            withAsterisk
          />
        )}
        {status && needsSlot && (
          <SlotFields
            calendars={options.data?.calendars ?? []}
            value={slot}
            onChange={(next) => {
              form.setValues(next);
              // A field chosen is no longer 'Required'; the others keep their message.
              for (const k of ['calendar_id', 'date', 'time'] as const) if (next[k]) form.clearFieldError(k);
            }}
            doctorId={doctorId}
            vacations={vacations}
            errors={form.errors as Record<string, string>}
            progressive
          />
        )}
        {status && !needsSlot && <MutedText size="sm">Acest status nu necesită dată și oră.</MutedText>}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={close}>
            Renunță
          </Button>
          <Button onClick={() => save()} disabled={!canSave} loading={create.isPending}>
            Salvează
          </Button>
        </Group>
      </Stack>
    </ClinicModal>
  );
}

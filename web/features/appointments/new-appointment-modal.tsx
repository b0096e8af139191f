/**
 * The progressive add-appointment modal (SPEC §4, §5): doctor, then patient search (at least 2
 * letters), then the patient, then the status, then (when the status needs a slot) calendar,
 * date and time. Save stays disabled until doctor, patient and status are chosen; closing resets.
 */
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { APPOINTMENT_MESSAGES, newAppointmentFormSchema } from '../../../domain/appointments';
import { pickerLabel } from '../../../domain/privacy';
import { ApiError } from '../../lib/api';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { useAppointmentOptions, useCreateAppointment, usePatientSearch } from './api';
import { MutedText } from './muted-text';
import { EMPTY_SLOT, isTakenTime, type Slot, SlotFields } from './slot-fields';

type Errors = Record<string, string>;

export function NewAppointmentModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const options = useAppointmentOptions(opened);
  const create = useCreateAppointment();
  const [doctorId, setDoctorId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [patientId, setPatientId] = useState<string | null>(null);
  const [statusId, setStatusId] = useState<string | null>(null);
  const [slot, setSlot] = useState<Slot>(EMPTY_SLOT);
  const [errors, setErrors] = useState<Errors>({});
  const [debounced] = useDebouncedValue(search, 250);
  const patients = usePatientSearch(debounced);

  const doctors = options.data?.doctors ?? [];
  const statuses = options.data?.statuses ?? [];
  const status = statuses.find((s) => String(s.id) === statusId);
  const needsSlot = status ? !status.without_appointment : false;
  const vacations = doctors.find((d) => d.id === doctorId)?.vacations ?? [];
  const canSave = Boolean(doctorId && patientId && statusId);

  const reset = () => {
    setDoctorId(null);
    setSearch('');
    setPatientId(null);
    setStatusId(null);
    setSlot(EMPTY_SLOT);
    setErrors({});
  };
  const close = () => {
    reset();
    onClose();
  };

  const save = async () => {
    const payload = {
      doctor_id: doctorId ?? '',
      patient_id: patientId ?? undefined,
      status_id: statusId ?? undefined,
      without_appointment: !needsSlot,
      ...(needsSlot
        ? {
            calendar_id: slot.calendar_id ?? undefined,
            date: slot.date ?? undefined,
            time: slot.time ?? undefined,
          }
        : {}),
    };
    const parsed = newAppointmentFormSchema.safeParse(payload);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    try {
      await create.mutateAsync(payload);
      notifySuccess(APPOINTMENT_MESSAGES.created);
      close();
    } catch (err) {
      // One toast: the spec's text with the server's reason (issue 22).
      if (isTakenTime(err)) setSlot((s) => ({ ...s, time: null }));
      else if (err instanceof ApiError && err.errors) setErrors(err.errors);
      notifyFailure(APPOINTMENT_MESSAGES.createFailed, err);
    }
  };

  const patientData = (patients.data ?? []).map((p) => ({
    value: String(p.id),
    label: pickerLabel(p),
  }));

  return (
    <Modal opened={opened} onClose={close} title="Adaugă programare" size="md">
      <Stack gap="sm">
        <Select
          label="Medic"
          placeholder="Alegeți medicul"
          data={doctors.map((d) => ({ value: d.id, label: d.name }))}
          value={doctorId}
          onChange={(v) => {
            setDoctorId(v);
            setSlot({ ...slot, date: null, time: null });
          }}
          error={errors.doctor_id}
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
              setPatientId(null);
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
              setPatientId(v);
              setErrors({});
            }}
            error={errors.patient_id}
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
              setStatusId(v);
              setErrors({});
            }}
            error={errors.status_id}
            withAsterisk
          />
        )}
        {status && needsSlot && (
          <SlotFields
            calendars={options.data?.calendars ?? []}
            value={slot}
            onChange={(next) => {
              setSlot(next);
              // A field chosen is no longer 'Required'; the others keep their message.
              setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !next[k as keyof Slot])));
            }}
            doctorId={doctorId}
            vacations={vacations}
            errors={errors}
            progressive
          />
        )}
        {status && !needsSlot && <MutedText size="sm">Acest status nu necesită dată și oră.</MutedText>}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={close}>
            Renunță
          </Button>
          <Button onClick={save} disabled={!canSave} loading={create.isPending}>
            Salvează
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

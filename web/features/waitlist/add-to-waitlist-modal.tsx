/** "Adaugă pe lista de așteptare": a calendar, optionally a doctor, and the days the patient can come. */
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconHourglass } from '@tabler/icons-react';
import { useEffect } from 'react';
import { WAITLIST_MESSAGES, waitlistAddSchema } from '../../../domain/waitlist';
import { ApiError } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { ClinicModal } from '../../ui/clinic-modal';
import { FormDateRangeField } from '../../ui/date-range-field';
import { useAddToWaitlist } from './api';

type Values = { patient_id: number; calendar_id: string; doctor_id: string; from: string; to: string };

/** The calendars and doctors to choose from: the host reads them from their owners (calendars, appointments). */
export type WaitlistChoices = {
  calendars: { id: number; title: string }[];
  doctors: { id: string; name: string }[];
};

type Props = {
  patientId: number;
  calendarId?: number | null;
  opened: boolean;
  onClose: () => void;
} & WaitlistChoices;

export function AddToWaitlistModal({ patientId, calendarId, opened, onClose, calendars, doctors }: Props) {
  const empty: Values = {
    patient_id: patientId,
    calendar_id: calendarId ? String(calendarId) : '',
    doctor_id: '',
    from: '',
    to: '',
  };
  const form = useForm<Values>({
    initialValues: empty,
    validate: schemaResolver(waitlistAddSchema, { sync: true }),
  });
  const add = useAddToWaitlist();

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset each time the modal opens
  useEffect(() => {
    if (opened) {
      form.setValues(empty);
      form.clearErrors();
    }
  }, [opened]);

  const submit = form.onSubmit((values) =>
    add.mutate(waitlistAddSchema.parse(values), {
      onSuccess: () => {
        notifySuccess(WAITLIST_MESSAGES.added);
        onClose();
      },
      onError: (err) => {
        if (err instanceof ApiError && err.errors) form.setErrors(err.errors);
        notifyError(err);
      },
    }),
  );

  return (
    <ClinicModal opened={opened} onClose={onClose} title="Adaugă pe lista de așteptare" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Select
            label="Calendarul"
            placeholder="Alegeți calendarul"
            data={calendars.map((c) => ({ value: String(c.id), label: c.title }))}
            required
            comboboxProps={{ withinPortal: true }}
            data-testid="waitlist-calendar"
            {...form.getInputProps('calendar_id')}
          />
          <Select
            label="Medicul (opțional)"
            placeholder="Oricare medic"
            data={doctors.map((d) => ({ value: d.id, label: d.name }))}
            clearable
            searchable
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('doctor_id')}
            value={form.getValues().doctor_id || null}
            onChange={(v) => form.setFieldValue('doctor_id', v ?? '')}
          />
          <FormDateRangeField
            form={form}
            label="Zilele în care pacientul poate veni"
            placeholder="Alegeți prima și ultima zi"
            firstDayOfWeek={1}
            required
            data-testid="waitlist-range"
            popoverProps={{ withinPortal: true }}
          />
          <Text size="xs" c="dimmed">
            Când se eliberează un loc potrivit, pacientul îl primește automat prin SMS și e-mail și îl poate
            accepta din link.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Renunță
            </Button>
            <Button type="submit" loading={add.isPending}>
              Adaugă
            </Button>
          </Group>
        </Stack>
      </form>
    </ClinicModal>
  );
}

/** The button and its modal, e.g. on an appointment's page (the calendar chosen already). */
export function AddToWaitlistButton({
  patientId,
  calendarId,
  ...choices
}: {
  patientId: number;
  calendarId?: number | null;
} & WaitlistChoices) {
  const [opened, modal] = useDisclosure(false);
  return (
    <>
      <Button variant="light" leftSection={<IconHourglass size={16} />} onClick={modal.open}>
        Adaugă pe lista de așteptare
      </Button>
      <AddToWaitlistModal
        patientId={patientId}
        calendarId={calendarId}
        opened={opened}
        onClose={modal.close}
        {...choices}
      />
    </>
  );
}

/** 'Add patient': a right-side panel with the SPEC §5 new-patient rules, checked here and by the server. */
import { Button, Drawer, Group } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { newPatientSchema, PATIENT_TEXTS } from '../../../domain/patients';
import { API_MESSAGES, ApiError } from '../../lib/api';
import { useCreatePatient } from './api';
import { EMPTY_PATIENT, PatientFormFields, type PatientFormValues } from './patient-form-fields';

type Props = { opened: boolean; onClose: () => void };

export function AddPatientDrawer({ opened, onClose }: Props) {
  const create = useCreatePatient();
  const form = useForm<PatientFormValues>({
    mode: 'controlled',
    initialValues: EMPTY_PATIENT,
    validate: schemaResolver(newPatientSchema, { sync: true }),
    validateInputOnBlur: true,
  });

  // Closed by 'Renunta', Esc, the close button or a save: the next opening starts empty (as the
  // spec asks of the new-appointment modal; issue 22).
  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      notifications.show({
        color: 'green',
        title: 'Success',
        message: PATIENT_TEXTS.created,
        autoClose: 4000,
      });
      close();
    } catch (err) {
      const e = err instanceof ApiError ? err : null;
      if (e?.errors) form.setErrors(e.errors);
      if (e?.status === 409) form.setFieldError('cnp', e.message);
      notifications.show({
        color: 'red',
        title: 'Eroare',
        message: e?.message ?? API_MESSAGES.generic,
        autoClose: 5000,
      });
    }
  });

  return (
    <Drawer
      opened={opened}
      onClose={close}
      position="right"
      size="md"
      title="Adauga pacient"
      closeButtonProps={{ 'aria-label': 'Inchide' }}
    >
      <form onSubmit={submit} noValidate>
        <PatientFormFields form={form} mode="new" />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close}>
            Renunta
          </Button>
          <Button type="submit" loading={create.isPending}>
            Salveaza
          </Button>
        </Group>
      </form>
    </Drawer>
  );
}

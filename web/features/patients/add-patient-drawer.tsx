/** 'Add patient': a right-side panel with the SPEC §5 new-patient rules, checked here and by the server. */
import { Drawer } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { newPatientSchema, PATIENT_TEXTS } from '../../../domain/patients';
import { API_MESSAGES, ApiError } from '../../lib/api';
import { FormActions } from '../../lib/form-actions';
import { notify, notifySuccess } from '../../lib/notify';
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
      notifySuccess(PATIENT_TEXTS.created, { title: 'Success' });
      close();
    } catch (err) {
      const e = err instanceof ApiError ? err : null;
      if (e?.errors) form.setErrors(e.errors);
      if (e?.status === 409) form.setFieldError('cnp', e.message);
      notify('error', e?.message ?? API_MESSAGES.generic, { title: 'Eroare' });
    }
  });

  return (
    <Drawer
      opened={opened}
      onClose={close}
      position="right"
      size="md"
      title="Adaugă pacient"
      closeButtonProps={{ 'aria-label': 'Închide' }}
    >
      <form onSubmit={submit} noValidate>
        <PatientFormFields form={form} mode="new" />
        <FormActions onCancel={close} loading={create.isPending} mt="lg" />
      </form>
    </Drawer>
  );
}

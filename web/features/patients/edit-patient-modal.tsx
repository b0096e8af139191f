/** 'Update patient details' (SPEC §5 edit rules); toast 'Patient updated' titled 'Success'. */
import { Modal } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { editPatientSchema, PATIENT_TEXTS, type PatientDetail } from '../../../domain/patients';
import { formatPhone } from '../../../domain/validation/phone';
import { API_MESSAGES, ApiError } from '../../lib/api';
import { FormActions } from '../../lib/form-actions';
import { notify, notifySuccess } from '../../lib/notify';
import { useUpdatePatient } from './api';
import { PatientFormFields, type PatientFormValues } from './patient-form-fields';

const valuesOf = (p: PatientDetail): PatientFormValues => ({
  name: p.patient,
  cnp: p.cnp,
  email: p.patient_email ?? '',
  phone: formatPhone(p.patient_phone),
  gp_name: p.gp_name ?? '',
  gp_email: p.gp_email ?? '',
  gp_phone: p.gp_phone ? formatPhone(p.gp_phone) : '',
  insurance_status: p.insurance_status,
  state_residency: p.state_residency,
  vaccine: String(p.covid_vaccine),
});

type Props = { patient: PatientDetail; opened: boolean; onClose: () => void };

export function EditPatientModal({ patient, opened, onClose }: Props) {
  const update = useUpdatePatient(patient.id);
  const form = useForm<PatientFormValues>({
    mode: 'controlled',
    initialValues: valuesOf(patient),
    validate: schemaResolver(editPatientSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  // Each opening starts from the record as it is now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens
  useEffect(() => {
    if (opened) form.setValues(valuesOf(patient));
  }, [opened]);

  const submit = form.onSubmit(async ({ cnp: _cnp, ...values }) => {
    try {
      await update.mutateAsync(values);
      notifySuccess(PATIENT_TEXTS.updated, { title: PATIENT_TEXTS.updatedTitle });
      onClose();
    } catch (err) {
      const e = err instanceof ApiError ? err : null;
      if (e?.errors) form.setErrors(e.errors);
      notify('error', e?.message ?? API_MESSAGES.generic, { title: 'Eroare' });
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Actualizează datele pacientului" size="lg">
      <form onSubmit={submit} noValidate>
        <PatientFormFields form={form} mode="edit" />
        <FormActions onCancel={onClose} loading={update.isPending} mt="lg" />
      </form>
    </Modal>
  );
}

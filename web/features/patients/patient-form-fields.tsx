/** The fields of the new-patient and edit-patient forms (SPEC §3 "Patient create/edit form"). */
import { Radio, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { COUNTIES } from '../../../domain/counties';
import { TERMS } from '../../../domain/glossary';
import { INSURANCE_LABELS, INSURANCE_STATUSES, VACCINE_OPTIONS } from '../../../domain/patients';
import { cnpInput } from '../../../domain/validation/cnp';

export type PatientFormValues = {
  name: string;
  cnp: string;
  email: string;
  phone: string;
  gp_name: string;
  gp_email: string;
  gp_phone: string;
  insurance_status: string;
  state_residency: string;
  vaccine: string;
};

export const EMPTY_PATIENT: PatientFormValues = {
  name: '',
  cnp: '',
  email: '',
  phone: '',
  gp_name: '',
  gp_email: '',
  gp_phone: '',
  insurance_status: '',
  state_residency: '',
  vaccine: '',
};

const INSURANCE_OPTIONS = INSURANCE_STATUSES.map((value) => ({ value, label: INSURANCE_LABELS[value] }));
const COUNTY_OPTIONS = COUNTIES.map((c) => ({ value: c.iso_code, label: c.name }));

type Props = { form: UseFormReturnType<PatientFormValues>; mode: 'new' | 'edit' };

export function PatientFormFields({ form, mode }: Props) {
  return (
    <Stack gap="sm">
      <TextInput label="Nume și prenume" withAsterisk autoComplete="off" {...form.getInputProps('name')} />
      <TextInput
        label="CNP"
        withAsterisk={mode === 'new'}
        readOnly={mode === 'edit'}
        variant={mode === 'edit' ? 'filled' : 'default'}
        description={mode === 'edit' ? 'CNP-ul nu se modifică.' : undefined}
        inputMode="numeric"
        autoComplete="off"
        {...form.getInputProps('cnp')}
        // Spaces out before the 13-character limit (a pasted " 1850314401239" keeps 13 digits).
        onChange={(e) => form.setFieldValue('cnp', cnpInput(e.currentTarget.value))}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Telefon" withAsterisk placeholder="07xx xxx xxx" {...form.getInputProps('phone')} />
        <TextInput label="E-mail" type="email" {...form.getInputProps('email')} />
      </SimpleGrid>
      <Select
        label={TERMS.insuranceStatus}
        withAsterisk
        data={INSURANCE_OPTIONS}
        placeholder="Alegeți statutul"
        {...form.getInputProps('insurance_status')}
      />
      <Select
        label={TERMS.county}
        withAsterisk
        searchable
        data={COUNTY_OPTIONS}
        placeholder="Alegeți județul"
        nothingFoundMessage="Nici un județ"
        {...form.getInputProps('state_residency')}
      />
      <Radio.Group label={TERMS.vaccinated} withAsterisk={mode === 'new'} {...form.getInputProps('vaccine')}>
        <SimpleGrid cols={2} mt={4} maw={200}>
          {VACCINE_OPTIONS.map((o) => (
            <Radio key={o.value} value={o.value} label={o.label} />
          ))}
        </SimpleGrid>
      </Radio.Group>
      <TextInput label={TERMS.familyDoctor} {...form.getInputProps('gp_name')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label={TERMS.familyDoctorEmail} type="email" {...form.getInputProps('gp_email')} />
        <TextInput label={TERMS.familyDoctorPhone} {...form.getInputProps('gp_phone')} />
      </SimpleGrid>
    </Stack>
  );
}

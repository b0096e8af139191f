/** Invite a person, and edit an account's name, role and flags. */
import { Checkbox, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import {
  INVITATION_HOURS,
  ROLE_LABELS,
  type StaffInvite,
  type StaffRow,
  staffInviteSchema,
  staffUpdateSchema,
} from '../../../domain/admin';
import { ROLES } from '../../../domain/auth';
import { FormActions } from '../../lib/form-actions';
import { notifyError, notifySuccess, withNotify } from '../../lib/notify';
import { useMutedScope } from '../../ui/muted';
import { useInviteStaff, useUpdateStaff } from './api';

const roleOptions = ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

const emptyInvite: StaffInvite = {
  email: '',
  firstName: '',
  lastName: '',
  role: 'doctor',
  doctor: true,
  superadmin: false,
};

export function InviteModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const invite = useInviteStaff();
  const mutedScope = useMutedScope();
  const form = useForm<StaffInvite>({
    initialValues: emptyInvite,
    validate: schemaResolver(staffInviteSchema, { sync: true }),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset each time it opens
  useEffect(() => {
    if (opened) form.setValues(emptyInvite);
  }, [opened]);

  const submit = form.onSubmit(async (values) => {
    try {
      await invite.mutateAsync(staffInviteSchema.parse(values));
    } catch (err) {
      // Field errors (e-mail taken) stay on the form; the rest is a toast.
      const e = err as { errors?: Record<string, string>; status?: number; message?: string };
      if (e.status === 409) form.setFieldError('email', e.message);
      else if (e.errors) form.setErrors(e.errors);
      else notifyError(err);
      return;
    }
    notifySuccess(`Invitația pentru ${values.email.trim().toLowerCase()} a fost pusă în coada de trimitere.`);
    onClose();
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Invită o persoană" size="lg" style={mutedScope}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Persoana primește un e-mail cu o legătură valabilă {INVITATION_HOURS} de ore, prin care își alege
            parola. Contul este autorizat de la început.
          </Text>
          <TextInput label="E-mail" type="email" withAsterisk {...form.getInputProps('email')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Prenume" withAsterisk {...form.getInputProps('firstName')} />
            <TextInput label="Nume" withAsterisk {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <Select
            label="Rol"
            data={roleOptions}
            allowDeselect={false}
            {...form.getInputProps('role')}
            onChange={(v) => {
              // The role names what the flags grant; choosing it ticks the matching flag.
              const role = (v ?? 'doctor') as StaffInvite['role'];
              form.setFieldValue('role', role);
              if (role === 'doctor') form.setFieldValue('doctor', true);
              if (role === 'superadmin') form.setFieldValue('superadmin', true);
            }}
          />
          <Checkbox
            label="Medic (poate primi programări)"
            {...form.getInputProps('doctor', { type: 'checkbox' })}
          />
          <Checkbox
            label="Superadministrator (administrează conturi, calendare, statusuri, jurnal)"
            {...form.getInputProps('superadmin', { type: 'checkbox' })}
          />
          <FormActions
            onCancel={onClose}
            loading={invite.isPending}
            mt="md"
            submitLabel="Trimite invitația"
          />
        </Stack>
      </form>
    </Modal>
  );
}

type EditValues = Pick<
  StaffRow,
  'firstName' | 'lastName' | 'role' | 'doctor' | 'superadmin' | 'authorized'
> & {
  specialty: string;
  parafaCode: string;
};

export function EditStaffModal({ person, onClose }: { person: StaffRow | null; onClose: () => void }) {
  const update = useUpdateStaff();
  const form = useForm<EditValues>({
    initialValues: {
      firstName: '',
      lastName: '',
      role: 'doctor',
      doctor: false,
      superadmin: false,
      authorized: false,
      specialty: '',
      parafaCode: '',
    },
    validate: schemaResolver(staffUpdateSchema, { sync: true }),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: load the chosen person once
  useEffect(() => {
    if (person)
      form.setValues({
        firstName: person.firstName,
        lastName: person.lastName,
        role: person.role,
        doctor: person.doctor,
        superadmin: person.superadmin,
        authorized: person.authorized,
        specialty: person.specialty ?? '',
        parafaCode: person.parafaCode ?? '',
      });
  }, [person]);

  const submit = form.onSubmit(async (values) => {
    if (!person) return;
    const body = staffUpdateSchema.parse(values);
    if (await withNotify(() => update.mutateAsync({ id: person.id, ...body }))) onClose();
  });

  return (
    <Modal
      opened={person !== null}
      onClose={onClose}
      title={`Editează contul ${person?.email ?? ''}`}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Prenume" withAsterisk {...form.getInputProps('firstName')} />
            <TextInput label="Nume" withAsterisk {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <Select label="Rol" data={roleOptions} allowDeselect={false} {...form.getInputProps('role')} />
          <Checkbox label="Medic" {...form.getInputProps('doctor', { type: 'checkbox' })} />
          {form.values.doctor && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Specialitatea"
                description="Apare pe scrisoarea medicală"
                placeholder="cardiologie"
                {...form.getInputProps('specialty')}
              />
              <TextInput
                label="Cod parafă"
                description="Apare pe scrisoarea medicală"
                placeholder="C12345"
                {...form.getInputProps('parafaCode')}
              />
            </SimpleGrid>
          )}
          <Checkbox label="Superadministrator" {...form.getInputProps('superadmin', { type: 'checkbox' })} />
          <Checkbox
            label="Autorizat (poate folosi aplicația)"
            {...form.getInputProps('authorized', { type: 'checkbox' })}
          />
          <FormActions onCancel={onClose} loading={update.isPending} mt="md" />
        </Stack>
      </form>
    </Modal>
  );
}

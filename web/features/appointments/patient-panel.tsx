import { Anchor, Button, Card, Divider, Stack, Text, Title } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PatientPanel as Panel } from '../../../domain/appointment-replies';
import { TERMS } from '../../../domain/glossary';
import { formatPhone } from '../../../domain/validation/phone';
import { MutedText } from '../../ui/muted';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <MutedText size="xs" tt="uppercase" fw={600}>
        {label}
      </MutedText>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/** The appointment's patient: identity, contacts and family doctor, each only when present (SPEC §2). */
export function PatientPanel({ patient }: { patient: Panel }) {
  const gp = patient.gp_name || patient.gp_email || patient.gp_phone;
  return (
    <Card withBorder padding="md" component="aside" aria-label="Date pacient">
      <Stack gap="sm">
        <Title order={2} size="h5">
          Date pacient
        </Title>
        <Field label="CNP">{patient.cnp}</Field>
        {patient.county && <Field label={TERMS.county}>{patient.county}</Field>}
        <Field label={TERMS.insuranceStatus}>{patient.insurance_label}</Field>
        {patient.phone && (
          <Field label="Telefon">
            <Anchor href={`tel:${patient.phone}`}>{formatPhone(patient.phone)}</Anchor>
          </Field>
        )}
        {patient.email && (
          <Field label="E-mail">
            <Anchor href={`mailto:${patient.email}`}>{patient.email}</Anchor>
          </Field>
        )}
        {gp && <Divider label={<MutedText size="xs">Medic de familie</MutedText>} labelPosition="left" />}
        {patient.gp_name && <Field label="Nume">{patient.gp_name}</Field>}
        {patient.gp_email && (
          <Field label="E-mail">
            <Anchor href={`mailto:${patient.gp_email}`}>{patient.gp_email}</Anchor>
          </Field>
        )}
        {patient.gp_phone && <Field label="Telefon">{formatPhone(patient.gp_phone)}</Field>}
        <Button
          component={Link}
          to={`/app/patients/${patient.patient_id}`}
          variant="light"
          leftSection={<IconUser size={16} />}
          mt="xs"
        >
          Fișa pacientului
        </Button>
      </Stack>
    </Card>
  );
}

/** The detail page's side panel (SPEC §2): identity, age and sex from the CNP, family doctor. */
import { Button, Card, Divider, Stack, Text } from '@mantine/core';
import { IconUserEdit } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { clinicToday, formatDay } from '../../../domain/dates';
import { TERMS } from '../../../domain/glossary';
import type { PatientDetail } from '../../../domain/patients';
import { ageOn, parseCnp } from '../../../domain/validation/cnp';
import { formatPhone } from '../../../domain/validation/phone';

function Row({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {/* Long e-mail addresses break instead of running out of the narrow panel. */}
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

export function PatientSidePanel({ patient, onEdit }: { patient: PatientDetail; onEdit: () => void }) {
  const cnp = parseCnp(patient.cnp);
  const age = cnp ? ageOn(cnp.birthDate, clinicToday(new Date())) : null;
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Row label="CNP">{patient.cnp}</Row>
        {cnp && (
          <Row label="Vârsta și sex">
            {age} ani · {cnp.sex === 'M' ? 'Masculin' : 'Feminin'} · născut(ă) {formatDay(cnp.birthDate)}
          </Row>
        )}
        <Row label={TERMS.county}>{patient.state_name}</Row>
        <Row label={TERMS.insuranceStatus}>{patient.insurance_label}</Row>
        <Row label={TERMS.vaccinated}>{patient.covid_vaccine === 1 ? 'Da' : 'Nu'}</Row>
        <Row label="Telefon">{formatPhone(patient.patient_phone)}</Row>
        <Row label="E-mail">{patient.patient_email}</Row>
        <Divider label={TERMS.familyDoctor} labelPosition="left" />
        <Row label="Nume">{patient.gp_name}</Row>
        <Row label="E-mail">{patient.gp_email}</Row>
        <Row label="Telefon">{patient.gp_phone ? formatPhone(patient.gp_phone) : null}</Row>
        {!patient.gp_name && !patient.gp_email && !patient.gp_phone && (
          <Text size="sm" c="dimmed">
            Necompletat
          </Text>
        )}
        {/* The label wraps in the narrow column rather than being cut ("Update patient det"). */}
        <Button
          mt="xs"
          variant="light"
          leftSection={<IconUserEdit size={16} />}
          onClick={onEdit}
          h="auto"
          mih={36}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center', paddingBlock: 6 } }}
        >
          Update patient details
        </Button>
      </Stack>
    </Card>
  );
}

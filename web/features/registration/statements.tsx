/** What the request page must state before the form (SPEC §1, issue 3): read first, then fill in. */
import { Alert, Anchor, List, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import type { Institute } from '../../app/institute';

export function EmergencyNotice() {
  return (
    <Alert
      variant="light"
      color="red"
      icon={<IconAlertTriangle aria-hidden />}
      title="Nu pentru urgențe"
      role="note"
    >
      Consultația la distanță nu este destinată urgențelor. În caz de urgență sunați la{' '}
      <Anchor href="tel:112" fw={700} c="red.9" underline="always" inherit>
        112
      </Anchor>{' '}
      sau mergeți la cea mai apropiată unitate de primiri urgențe.
    </Alert>
  );
}

export function HowItWorks({ institute }: { institute?: Institute }) {
  const email = institute?.contactEmail;
  return (
    <List
      spacing="xs"
      size="sm"
      icon={
        <ThemeIcon size={20} radius="xl" variant="light">
          <IconCheck size={14} aria-hidden />
        </ThemeIcon>
      }
    >
      <List.Item>
        Veți primi confirmarea în cel mult <b>48 de ore</b>, printr-o aplicație de mesagerie sau prin e-mail.
      </List.Item>
      <List.Item>
        Consultația are loc printr-o aplicație de mesagerie. Convorbirile nu sunt înregistrate.
      </List.Item>
      <List.Item>Nu se eliberează rețete și nici concedii medicale.</List.Item>
      <List.Item>Rezultatul consultației este trimis și medicului dumneavoastră de familie.</List.Item>
      <List.Item>
        Documentele medicale (scrisori medicale, analize, EKG) le trimiteți pe e-mail la{' '}
        {email ? (
          <Anchor href={`mailto:${email}`} underline="always" inherit>
            {email}
          </Anchor>
        ) : (
          'adresa de contact a institutului'
        )}
        .
      </List.Item>
    </List>
  );
}

/** The consent text whose version is CONSENT_TEXT_VERSION (domain/registration.ts). */
export function ConsentText({ institute }: { institute?: Institute }) {
  return (
    <Text size="sm" id="consent-text">
      Sunt de acord ca {institute?.name ?? 'institutul'} să prelucreze datele mele personale și datele privind
      sănătatea (nume, CNP, date de contact, județ, statut de asigurat, date despre medicul de familie) în
      scopul programării și efectuării consultației la distanță și al transmiterii rezultatului către medicul
      de familie, conform Regulamentului (UE) 2016/679 (GDPR). Detalii în{' '}
      {institute?.gdprProtocolUrl ? (
        <Anchor
          inherit
          href={institute.gdprProtocolUrl}
          target="_blank"
          rel="noopener noreferrer"
          underline="always"
        >
          protocolul de protecție a datelor
        </Anchor>
      ) : (
        'protocolul de protecție a datelor'
      )}
      .
    </Text>
  );
}

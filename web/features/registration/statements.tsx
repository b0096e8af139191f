/** What the request page must state before the form (SPEC §1, issue 3): read first, then fill in. */
import { Anchor, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Institute } from '../../app/institute';
import classes from './statements.module.css';

export function EmergencyNotice() {
  return (
    <div className={classes.notice} role="note" aria-labelledby="emergency-title">
      <IconAlertTriangle size={20} className={classes.noticeIcon} aria-hidden />
      <div>
        <p className={classes.noticeTitle} id="emergency-title">
          Nu pentru urgențe
        </p>
        Consultația la distanță nu este destinată urgențelor. În caz de urgență sunați la{' '}
        <Anchor href="tel:112" fw={700} c="red.9" underline="always" inherit>
          112
        </Anchor>{' '}
        sau mergeți la cea mai apropiată unitate de primiri urgențe.
      </div>
    </div>
  );
}

function Point({ children }: { children: ReactNode }) {
  return (
    <li>
      <span className={classes.tick} aria-hidden>
        <IconCheck size={14} />
      </span>
      <span>{children}</span>
    </li>
  );
}

export function HowItWorks({ institute }: { institute?: Institute }) {
  const email = institute?.contactEmail;
  return (
    <ul className={classes.points}>
      <Point>
        Veți primi confirmarea în cel mult <b>48 de ore</b>, printr-o aplicație de mesagerie sau prin e-mail.
      </Point>
      <Point>Consultația are loc printr-o aplicație de mesagerie. Convorbirile nu sunt înregistrate.</Point>
      <Point>Nu se eliberează rețete și nici concedii medicale.</Point>
      <Point>Rezultatul consultației este trimis și medicului dumneavoastră de familie.</Point>
      <Point>
        Documentele medicale (scrisori medicale, analize, EKG) le trimiteți pe e-mail la{' '}
        {email ? (
          <Anchor href={`mailto:${email}`} underline="always" inherit>
            {email}
          </Anchor>
        ) : (
          'adresa de contact a institutului'
        )}
        .
      </Point>
    </ul>
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

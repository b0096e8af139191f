/** What the request page must state before the form (SPEC §1, issue 3): read first, then fill in. */
import { Anchor, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Institute } from '../../app/institute';
import { AlertTriangleIcon, CheckIcon } from './icons';
import classes from './statements.module.css';

export function EmergencyNotice() {
  return (
    <div className={classes.notice} role="note" aria-labelledby="emergency-title">
      <AlertTriangleIcon size={20} className={classes.noticeIcon} />
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
        <CheckIcon size={14} />
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

/**
 * The consent text as the server serves it now (its version goes with the request). Without it
 * nobody can agree: the checkbox stays disabled and the page says why.
 */
export function ConsentText({
  text,
  failed,
  institute,
}: {
  text: string | null;
  failed: boolean;
  institute?: Institute;
}) {
  return (
    <Stack gap={4} id="consent-text">
      <Text
        size="sm"
        c={failed ? 'var(--mantine-color-error)' : undefined}
        role={failed ? 'alert' : undefined}
      >
        {text ??
          (failed
            ? 'Textul acordului nu a putut fi încărcat. Vă rugăm să reîncărcați pagina.'
            : 'Se încarcă textul acordului...')}
      </Text>
      {institute?.gdprProtocolUrl && (
        <Text size="sm">
          <Anchor
            inherit
            href={institute.gdprProtocolUrl}
            target="_blank"
            rel="noopener noreferrer"
            underline="always"
          >
            Protocolul de protecție a datelor
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}

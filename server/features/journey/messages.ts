/**
 * What the patient receives (issue 15, README "SMS"): one e-mail and one SMS text per moment of
 * the journey. E-mails are Romanian with diacritics and carry the details; an SMS is short,
 * written here in Romanian and sent GSM-7 (transliterated by `sms()`, domain/sms.ts), and names no patient, no CNP, no department and no
 * health data: a date, a time and the self-service link where the rest is shown.
 * Pure: no database, clock or configuration is read here.
 */
import { formatDay } from '../../../domain/dates';
import { toGsm7 } from '../../../domain/sms';

export type Moment = {
  patientName: string;
  /** YYYY-MM-DD and HH:MM of the appointment (or of the request's day). */
  date: string;
  time: string;
  /** The calendar's title: the place. */
  calendar: string | null;
  /** In-person appointment holding a slot (true) or a remote-consultation request (false). */
  inPerson: boolean;
};

export type Sender = {
  institute: string;
  /** The institute's short name that starts every SMS (SMS_SIGNATURE). */
  signature: string;
  contactEmail: string;
  /** The number patients call (INSTITUTE_PHONE). */
  phone: string;
};

export type Texts = { subject: string; text: string; sms: string };

const when = (m: Pick<Moment, 'date' | 'time'>) => `${formatDay(m.date)}, ora ${m.time}`;

const greeting = (m: Moment) => [`Bună ziua, ${m.patientName},`, ''];
const closing = (s: Sender) => ['', 'Cu stimă,', s.institute];
const linkLines = (link: string | null) =>
  link
    ? [
        '',
        'Pe pagina de mai jos puteți vedea programarea, confirma prezența, anula sau cere o altă dată:',
        link,
      ]
    : [];
const smsLink = (link: string | null) => (link ? ` ${link}` : '');
const sms = (s: Sender, body: string) => toGsm7(`${s.signature}: ${body}`);

function whatToBring(m: Moment, s: Sender): string[] {
  if (m.inPerson)
    return [
      'Vă rugăm să aveți asupra dumneavoastră:',
      '- actul de identitate (buletin sau carte de identitate);',
      '- documentele medicale pe care le aveți (bilete de ieșire, analize, investigații, scrisori medicale);',
      '- lista tratamentelor pe care le urmați (medicamente și doze).',
    ];
  return [
    'Consultația are loc printr-o aplicație de mesagerie; convorbirea nu este înregistrată.',
    `Vă rugăm să trimiteți documentele medicale (scrisori medicale, analize, EKG) la adresa ${s.contactEmail}, cu numele dumneavoastră și data cererii.`,
  ];
}

const details = (m: Moment) => [
  `- data: ${formatDay(m.date)}`,
  `- ora: ${m.time}`,
  ...(m.calendar ? [`- locul: ${m.calendar}`] : []),
];

/** 1. A request made on the public form was recorded. */
export function requestReceived(m: Moment, s: Sender, link: string | null): Texts {
  return {
    subject: 'Cererea de consultație la distanță a fost înregistrată',
    text: [
      ...greeting(m),
      `Cererea dumneavoastră pentru o consultație la distanță la ${s.institute} a fost înregistrată pentru data de ${when(m)}.`,
      '',
      'Ce urmează:',
      '- În cel mult 48 de ore veți primi confirmarea, prin SMS sau prin e-mail.',
      '- Consultația are loc printr-o aplicație de mesagerie; convorbirea nu este înregistrată.',
      `- Vă rugăm să trimiteți documentele medicale (scrisori medicale, analize, EKG) la adresa ${s.contactEmail}, cu numele dumneavoastră și data cererii.`,
      '- Rezultatul consultației este trimis și medicului de familie.',
      '',
      'Consultația la distanță nu este destinată urgențelor: în caz de urgență sunați la 112.',
      'Nu se eliberează rețete sau concedii medicale.',
      ...linkLines(link),
      '',
      `Dacă nu ați făcut această cerere, vă rugăm să ne scrieți la adresa ${s.contactEmail}.`,
      ...closing(s),
    ].join('\n'),
    sms: sms(
      s,
      `cerere înregistrată pentru ${formatDay(m.date)}. Confirmare în max. 48 de ore.${smsLink(link)}`,
    ),
  };
}

/**
 * The e-mail of an appointment with a time: greeting, what happened (`intro`), the details, what
 * to bring, what to do if the patient cannot come, the link, the signature.
 */
function appointmentEmail(m: Moment, s: Sender, link: string | null, intro: string, ifNotComing: string) {
  return [
    ...greeting(m),
    intro,
    ...details(m),
    '',
    ...whatToBring(m, s),
    '',
    ifNotComing,
    ...linkLines(link),
    ...closing(s),
  ].join('\n');
}

const LET_US_KNOW = 'Dacă nu puteți ajunge, vă rugăm să ne anunțați din timp.';

/** 2. Confirmed (a request) or scheduled (a slot): date, time, place, what to bring. */
export function scheduled(m: Moment, s: Sender, link: string | null): Texts {
  return {
    // The place stays in the body: subjects show on locked phones and in relay logs.
    subject: `Programare ${when(m)} - ${s.institute}`,
    text: appointmentEmail(
      m,
      s,
      link,
      m.inPerson
        ? `Programarea dumneavoastră la ${s.institute} a fost stabilită:`
        : `Consultația dumneavoastră la distanță la ${s.institute} a fost confirmată:`,
      LET_US_KNOW,
    ),
    sms: sms(
      s,
      `${m.inPerson ? 'programare' : 'consultație confirmată'} ${formatDay(m.date)} ora ${m.time}. Detalii, confirmare, anulare:${smsLink(link)}`,
    ),
  };
}

/** 4a. Moved by staff to another date or time. */
export function moved(
  m: Moment,
  s: Sender,
  link: string | null,
  from: { date: string; time: string },
): Texts {
  return {
    subject: `Programarea a fost mutată: ${when(m)} - ${s.institute}`,
    text: appointmentEmail(
      m,
      s,
      link,
      `Programarea dumneavoastră din ${when(from)} a fost mutată. Noua programare:`,
      LET_US_KNOW,
    ),
    sms: sms(s, `programarea a fost mutată pe ${formatDay(m.date)} ora ${m.time}.${smsLink(link)}`),
  };
}

/**
 * 4b. Cancelled by staff (a status without a slot, or deleted). No link: there is nothing left to
 * confirm or cancel, and a deleted appointment's link no longer opens.
 */
export function cancelled(m: Moment, s: Sender): Texts {
  return {
    subject: `Programarea din ${when(m)} a fost anulată - ${s.institute}`,
    text: [
      ...greeting(m),
      `Programarea dumneavoastră din ${when(m)} a fost anulată.`,
      '',
      `Pentru o nouă programare sau pentru întrebări, vă rugăm să ne sunați la ${s.phone} sau să ne scrieți la adresa ${s.contactEmail}.`,
      ...closing(s),
    ].join('\n'),
    sms: sms(
      s,
      `programarea din ${formatDay(m.date)} ora ${m.time} a fost anulată. Pentru altă dată sunați la ${s.phone}.`,
    ),
  };
}

/** 3. A reminder some hours before an appointment that holds a slot. */
export function reminder(m: Moment, s: Sender, link: string | null): Texts {
  return {
    subject: `Reamintire: programare ${when(m)} - ${s.institute}`,
    text: appointmentEmail(
      m,
      s,
      link,
      `Vă reamintim programarea dumneavoastră la ${s.institute}:`,
      'Dacă nu mai puteți ajunge, vă rugăm să anulați programarea, ca locul să poată fi dat altui pacient.',
    ),
    sms: sms(
      s,
      `vă reamintim programarea din ${formatDay(m.date)} ora ${m.time}. Confirmați sau anulați:${smsLink(link)}`,
    ),
  };
}

/** 5. A freed slot offered from the waitlist, held until `until` (HH:MM, day of `untilDate`). */
export function waitlistOffer(
  m: Moment,
  s: Sender,
  link: string,
  until: { date: string; time: string },
): Texts {
  return {
    subject: `Loc liber ${when(m)} - ${s.institute}`,
    text: [
      ...greeting(m),
      `S-a eliberat un loc la ${s.institute} pentru care sunteți pe lista de așteptare:`,
      ...details(m),
      '',
      `Locul este rezervat pentru dumneavoastră până pe ${formatDay(until.date)}, la ora ${until.time}.`,
      'Îl puteți accepta sau refuza pe pagina de mai jos; după această oră va fi oferit altui pacient.',
      link,
      ...closing(s),
    ].join('\n'),
    sms: sms(
      s,
      `loc liber ${formatDay(m.date)} ora ${m.time}, rezervat pt. dvs. până la ${until.time}: ${link}`,
    ),
  };
}

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
  /**
   * The calendar's consultations are remote (its "Consultații la distanță" setting; the public
   * form's requests): the institute calls the patient, so nothing asks them to come or to bring
   * an identity card, and the number that calls is named. False: a visit.
   */
  remote: boolean;
};

export type Sender = {
  institute: string;
  /** The institute's short name that starts every SMS (SMS_SIGNATURE). */
  signature: string;
  contactEmail: string;
  /** The number patients call (INSTITUTE_PHONE). */
  phone: string;
  /** The number that calls the patient for a remote consultation (INSTITUTE_WHATSAPP_NUMBER). */
  callingNumber: string;
};

export type Texts = { subject: string; text: string; sms: string };

const when = (m: Pick<Moment, 'date' | 'time'>) => `${formatDay(m.date)}, ora ${m.time}`;

const greeting = (m: Moment) => [`Bună ziua, ${m.patientName},`, ''];
const closing = (s: Sender) => ['', 'Cu stimă,', s.institute];
const linkLines = (m: Pick<Moment, 'remote'>, link: string | null) =>
  link
    ? [
        '',
        m.remote
          ? 'Pe pagina de mai jos puteți vedea consultația, confirma că sunteți disponibil la telefon, anula sau cere o altă dată:'
          : 'Pe pagina de mai jos puteți vedea programarea, confirma prezența, anula sau cere o altă dată:',
        link,
      ]
    : [];
const smsLink = (link: string | null) => (link ? ` ${link}` : '');
/** Before the link: a space after a colon, or nothing when there is no link. */
const smsColonLink = (link: string | null) => (link ? `: ${link}` : '.');
const sms = (s: Sender, body: string) => toGsm7(`${s.signature}: ${body}`);

/** The word for what the patient has: a remote consultation or an appointment (a visit). */
const what = (m: Pick<Moment, 'remote'>) =>
  m.remote ? 'Consultația dumneavoastră la distanță' : 'Programarea dumneavoastră';

const remoteCall = (s: Sender) =>
  `Consultația are loc la telefon, printr-o aplicație de mesagerie: vă sunăm de la numărul ${s.callingNumber}. Convorbirea nu este înregistrată.`;
const sendDocuments = (s: Sender, of: 'cererii' | 'consultației') =>
  `Vă rugăm să trimiteți documentele medicale (scrisori medicale, analize, EKG) la adresa ${s.contactEmail}, cu numele dumneavoastră și data ${of}.`;

function whatToBring(m: Moment, s: Sender): string[] {
  if (m.remote) return [remoteCall(s), sendDocuments(s, 'consultației')];
  return [
    'Vă rugăm să aveți asupra dumneavoastră:',
    '- actul de identitate (buletin sau carte de identitate);',
    '- documentele medicale pe care le aveți (bilete de ieșire, analize, investigații, scrisori medicale);',
    '- lista tratamentelor pe care le urmați (medicamente și doze).',
  ];
}

const details = (m: Moment, s: Sender) => [
  `- data: ${formatDay(m.date)}`,
  `- ora: ${m.time}`,
  ...(m.remote
    ? [`- vă sunăm de la numărul: ${s.callingNumber}`]
    : m.calendar
      ? [`- locul: ${m.calendar}`]
      : []),
];

/** 1. A request made on the public form was recorded (always a remote consultation: SPEC §1). */
export function requestReceived(m: Moment, s: Sender, link: string | null): Texts {
  return {
    subject: 'Cererea de consultație la distanță a fost înregistrată',
    text: [
      ...greeting(m),
      `Cererea dumneavoastră pentru o consultație la distanță la ${s.institute} a fost înregistrată pentru data de ${when(m)}.`,
      '',
      'Ce urmează:',
      // SPEC §1: "Confirmation arrives by messaging app or e-mail within 48 hours", as the public page says.
      '- În cel mult 48 de ore veți primi confirmarea, printr-o aplicație de mesagerie sau prin e-mail.',
      `- ${remoteCall(s)}`,
      `- ${sendDocuments(s, 'cererii')}`,
      '- Rezultatul consultației este trimis și medicului de familie.',
      '',
      'Consultația la distanță nu este destinată urgențelor: în caz de urgență sunați la 112.',
      'Nu se eliberează rețete sau concedii medicale.',
      ...linkLines({ remote: true }, link),
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
 * to bring (a visit) or how the call goes (remote), what to do if the patient cannot come or
 * cannot talk then, the link, the signature.
 */
function appointmentEmail(m: Moment, s: Sender, link: string | null, intro: string, ifNot: string) {
  return [
    ...greeting(m),
    intro,
    ...details(m, s),
    '',
    ...whatToBring(m, s),
    '',
    ifNot,
    ...linkLines(m, link),
    ...closing(s),
  ].join('\n');
}

const letUsKnow = (m: Moment) =>
  m.remote
    ? 'Dacă nu veți fi disponibil la telefon la această oră, vă rugăm să ne anunțați din timp.'
    : 'Dacă nu puteți ajunge, vă rugăm să ne anunțați din timp.';

/** The subject's name for it: "Programare" (a visit) or "Consultație la distanță". */
const subjectWord = (m: Moment) => (m.remote ? 'Consultație la distanță' : 'Programare');

/** 2. Confirmed (a request) or scheduled (a slot): date, time, place or the calling number, what to bring. */
export function scheduled(m: Moment, s: Sender, link: string | null): Texts {
  return {
    // The place stays in the body: subjects show on locked phones and in relay logs.
    subject: `${subjectWord(m)} ${when(m)} - ${s.institute}`,
    text: appointmentEmail(
      m,
      s,
      link,
      m.remote
        ? `Consultația dumneavoastră la distanță la ${s.institute} a fost confirmată:`
        : `Programarea dumneavoastră la ${s.institute} a fost stabilită:`,
      letUsKnow(m),
    ),
    sms: sms(
      s,
      m.remote
        ? `consultație la distanță ${formatDay(m.date)} ora ${m.time}, vă sunăm de la ${s.callingNumber}${smsColonLink(link)}`
        : `programare ${formatDay(m.date)} ora ${m.time}. Detalii, confirmare, anulare:${smsLink(link)}`,
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
    subject: `${m.remote ? 'Consultația la distanță a fost mutată' : 'Programarea a fost mutată'}: ${when(m)} - ${s.institute}`,
    text: appointmentEmail(
      m,
      s,
      link,
      `${what(m)} din ${when(from)} a fost mutată. ${m.remote ? 'Noua dată:' : 'Noua programare:'}`,
      letUsKnow(m),
    ),
    sms: sms(
      s,
      m.remote
        ? `consultația mutată pe ${formatDay(m.date)} ora ${m.time}, vă sunăm de la ${s.callingNumber}${smsColonLink(link)}`
        : `programarea a fost mutată pe ${formatDay(m.date)} ora ${m.time}.${smsLink(link)}`,
    ),
  };
}

/**
 * 4b. Cancelled by staff (a status without a slot, or deleted). No link: there is nothing left to
 * confirm or cancel, and a deleted appointment's link no longer opens.
 */
export function cancelled(m: Moment, s: Sender): Texts {
  return {
    subject: `${m.remote ? 'Consultația la distanță' : 'Programarea'} din ${when(m)} a fost anulată - ${s.institute}`,
    text: [
      ...greeting(m),
      `${what(m)} din ${when(m)} a fost anulată.`,
      '',
      `Pentru o nouă programare sau pentru întrebări, vă rugăm să ne sunați la ${s.phone} sau să ne scrieți la adresa ${s.contactEmail}.`,
      ...closing(s),
    ].join('\n'),
    sms: sms(
      s,
      `${m.remote ? 'consultația' : 'programarea'} din ${formatDay(m.date)} ora ${m.time} a fost anulată. Pentru altă dată sunați la ${s.phone}.`,
    ),
  };
}

/** 3. A reminder some hours before an appointment that holds a slot. */
export function reminder(m: Moment, s: Sender, link: string | null): Texts {
  return {
    subject: `Reamintire: ${m.remote ? 'consultație la distanță' : 'programare'} ${when(m)} - ${s.institute}`,
    text: appointmentEmail(
      m,
      s,
      link,
      m.remote
        ? `Vă reamintim consultația dumneavoastră la distanță cu ${s.institute}:`
        : `Vă reamintim programarea dumneavoastră la ${s.institute}:`,
      m.remote
        ? 'Dacă nu veți fi disponibil la telefon la această oră, vă rugăm să anulați sau să cereți altă dată, ca ora să poată fi dată altui pacient.'
        : 'Dacă nu mai puteți ajunge, vă rugăm să anulați programarea, ca locul să poată fi dat altui pacient.',
    ),
    sms: sms(
      s,
      m.remote
        ? `reamintire: vă sunăm pe ${formatDay(m.date)} ora ${m.time} de la ${s.callingNumber}. Confirmați:${smsLink(link)}`
        : `vă reamintim programarea din ${formatDay(m.date)} ora ${m.time}. Confirmați sau anulați:${smsLink(link)}`,
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
      ...details(m, s),
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

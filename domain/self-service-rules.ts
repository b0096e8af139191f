/**
 * The zod-free half of the self-service rules: the page's messages and the note's limit, so the
 * patient's page shows them without loading the validation library (bench/web-size.mjs).
 */
export const RESCHEDULE_NOTE_MAX = 500;

export const SELF_SERVICE_MESSAGES = {
  /** A link that opens nothing; the server's answer adds `callUs` with the number. */
  notFound: 'Linkul nu este valabil: poate fi greșit copiat, programarea a trecut sau a fost ștearsă.',
  /** What the pages say to do instead, with the institute's number (INSTITUTE_PHONE; issue 54). */
  callUs: (phone: string) => `Pentru ajutor, sunați la institut la ${phone}.`,
  cancelledCallUs: (phone: string) =>
    `Programarea este anulată. Pentru o nouă programare sunați la institut la ${phone}.`,
  confirmed: 'Vă mulțumim! Prezența dumneavoastră a fost confirmată.',
  confirmedRemote: 'Vă mulțumim! Ați confirmat că sunteți disponibil la telefon.',
  cancelled: 'Programarea a fost anulată. Locul a fost eliberat pentru alți pacienți.',
  rescheduleSent: 'Cererea a fost trimisă. Vă vom contacta pentru o nouă dată.',
  alreadyCancelled: 'Programarea este deja anulată.',
  tooLateToCancel: (phone: string) =>
    `Programarea nu mai poate fi anulată online atât de aproape de data ei. Vă rugăm să sunați la institut la ${phone}.`,
  noteRequired: 'Scrieți pe scurt ce dată sau ce interval v-ar conveni.',
  noteTooLong: `Cel mult ${RESCHEDULE_NOTE_MAX} de caractere.`,
} as const;

/** The e-mail a patient receives when an appointment gets a date and time. */
import { formatDay } from '../../../domain/dates';
import type { Db } from '../../db/client';
import { enqueueMail } from '../../platform/mail';

export async function mailAppointmentSet(
  db: Db,
  m: { to: string | null; patient: string; date: string; time: string; calendar: string; institute: string },
) {
  if (!m.to) return;
  const when = `${formatDay(m.date)}, ora ${m.time}`;
  const text = [
    `Bună ziua, ${m.patient},`,
    '',
    `Programarea dumneavoastră la ${m.institute} a fost stabilită:`,
    `- data: ${formatDay(m.date)}`,
    `- ora: ${m.time}`,
    `- locația: ${m.calendar}`,
    '',
    'Vă rugăm să aveți asupra dumneavoastră:',
    '- actul de identitate (buletin sau carte de identitate);',
    '- documentele medicale pe care le aveți (bilete de ieșire, analize, investigații, scrisori medicale);',
    '- lista tratamentelor pe care le urmați (medicamente și doze).',
    '',
    'Dacă nu puteți ajunge, vă rugăm să ne anunțați din timp.',
    '',
    `Cu stimă,`,
    m.institute,
  ].join('\n');
  // The calendar (a department) stays in the body: subjects show on locked phones and in relay logs.
  await enqueueMail(db, { to: m.to, subject: `Programare ${when} - ${m.institute}`, text });
}

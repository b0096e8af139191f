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
    `Buna ziua, ${m.patient},`,
    '',
    `Programarea dumneavoastra la ${m.institute} a fost stabilita:`,
    `- data: ${formatDay(m.date)}`,
    `- ora: ${m.time}`,
    `- locatia: ${m.calendar}`,
    '',
    'Va rugam sa aveti asupra dumneavoastra:',
    '- actul de identitate (buletin sau carte de identitate);',
    '- documentele medicale pe care le aveti (bilete de iesire, analize, investigatii, scrisori medicale);',
    '- lista tratamentelor pe care le urmati (medicamente si doze).',
    '',
    'Daca nu puteti ajunge, va rugam sa ne anuntati din timp.',
    '',
    `Cu stima,`,
    m.institute,
  ].join('\n');
  // The calendar (a department) stays in the body: subjects show on locked phones and in relay logs.
  await enqueueMail(db, { to: m.to, subject: `Programare ${when} - ${m.institute}`, text });
}

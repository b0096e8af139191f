/** The confirmation e-mail a patient receives after a public request (Romanian, plain text). */
import type { MailMessage } from '../../platform/mail';

export function registrationMail(p: {
  to: string;
  name: string;
  date: string; // YYYY-MM-DD
  time: string; // HH:MM
  institute: string;
  contactEmail: string;
}): MailMessage {
  const [y, m, d] = p.date.split('-');
  const when = `${d}.${m}.${y}, ora ${p.time}`;
  const text = [
    `Bună ziua, ${p.name},`,
    '',
    `Cererea dumneavoastră pentru o consultație la distanță la ${p.institute} a fost înregistrată pentru data de ${when}.`,
    '',
    'Ce urmează:',
    '- În cel mult 48 de ore veți primi confirmarea, printr-o aplicație de mesagerie sau prin e-mail.',
    '- Consultația are loc printr-o aplicație de mesagerie; convorbirea nu este înregistrată.',
    `- Vă rugăm să trimiteți documentele medicale (scrisori medicale, analize, EKG) la adresa ${p.contactEmail}, cu numele dumneavoastră și data cererii.`,
    '- Rezultatul consultației este trimis și medicului de familie.',
    '',
    'Consultația la distanță nu este destinată urgențelor: în caz de urgență sunați la 112.',
    'Nu se eliberează rețete sau concedii medicale.',
    '',
    'Dacă nu ați făcut această cerere, vă rugăm să ne scrieți la aceeași adresă.',
    '',
    'Cu stimă,',
    p.institute,
  ].join('\n');
  return {
    to: p.to,
    subject: 'Cererea de consultație la distanță a fost înregistrată',
    text,
  };
}

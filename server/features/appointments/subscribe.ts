/** What the appointments owner does when other owners tell it of a change. */
import type { Events } from '../../platform/events';
import { renamePatientCopies } from './repository/writes';

export function subscribeAppointments(events: Events) {
  // Each appointment keeps its patient's folded name for the lists in name order (0089).
  events.on('patient.renamed', (tx, e) => renamePatientCopies(tx, e.patientId, e.nameSearch));
}

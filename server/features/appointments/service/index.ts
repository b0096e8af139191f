/**
 * The appointment rules (DESIGN §6): the transition table enforced on every write, slots checked
 * against the calendar and the doctor, double booking refused by the database, every write
 * audited. What follows a change elsewhere (the patient's messages, a freed slot offered to the
 * waitlist) is an event the other features handle in the same transaction (platform/events.ts).
 */
import type { Deps } from '../../../platform/deps';
import { bookingActions } from './booking';
import { outcomeActions } from './outcomes';
import { patientActions } from './patient-actions';

export { cancelUntil } from './rules';

export function createAppointmentsService(deps: Deps) {
  return { ...bookingActions(deps), ...outcomeActions(deps), ...patientActions(deps) };
}

export type AppointmentsService = ReturnType<typeof createAppointmentsService>;

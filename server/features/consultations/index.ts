/**
 * What other features use of the consultations: saving the form's sections (the patient record's
 * PUT /api/patients), a patient's consultations (the record), the letter's delivery outcome (the
 * outbox worker in main.ts).
 */
export { letterDeliverySettled } from './letter/service';
export { anonymiseConsultationsOf, consultationRowsOfPatient } from './repository';
export { consultationsOfPatient, createConsultationsService } from './service';

/** What other features may use of self-service: an appointment's patient link (the appointment detail). */
export { usePatientLink } from './api';

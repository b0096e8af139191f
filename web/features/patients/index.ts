/** What other features may use of patients: the area's query keys (writes elsewhere that change a patient). */
export { patientKeys } from './api';

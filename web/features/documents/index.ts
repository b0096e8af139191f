/** What other features may use of documents: the patient's documents panel (patient and appointment detail). */
export { PatientDocuments } from './patient-documents';

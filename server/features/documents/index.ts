/**
 * What other features may use of documents: a patient's documents (the patient record), the
 * signed letter filed as a document and its to-send / sent status (consultations).
 */

export { reconcileCounts, reconcileStorage, scheduleStorageReconcile } from './reconcile';
export {
  deleteDocumentsOfPatient,
  documentRowsOfPatient,
  documentsOfPatient,
  insertGeneratedDocument,
  setDocumentStatus,
} from './repository';

import { PatientDocuments } from '../documents';

/** The appointment's Documents tab: the patient's documents, uploads linked to this appointment. */
export function DocumentsTab({ patientId, appointmentId }: { patientId: number; appointmentId: number }) {
  return <PatientDocuments patientId={patientId} appointmentId={appointmentId} />;
}

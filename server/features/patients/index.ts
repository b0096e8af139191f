/**
 * What other features may use of patients (docs/ARCHITECTURE.md "One door per table"): one
 * patient's record, contact and panel, the pickers' search, the public form's patient, the
 * service. Lists of other owners read patients through the published views patient_cards and
 * patient_words (server/db/views.ts).
 */
export {
  lockPatient,
  type PatientRecord,
  patientContact,
  patientPanel,
  patientRecord,
  pickerSearch,
  pseudonymisePatient,
  removePatientIfOnlyThisRequest,
} from './repository/patients';
export { createPatientsService } from './service';

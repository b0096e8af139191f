/** The patient's record as GET /api/patients/{id} answers it (SPEC §2 Patient detail, §3 Patient). */
import { countyName } from '../../../domain/counties';
import { INSURANCE_LABELS, type InsuranceStatus, type PatientDetail } from '../../../domain/patients';
import type { Db } from '../../db/client';
import { appointmentsOfPatient } from '../appointments';
import { consultationsOfPatient } from '../consultations';
import { documentsOfPatient } from '../documents';
import { patientRecord } from '../patients';

export async function patientRecordOf(db: Db, id: number): Promise<PatientDetail | null> {
  const p = await patientRecord(db, id);
  if (!p) return null;
  const [documents, consultations, appointments] = await Promise.all([
    documentsOfPatient(db, id),
    consultationsOfPatient(db, id),
    appointmentsOfPatient(db, id),
  ]);
  return {
    id: p.id,
    patient_id: p.id,
    patient: p.name,
    pid: p.cnp,
    cnp: p.cnp,
    patient_phone: p.phone,
    patient_email: p.email,
    covid_vaccine: p.covidVaccine === 1 ? 1 : 0,
    gp_name: p.gpName,
    gp_email: p.gpEmail,
    gp_phone: p.gpPhone,
    insurance_status: p.insuranceStatus as InsuranceStatus,
    insurance_label: INSURANCE_LABELS[p.insuranceStatus as InsuranceStatus] ?? p.insuranceStatus,
    state_residency: p.stateResidency,
    state_name: countyName(p.stateResidency),
    documents,
    consultations,
    appointments: appointments.map((a) => ({
      ...a,
      patient: p.name,
      patient_phone: p.phone,
      patient_email: p.email,
    })),
  };
}

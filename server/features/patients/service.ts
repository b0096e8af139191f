/** Rules of the patients' records (SPEC §5 new and edit rules): create and update, audited. */
import { type EditPatient, type NewPatient, PATIENT_TEXTS } from '../../../domain/patients';
import { foldText } from '../../../domain/text';
import { normalizePhone } from '../../../domain/validation/phone';
import type { Actor } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { constraintViolation } from '../../platform/db-errors';
import type { Deps } from '../../platform/deps';
import { conflict, notFound } from '../../platform/errors';
import * as repo from './repository/patients';

const nullable = (v: string | undefined) => (v === undefined || v === '' ? null : v);
const phoneOrNull = (v: string | undefined) => (v ? (normalizePhone(v) ?? v) : null);

/** The columns both forms set, as stored: the name's folded form, phones normalised, empty as null. */
const formColumns = (input: EditPatient) => ({
  name: input.name,
  nameSearch: foldText(input.name),
  phone: normalizePhone(input.phone) ?? input.phone,
  email: nullable(input.email),
  gpName: nullable(input.gp_name),
  gpEmail: nullable(input.gp_email),
  gpPhone: phoneOrNull(input.gp_phone),
  insuranceStatus: input.insurance_status,
  stateResidency: input.state_residency,
});

export function createPatientsService({ db, clock, events }: Pick<Deps, 'db' | 'clock' | 'events'>) {
  return {
    async createPatient(actor: Actor, { input }: { input: NewPatient }): Promise<number> {
      try {
        return await db.transaction(async (tx) => {
          if (await repo.patientIdByCnp(tx, input.cnp)) throw conflict(PATIENT_TEXTS.duplicateCnp);
          const id = await repo.insertPatient(tx, {
            ...formColumns(input),
            cnp: input.cnp,
            covidVaccine: input.vaccine,
            createdBy: actor.userId,
          });
          await audit(tx, actor, {
            action: 'patient.create',
            entityType: 'patient',
            entityId: id,
            patientId: id,
          });
          return id;
        });
      } catch (err) {
        // Two creations of the same CNP at once: the unique index decides, the loser gets the same 409.
        if (constraintViolation(err)?.kind === 'unique') throw conflict(PATIENT_TEXTS.duplicateCnp);
        throw err;
      }
    },
    async updatePatient(actor: Actor, { id, input }: { id: number; input: EditPatient }) {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const current = await repo.lockPatient(tx, id);
        if (!current) throw notFound(PATIENT_TEXTS.notFound);
        const columns = formColumns(input);
        await repo.updatePatientRow(tx, id, {
          ...columns,
          ...(input.vaccine === undefined ? {} : { covidVaccine: input.vaccine }),
          updatedAt: now,
        });
        if (columns.nameSearch !== current.nameSearch)
          await events.emit(tx, 'patient.renamed', { patientId: id, nameSearch: columns.nameSearch });
        await audit(tx, actor, {
          action: 'patient.update',
          entityType: 'patient',
          entityId: id,
          patientId: id,
          details: { fields: Object.keys(input) },
        });
      });
    },
  };
}

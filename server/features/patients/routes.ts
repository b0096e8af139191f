/**
 * /api/patients (SPEC §7): the list and a new patient. The record itself (GET /patients/{id},
 * PUT /patients) is served by the patient record (features/patient-record), which gathers it from
 * its owners; the consultations and letters under /patients/{id}/ by features/consultations.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jsonQuery, pageCount, pageQuery, replies } from '../../../domain/api';
import {
  newPatientSchema,
  PATIENT_TEXTS,
  patientCreatedReply,
  patientFiltersSchema,
  patientListReply,
} from '../../../domain/patients';
import { audit } from '../../platform/audit';
import { listPatients } from './repository/list';
import { createPatientsService } from './service';

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const service = createPatientsService(app.deps);

  app.get(
    '/patients',
    {
      schema: {
        tags: ['patients'],
        summary:
          "Patient list with each patient's latest appointment; filters: name, doctor, appointment_date, status, cnp, phone",
        querystring: z.object({ filters: jsonQuery(patientFiltersSchema), ...pageQuery }),
        response: replies({ 200: patientListReply }),
      },
    },
    async (req) => {
      const { filters, page, perPage } = req.query;
      const { total, patients } = await listPatients(db, filters, page, perPage);
      await audit(db, req.actor, {
        action: 'patient.list',
        entityType: 'patient',
        details: { filters: Object.keys(filters), page, perPage },
      });
      return {
        status: 1 as const,
        _meta: { total, page, perPage, pageCount: pageCount(total, perPage) },
        patients,
      };
    },
  );

  app.post(
    '/patients',
    {
      schema: {
        tags: ['patients'],
        summary: 'Create a patient (SPEC §5 new-patient rules; 409 on a known CNP)',
        body: newPatientSchema,
        response: replies({ 201: patientCreatedReply }),
      },
    },
    async (req, reply) => {
      const id = await service.createPatient(req.actor, { input: req.body });
      return reply
        .status(201)
        .send({ status: 1 as const, id, patient_id: id, message: PATIENT_TEXTS.created });
    },
  );
};

export default routes;

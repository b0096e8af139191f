/**
 * The patient's record as one resource (SPEC §7): GET /api/patients/{id} gathers the patient,
 * their documents, consultations and appointments from their owners; PUT /api/patients updates
 * the profile or, when a consultation's fields are sent, saves the consultation. An orchestrator:
 * it owns no table and calls the owners (docs/ARCHITECTURE.md "No loops").
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replies } from '../../../domain/api';
import {
  CONSULTATION_KEYS,
  CONSULTATION_TEXTS,
  consultationUpdateSchema,
  patientUpdateBody,
} from '../../../domain/consultations';
import {
  editPatientSchema,
  PATIENT_TEXTS,
  patientIdField,
  patientReply,
  patientUpdateReply,
} from '../../../domain/patients';
import { audit } from '../../platform/audit';
import { notFound, parseOr400 } from '../../platform/errors';
import { createConsultationsService } from '../consultations';
import { createPatientsService } from '../patients';
import { patientRecordOf } from './record';

const idParams = z.object({ id: patientIdField });

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const patients = createPatientsService(app.deps);
  const consultations = createConsultationsService(app.deps);

  app.get(
    '/patients/:id',
    {
      schema: {
        tags: ['patients'],
        summary: 'One patient with documents, consultations and appointments',
        params: idParams,
        response: replies({ 200: patientReply }),
      },
    },
    async (req) => {
      const patient = await patientRecordOf(db, req.params.id);
      if (!patient) throw notFound(PATIENT_TEXTS.notFound);
      await audit(db, req.actor, {
        action: 'patient.read',
        entityType: 'patient',
        entityId: patient.id,
        patientId: patient.id,
      });
      return { status: 1 as const, patient };
    },
  );

  app.put(
    '/patients',
    {
      schema: {
        tags: ['patients'],
        summary:
          'Update a patient: a profile update (SPEC §5 edit rules) or, when consultationTitle or a section is sent, a consultation save (reason, personalPriors, familyPriors, treatment, diagnosis, recs)',
        body: patientUpdateBody,
        response: replies({ 200: patientUpdateReply }),
      },
    },
    async (req) => {
      const body = req.body as Record<string, unknown>;
      if (CONSULTATION_KEYS.some((k) => k in body)) {
        const input = parseOr400(consultationUpdateSchema, body);
        const consultation = await consultations.saveConsultation(req.actor, { input });
        return { status: 1 as const, message: CONSULTATION_TEXTS.saved, consultation };
      }
      const input = parseOr400(editPatientSchema, body);
      await patients.updatePatient(req.actor, { id: req.body.patientId, input });
      return { status: 1 as const, message: PATIENT_TEXTS.updated };
    },
  );
};

export default routes;

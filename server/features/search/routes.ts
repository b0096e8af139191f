/**
 * GET /api/search?q= (the top-bar search, SPEC /app/pages/search/{text}): patients by name
 * (diacritics-insensitive through patients.name_search), CNP prefix, phone and e-mail, ranked,
 * each with their appointments (one query for all of them).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { replies } from '../../../domain/api';
import { hhmm } from '../../../domain/dates';
import { maskCnp } from '../../../domain/privacy';
import { SEARCH_LIMIT, type SearchPatient, searchQuerySchema, searchReply } from '../../../domain/search';
import { audit } from '../../platform/audit';
import { appointmentsOfPatients } from '../appointments';
import { searchPatients } from './repository';

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;

  app.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Patients by name, CNP, phone or e-mail with their appointments (at most 20)',
        description: 'Ranked: exact CNP, phone or e-mail first, then name prefix, then contains.',
        querystring: searchQuerySchema,
        response: replies({ 200: searchReply }),
      },
    },
    async (req) => {
      const found = await searchPatients(db, req.query.q, SEARCH_LIMIT);
      const ids = found.map((p) => p.id);
      const appts = ids.length ? await appointmentsOfPatients(db, ids) : [];
      // Each patient's appointments, in the order read (one pass, not one per patient).
      const byPatient = new Map<number, SearchPatient['appointments']>();
      for (const { patientId, ...x } of appts) {
        const list = byPatient.get(patientId) ?? [];
        byPatient.set(patientId, list);
        list.push({ ...x, time: x.time ? hhmm(x.time) : null });
      }
      const patients: SearchPatient[] = found.map((p) => ({
        ...p,
        cnp: maskCnp(p.cnp),
        appointments: byPatient.get(p.id) ?? [],
      }));
      // A search lists patient identities: recorded like other patient reads, without the text
      // typed (it may be a CNP).
      await audit(db, req.actor, {
        action: 'patient.search',
        entityType: 'patient',
        details: { results: ids },
      });
      return { status: 1 as const, patients };
    },
  );
};

export default routes;

/**
 * GET /api/search?q= (the top-bar search, SPEC /app/pages/search/{text}): patients by name
 * (diacritics-insensitive through patients.name_search), CNP prefix, phone and e-mail, ranked,
 * each with the newest appointments their card shows and the count of all (read with the patients,
 * in one statement).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { replies } from '../../../domain/api';
import { maskCnp } from '../../../domain/privacy';
import {
  SEARCH_APPOINTMENTS_SHOWN,
  SEARCH_LIMIT,
  type SearchPatient,
  searchQuerySchema,
  searchReply,
} from '../../../domain/search';
import { audit } from '../../platform/audit';
import { searchPatients } from './repository';

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Patients by name, CNP, phone or e-mail with their newest appointments (at most 20)',
        description:
          'Ranked: exact CNP, phone or e-mail first, then name prefix, then contains. Each patient ' +
          `comes with their ${SEARCH_APPOINTMENTS_SHOWN} newest appointments and the count of all of them.`,
        querystring: searchQuerySchema,
        response: replies({ 200: searchReply }),
      },
    },
    async (req) => {
      const found = await searchPatients(db, req.query.q, SEARCH_LIMIT);
      // Each patient's newest appointments, as many as the card shows, and how many there are.
      const patients: SearchPatient[] = found.map((p) => ({
        ...p,
        cnp: maskCnp(p.cnp),
        appointments: p.appointments.slice(0, SEARCH_APPOINTMENTS_SHOWN),
        appointments_total: p.appointments.length,
      }));
      // A search lists patient identities: recorded like other patient reads, without the text
      // typed (it may be a CNP).
      await audit(db, req.actor, {
        action: 'patient.search',
        entityType: 'patient',
        details: { results: found.map((p) => p.id) },
      });
      return { status: 1 as const, patients };
    },
  );
};

export default routes;

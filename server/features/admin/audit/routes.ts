/** /api/admin/audit: the audit log, its filters and the CSV export (superadmins only). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActionsReply, auditFiltersSchema, auditListReply } from '../../../../domain/admin';
import { fileReply, jsonQuery, pageCount, pageQuery, replies } from '../../../../domain/api';
import { clinicToday } from '../../../../domain/dates';
import { audit } from '../../../platform/audit';
import * as repo from '../../../platform/audit/log';
import { contentDisposition } from '../../../platform/http-headers';

const tags = ['admin'];
const config = { superadmin: true };
const filtersDoc =
  'filters: JSON {actorId (user id), patientId, action (exact), from, to (YYYY-MM-DD, inclusive, Europe/Bucharest)}';

const routes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.db;

  app.get(
    '/admin/audit',
    {
      config,
      schema: {
        tags,
        summary: 'Audit events newest first, with the actor name',
        description: filtersDoc,
        querystring: z.object({ filters: jsonQuery(auditFiltersSchema), ...pageQuery }),
        response: replies({ 200: auditListReply }),
      },
    },
    async (req) => {
      const { filters, page, perPage } = req.query;
      const { total, rows } = await repo.listAudit(db(), filters, page, perPage);
      return {
        status: 1 as const,
        _meta: { total, page, perPage, pageCount: pageCount(total, perPage) },
        data: rows,
      };
    },
  );

  app.get(
    '/admin/audit/actions',
    {
      config,
      schema: {
        tags,
        summary: 'The action names present in the log (for the filter)',
        response: replies({ 200: auditActionsReply }),
      },
    },
    async () => ({ status: 1 as const, data: await repo.distinctActions(db()) }),
  );

  app.get(
    '/admin/audit/export.csv',
    {
      config,
      schema: {
        tags,
        summary: `The same events as CSV (at most ${repo.EXPORT_LIMIT} rows)`,
        description: filtersDoc,
        querystring: z.object({ filters: jsonQuery(auditFiltersSchema) }),
        response: replies({ 200: fileReply('text/csv') }),
      },
    },
    async (req, reply) => {
      const { filters } = req.query;
      const rows = await repo.exportAudit(db(), filters);
      // Exporting personal-data access is itself worth recording.
      await audit(db(), req.actor, {
        action: 'admin.audit.export',
        entityType: 'audit',
        details: { filters, rows: rows.length },
      });
      const name = `jurnal-audit-${clinicToday(app.deps.clock.now())}.csv`;
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', contentDisposition('attachment', name))
          .header('cache-control', 'no-store')
          // The BOM makes spreadsheet programs read the diacritics as UTF-8.
          .send(`\uFEFF${repo.toCsv(rows)}`)
      );
    },
  );
};

export default routes;

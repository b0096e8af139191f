/**
 * /api/appointment... (SPEC §7) except POST /appointment and GET /appointment/check-register-date,
 * which belong to the public registration feature.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jsonQuery, pageCount, pageQuery, replies } from '../../../domain/api';
import {
  appointmentCreatedReply,
  appointmentDoctorsReply,
  appointmentListReply,
  appointmentPatientsReply,
  appointmentReply,
  appointmentStatusesReply,
  availabilityReply,
  newAppointmentOptionsReply,
} from '../../../domain/appointment-replies';
import {
  APPOINTMENT_MESSAGES,
  appointmentFiltersSchema,
  assignDoctorSchema,
  confirmSchema,
  markSpamSchema,
  newAppointmentSchema,
  noShowSchema,
  patientSearchSchema,
  setAppointmentSchema,
} from '../../../domain/appointments';
import { NEAR_DEADLINE_HOURS } from '../../../domain/dashboard';
import { addDays, addMonths, clinicTime, clinicToday, DATE_RE } from '../../../domain/dates';
import { expandRanges, lastBookableDay, WEEKDAY_NAMES } from '../../../domain/slots';
import { audit } from '../../platform/audit';
import { activeDoctors } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { messageRoute } from '../../platform/http/write-routes';
import { calendarFacts, listCalendars } from '../calendars';
import { pickerSearch } from '../patients';
import { appointmentDetail } from './detail';
import { listAppointments } from './repository/list';
import * as reads from './repository/reads';
import { createAppointmentsService } from './service';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const tags = ['appointments'];
const booleanText = z
  .enum(['true', 'false', '1', '0'])
  .default('true')
  .transform((v) => v === 'true' || v === '1');

/** Active doctors with their time off still to come (the pickers' "vacations"). */
async function doctorsWithVacations(db: Parameters<typeof activeDoctors>[0], today: string) {
  const doctors = await activeDoctors(db);
  const off = await reads.timeOffFrom(
    db,
    today,
    doctors.map((d) => d.id),
  );
  return doctors.map((d) => ({
    ...d,
    vacations: off.filter((o) => o.userId === d.id).map(({ id, from, to }) => ({ id, from, to })),
  }));
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const now = () => app.deps.clock.now();
  const service = createAppointmentsService(app.deps);

  app.get(
    '/appointment',
    {
      schema: {
        tags,
        summary: 'Appointment list with the next appointments from now',
        description:
          'filters: JSON {name, doctor (user id), date, status, status_id, cnp, phone}. hideOlder (default true) keeps today and later in Europe/Bucharest.',
        querystring: z.object({
          filters: jsonQuery(appointmentFiltersSchema),
          ...pageQuery,
          hideOlder: booleanText,
        }),
        response: replies({ 200: appointmentListReply }),
      },
    },
    async (req) => {
      const { filters, page, perPage, hideOlder } = req.query;
      const instant = now();
      const today = clinicToday(instant);
      const [{ rows, total }, next] = await Promise.all([
        listAppointments(db, {
          filters,
          page,
          perPage,
          hideOlder,
          today,
          nearDeadlineBefore: new Date(instant.getTime() - NEAR_DEADLINE_HOURS * 3_600_000),
        }),
        reads.nextAppointments(db, today, clinicTime(instant)),
      ]);
      return {
        status: 1 as const,
        _meta: { total, page, perPage, pageCount: pageCount(total, perPage) },
        appointments: rows,
        nextAppointments: next,
      };
    },
  );

  app.get(
    '/appointment/statuses',
    {
      schema: {
        tags,
        summary: 'Custom statuses that are not hidden',
        response: replies({ 200: appointmentStatusesReply }),
      },
    },
    async () => ({
      status: 1 as const,
      data: await reads.listStatuses(db),
    }),
  );

  app.get(
    '/appointment/doctors',
    {
      schema: {
        tags,
        summary: 'Active authorised doctors with their time off (vacations)',
        response: replies({ 200: appointmentDoctorsReply }),
      },
    },
    async () => ({ status: 1 as const, data: await doctorsWithVacations(db, clinicToday(now())) }),
  );

  app.get(
    '/appointment/new-appointment',
    {
      schema: {
        tags,
        summary: 'What the new-appointment form offers: doctors, statuses, calendars',
        response: replies({ 200: newAppointmentOptionsReply }),
      },
    },
    async () => {
      const [doctors, statuses, calendars] = await Promise.all([
        doctorsWithVacations(db, clinicToday(now())),
        reads.listStatuses(db, { pickers: true }),
        listCalendars(db),
      ]);
      return { status: 1 as const, data: { doctors, statuses, calendars } };
    },
  );

  app.post(
    '/appointment/new-appointment',
    {
      schema: {
        tags,
        summary: 'Creates a scheduled appointment with a custom status',
        body: newAppointmentSchema,
        response: replies({ 200: appointmentCreatedReply }),
      },
    },
    async (req) => {
      const id = await service.create(req.actor, req.body);
      return { status: 1 as const, id, message: APPOINTMENT_MESSAGES.created };
    },
  );

  app.get(
    '/appointment/appointment-patients',
    {
      schema: {
        tags,
        summary: 'Patients for the new-appointment picker (name, at least 2 letters; or CNP digits)',
        querystring: z.object({ filters: jsonQuery(patientSearchSchema) }),
        response: replies({ 200: appointmentPatientsReply }),
      },
    },
    async (req) => ({
      status: 1 as const,
      data: { patients: await pickerSearch(db, req.query.filters.name) },
    }),
  );

  app.get(
    '/appointment/calendar/:calendarId/availability',
    {
      schema: {
        tags,
        summary: 'Availability of a calendar: unavailable days, weekly entries, slots taken',
        description:
          'unavailableDays covers today..today+60 months (Europe/Bucharest) and includes the time off of doctor_id when given. ' +
          'appointments lists the slots taken (by the calendar, and by doctor_id in any calendar) on date=YYYY-MM-DD or in the month date=YYYY-MM; without date it is empty. ' +
          'held lists the slots of the calendar an open waitlist offer holds then, with until (ISO): booking one needs take_held: true.',
        params: z.object({ calendarId: z.coerce.number().int().positive() }),
        querystring: z.object({
          date: z
            .string()
            .regex(/^\d{4}-\d{2}(-\d{2})?$/, 'Data trebuie să fie YYYY-MM sau YYYY-MM-DD.')
            .optional(),
          doctor_id: z.string().max(100).optional(),
        }),
        response: replies({ 200: availabilityReply }),
      },
    },
    async (req) => {
      const { calendarId } = req.params;
      const facts = await calendarFacts(db, calendarId);
      if (!facts) throw notFound(APPOINTMENT_MESSAGES.calendarNotFound);
      const today = clinicToday(now());
      const last = lastBookableDay(today);
      const timeOff = await reads.doctorTimeOff(db, req.query.doctor_id ?? null);
      const { date } = req.query;
      let appointments: { selected_date: string; selected_time: string }[] = [];
      let held: { selected_date: string; selected_time: string; until: string }[] = [];
      if (date) {
        const from = DATE_RE.test(date) ? date : `${date}-01`;
        const to = DATE_RE.test(date) ? date : addDays(addMonths(from, 1), -1);
        [appointments, held] = await Promise.all([
          reads.takenSlots(db, { calendarId, doctorId: req.query.doctor_id, from, to }),
          reads.heldSlots(db, { calendarId, from, to, now: now() }),
        ]);
      }
      return {
        status: 1 as const,
        data: {
          unavailableDays: expandRanges([...facts.unavailable, ...timeOff], today, last),
          availability: facts.availability.map((e) => ({
            day: WEEKDAY_NAMES[e.weekday] ?? String(e.weekday),
            weekday: e.weekday,
            from: e.from.slice(0, 5),
            to: e.to.slice(0, 5),
          })),
          appointments,
          held,
        },
      };
    },
  );

  messageRoute(
    app,
    'POST',
    '/appointment/confirm',
    {
      tags,
      summary: 'Confirm without papers, then with papers',
      body: confirmSchema,
      message: APPOINTMENT_MESSAGES.confirmed,
    },
    (req) => service.confirm(req.actor, { appointmentId: req.body.appointment_id, status: req.body.status }),
  );

  messageRoute(
    app,
    'POST',
    '/appointment/set-appointment',
    {
      tags,
      summary: 'Sets a custom status, with a slot unless without_appointment',
      body: setAppointmentSchema,
      message: APPOINTMENT_MESSAGES.statusSet,
    },
    (req) => service.setAppointment(req.actor, req.body),
  );

  messageRoute(
    app,
    'POST',
    '/appointment/assign-doctor',
    {
      tags,
      summary: 'Assigns a doctor',
      body: assignDoctorSchema,
      message: APPOINTMENT_MESSAGES.assigned,
    },
    (req) => service.assignDoctor(req.actor, req.body),
  );

  app.post(
    '/appointment/no-show',
    {
      schema: {
        tags,
        summary:
          "The patient did not come: the built-in 'Neprezentat', after the appointment's time (409 before)",
        body: noShowSchema,
        response: { 200: z.object({ status: z.literal(1), message: z.string() }) },
      },
    },
    async (req) => {
      await service.markNoShow(req.actor, { appointmentId: req.body.appointment_id });
      return { status: 1 as const, message: APPOINTMENT_MESSAGES.noShowMarked };
    },
  );

  app.post(
    '/appointment/spam',
    {
      schema: {
        tags,
        summary: 'Marks unanswered public requests as spam: removed, their day places freed (all or none)',
        body: markSpamSchema,
        response: {
          200: z.object({
            status: z.literal(1),
            message: z.string(),
            marked: z.number().int(),
            patients_removed: z.number().int(),
          }),
        },
      },
    },
    async (req) => {
      const r = await service.markSpam(req.actor, { ids: req.body.ids });
      return {
        status: 1 as const,
        message: APPOINTMENT_MESSAGES.spamMarked,
        marked: r.marked,
        patients_removed: r.patientsRemoved,
      };
    },
  );

  app.get(
    '/appointment/:id',
    {
      schema: {
        tags,
        summary: 'One appointment with the patient side-panel data',
        params: idParams,
        response: replies({ 200: appointmentReply }),
      },
    },
    async (req) => {
      const appointment = await appointmentDetail(db, req.params.id);
      if (!appointment) throw notFound(APPOINTMENT_MESSAGES.notFound);
      await audit(db, req.actor, {
        action: 'patient.read',
        entityType: 'appointment',
        entityId: appointment.id,
        patientId: appointment.patient_id,
      });
      return { status: 1 as const, appointment };
    },
  );

  messageRoute(
    app,
    'DELETE',
    '/appointment/:id',
    {
      tags,
      summary: 'Deletes an appointment (frees its slot)',
      params: idParams,
      message: APPOINTMENT_MESSAGES.deleted,
    },
    (req) => service.remove(req.actor, { appointmentId: req.params.id }),
  );
};

export default routes;

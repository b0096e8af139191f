/**
 * The appointment area's door (SPEC §7 `/appointment...`, except the public form's calls, which
 * are registration's). Each resource: a fetcher, its queryOptions (one key of `appointmentKeys`)
 * and the hook; other features use the hooks and keys index.ts exports. Every write reloads the
 * area and every other screen showing appointments.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageReply } from '../../../domain/api';
import type {
  AppointmentCreatedReply,
  AppointmentDoctorsReply,
  AppointmentListReply,
  AppointmentPatientsReply,
  AppointmentReply,
  AppointmentStatusesReply,
  AvailabilityReply,
  NewAppointmentOptionsReply,
} from '../../../domain/appointment-replies';
import type {
  AppointmentFilters,
  ConfirmTarget,
  NewAppointmentInput,
  SetAppointmentInput,
} from '../../../domain/appointments';
import type {
  ConsultationActionReply,
  ConsultationEnd,
  ConsultationStart,
  ConsultationStateReply,
} from '../../../domain/remote-consultation';
import { api } from '../../lib/api';
import { CURRENT_USER_KEY } from '../../lib/query-client';
import { featureKeys } from '../../lib/query-keys';

export type ListParams = { filters: AppointmentFilters; page: number; perPage: number; hideOlder: boolean };

export const appointmentKeys = featureKeys('appointments', (all) => ({
  list: (p: ListParams) => [...all, 'list', p] as const,
  detail: (id: number) => [...all, 'detail', id] as const,
  options: [...all, 'options'] as const,
  availability: (calendarId: number | null, doctorId: string | null, date?: string | null) =>
    [...all, 'availability', calendarId, doctorId, date === undefined ? 'window' : date] as const,
  patientSearch: (name: string) => [...all, 'patients', name] as const,
  doctors: [...all, 'doctors'] as const,
  statuses: [...all, 'statuses'] as const,
  consultation: (id: number) => [...all, 'consultation', id] as const,
}));

// ------------------------------------------------------------------ reads

export const getAppointments = (p: ListParams) =>
  api.get<AppointmentListReply>('/appointment', {
    filters: JSON.stringify(p.filters),
    page: p.page,
    perPage: p.perPage,
    hideOlder: p.hideOlder,
  });
export const appointmentsQuery = (p: ListParams) =>
  queryOptions({
    queryKey: appointmentKeys.list(p),
    queryFn: () => getAppointments(p),
    placeholderData: keepPreviousData,
  });
export const useAppointments = (p: ListParams) => useQuery(appointmentsQuery(p));

export const getAppointment = (id: number) =>
  api.get<AppointmentReply>(`/appointment/${id}`).then((r) => r.appointment);
export const appointmentQuery = (id: number) =>
  queryOptions({
    queryKey: appointmentKeys.detail(id),
    queryFn: () => getAppointment(id),
    enabled: Number.isInteger(id) && id > 0,
  });
export const useAppointment = (id: number) => useQuery(appointmentQuery(id));

/** Doctors (with vacations), statuses and calendars: the pickers of both appointment modals. */
export const getAppointmentOptions = () =>
  api.get<NewAppointmentOptionsReply>('/appointment/new-appointment').then((r) => r.data);
export const appointmentOptionsQuery = () =>
  queryOptions({ queryKey: appointmentKeys.options, queryFn: getAppointmentOptions });
export const useAppointmentOptions = (enabled = true) => useQuery({ ...appointmentOptionsQuery(), enabled });

/** Unavailable days (with the doctor's time off) and weekly entries; taken slots when `date` is set. */
export const getAvailability = (calendarId: number, doctorId: string | null, date?: string | null) =>
  api
    .get<AvailabilityReply>(`/appointment/calendar/${calendarId}/availability`, {
      doctor_id: doctorId ?? undefined,
      date: date ?? undefined,
    })
    .then((r) => r.data);
export const availabilityQuery = (calendarId: number | null, doctorId: string | null, date?: string | null) =>
  queryOptions({
    queryKey: appointmentKeys.availability(calendarId, doctorId, date),
    queryFn: () => getAvailability(calendarId as number, doctorId, date),
    enabled: calendarId !== null && date !== null,
    staleTime: 0,
  });
export const useAvailability = (calendarId: number | null, doctorId: string | null, date?: string | null) =>
  useQuery(availabilityQuery(calendarId, doctorId, date));

/** The new-appointment modal's patient search (at least 2 letters). */
export const searchAppointmentPatients = (name: string) =>
  api
    .get<AppointmentPatientsReply>('/appointment/appointment-patients', { filters: JSON.stringify({ name }) })
    .then((r) => r.data.patients);
export const patientSearchQuery = (text: string) => {
  const name = text.trim();
  return queryOptions({
    queryKey: appointmentKeys.patientSearch(name),
    queryFn: () => searchAppointmentPatients(name),
    enabled: name.length >= 2,
    placeholderData: keepPreviousData,
  });
};
export const usePatientSearch = (text: string) => useQuery(patientSearchQuery(text));

/** The active doctors (with their time off): the filters of the patient list and the calendars, the waitlist. */
export const getDoctors = () => api.get<AppointmentDoctorsReply>('/appointment/doctors').then((r) => r.data);
export const doctorsQuery = () =>
  queryOptions({ queryKey: appointmentKeys.doctors, queryFn: getDoctors, staleTime: 5 * 60_000 });
export const useDoctors = () => useQuery(doctorsQuery());

/** The custom statuses: the patient list's status filter. */
export const getAppointmentStatuses = () =>
  api.get<AppointmentStatusesReply>('/appointment/statuses').then((r) => r.data);
export const appointmentStatusesQuery = () =>
  queryOptions({
    queryKey: appointmentKeys.statuses,
    queryFn: getAppointmentStatuses,
    staleTime: 5 * 60_000,
  });
export const useAppointmentStatuses = () => useQuery(appointmentStatusesQuery());

// ------------------------------------------------------------------ writes

function useWrite<I, O = unknown>(fn: (input: I) => Promise<O>, gone?: (input: I) => readonly unknown[]) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // Reload the list, the detail, the side panel and other areas showing appointments (the
    // dashboard, a patient's appointments), but not the session, nor what was just deleted.
    onSettled: (_data, error, input) => {
      const removed = !error && gone ? JSON.stringify(gone(input)) : null;
      return qc.invalidateQueries({
        predicate: (q) => q.queryKey[0] !== CURRENT_USER_KEY[0] && JSON.stringify(q.queryKey) !== removed,
      });
    },
  });
}

export const confirmAppointment = (b: { appointment_id: number; status: ConfirmTarget }) =>
  api.post<MessageReply>('/appointment/confirm', b);
export const useConfirm = () => useWrite(confirmAppointment);

export const setAppointment = (b: SetAppointmentInput) =>
  api.post<MessageReply>('/appointment/set-appointment', b);
export const useSetAppointment = () => useWrite(setAppointment);

export const createAppointment = (b: NewAppointmentInput) =>
  api.post<AppointmentCreatedReply>('/appointment/new-appointment', b);
export const useCreateAppointment = () => useWrite(createAppointment);

export const assignDoctor = (b: { appointmentId: number; doctor_id: string }) =>
  api.post<MessageReply>('/appointment/assign-doctor', b);
export const useAssignDoctor = () => useWrite(assignDoctor);

export const deleteAppointment = (id: number) => api.del<MessageReply>(`/appointment/${id}`);
export const useDeleteAppointment = () => useWrite(deleteAppointment, appointmentKeys.detail);

/** Unanswered public requests marked as spam (issue 20 §2): removed, their day places freed. */
export const markSpam = (ids: number[]) =>
  api.post<{ marked: number; patients_removed: number; message: string }>('/appointment/spam', { ids });
export const useMarkSpam = () => useWrite(markSpam);

/** The patient did not come (issue 15): only after the appointment's time (the server decides). */
export const markNoShow = (appointment_id: number) =>
  api.post<{ message: string }>('/appointment/no-show', { appointment_id });
export const useMarkNoShow = () => useWrite(markNoShow);

// ------------------------------------------------------------------ the remote consultation (issue 48)

export const useRemoteConsultation = (id: number) =>
  useQuery({
    queryKey: appointmentKeys.consultation(id),
    queryFn: () => api.get<ConsultationStateReply>(`/appointment/${id}/consultation`).then((r) => r.data),
  });
export const useStartConsultation = () =>
  useWrite(({ id, body }: { id: number; body: ConsultationStart }) =>
    api.post<ConsultationActionReply>(`/appointment/${id}/consultation/start`, body),
  );
export const useEndConsultation = () =>
  useWrite(({ id, body }: { id: number; body: ConsultationEnd }) =>
    api.post<ConsultationActionReply>(`/appointment/${id}/consultation/end`, body),
  );
export const useResumeConsultation = () =>
  useWrite((id: number) => api.post<ConsultationActionReply>(`/appointment/${id}/consultation/resume`, {}));

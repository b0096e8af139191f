/** Query hooks of the appointment area (SPEC §7 `/appointment...`); every write reloads the area. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageReply } from '../../../domain/api';
import type {
  AppointmentCreatedReply,
  AppointmentListReply,
  AppointmentPatientsReply,
  AppointmentReply,
  AvailabilityReply,
  NewAppointmentOptionsReply,
} from '../../../domain/appointment-replies';
import type {
  AppointmentFilters,
  ConfirmTarget,
  NewAppointmentInput,
  SetAppointmentInput,
} from '../../../domain/appointments';
import { api } from '../../lib/api';
import { CURRENT_USER_KEY } from '../../lib/query-client';

export const APPOINTMENTS_KEY = ['appointments'] as const;

export type ListParams = { filters: AppointmentFilters; page: number; perPage: number; hideOlder: boolean };

export function useAppointments(p: ListParams) {
  return useQuery({
    queryKey: [...APPOINTMENTS_KEY, 'list', p],
    queryFn: () =>
      api.get<AppointmentListReply>('/appointment', {
        filters: JSON.stringify(p.filters),
        page: p.page,
        perPage: p.perPage,
        hideOlder: p.hideOlder,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAppointment(id: number) {
  return useQuery({
    queryKey: [...APPOINTMENTS_KEY, 'detail', id],
    queryFn: () => api.get<AppointmentReply>(`/appointment/${id}`).then((r) => r.appointment),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Doctors (with vacations), statuses and calendars: the pickers of both appointment modals. */
export function useAppointmentOptions(enabled = true) {
  return useQuery({
    queryKey: [...APPOINTMENTS_KEY, 'options'],
    queryFn: () => api.get<NewAppointmentOptionsReply>('/appointment/new-appointment').then((r) => r.data),
    enabled,
  });
}

/** Unavailable days (with the doctor's time off) and weekly entries; taken slots when `date` is set. */
export function useAvailability(calendarId: number | null, doctorId: string | null, date?: string | null) {
  return useQuery({
    queryKey: [
      ...APPOINTMENTS_KEY,
      'availability',
      calendarId,
      doctorId,
      date === undefined ? 'window' : date,
    ],
    queryFn: () =>
      api
        .get<AvailabilityReply>(`/appointment/calendar/${calendarId}/availability`, {
          doctor_id: doctorId ?? undefined,
          date: date ?? undefined,
        })
        .then((r) => r.data),
    enabled: calendarId !== null && date !== null,
    staleTime: 0,
  });
}

export function usePatientSearch(text: string) {
  const name = text.trim();
  return useQuery({
    queryKey: [...APPOINTMENTS_KEY, 'patients', name],
    queryFn: () =>
      api
        .get<AppointmentPatientsReply>('/appointment/appointment-patients', {
          filters: JSON.stringify({ name }),
        })
        .then((r) => r.data.patients),
    enabled: name.length >= 2,
    placeholderData: keepPreviousData,
  });
}

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

export const useConfirm = () =>
  useWrite((b: { appointment_id: number; status: ConfirmTarget }) =>
    api.post<MessageReply>('/appointment/confirm', b),
  );
export const useSetAppointment = () =>
  useWrite((b: SetAppointmentInput) => api.post<MessageReply>('/appointment/set-appointment', b));
export const useCreateAppointment = () =>
  useWrite((b: NewAppointmentInput) => api.post<AppointmentCreatedReply>('/appointment/new-appointment', b));
export const useAssignDoctor = () =>
  useWrite((b: { appointmentId: number; doctor_id: string }) =>
    api.post<MessageReply>('/appointment/assign-doctor', b),
  );
export const useDeleteAppointment = () =>
  useWrite(
    (id: number) => api.del<MessageReply>(`/appointment/${id}`),
    (id) => [...APPOINTMENTS_KEY, 'detail', id],
  );
/** Unanswered public requests marked as spam (issue 20 §2): removed, their day places freed. */
export const useMarkSpam = () =>
  useWrite((ids: number[]) =>
    api.post<{ marked: number; patients_removed: number; message: string }>('/appointment/spam', { ids }),
  );
/** The patient did not come (issue 15): only after the appointment's time (the server decides). */
export const useMarkNoShow = () =>
  useWrite((appointment_id: number) =>
    api.post<{ message: string }>('/appointment/no-show', { appointment_id }),
  );

/** Query hooks of the calendars area (SPEC §7 `/calendars`). */
import { useQuery } from '@tanstack/react-query';
import type { AppointmentDoctorsReply } from '../../../domain/appointment-replies';
import type { CalendarEventsReply, CalendarListReply } from '../../../domain/calendars';
import { api } from '../../lib/api';
import type { CalendarQuery } from './query';

export const CALENDARS_KEY = ['calendars'] as const;

export function useCalendars() {
  return useQuery({
    queryKey: [...CALENDARS_KEY, 'list'],
    queryFn: () => api.get<CalendarListReply>('/calendars').then((r) => r.data),
  });
}

/** The doctors for the filter (the appointment area's list of active doctors). */
export function useDoctors() {
  return useQuery({
    queryKey: ['appointment-doctors'],
    queryFn: () => api.get<AppointmentDoctorsReply>('/appointment/doctors').then((r) => r.data),
    staleTime: 5 * 60_000,
  });
}

/** A calendar's events for what the view shows (the month grid: a few a day, the rest counted). */
export function useCalendarEvents(calendarId: number, query: CalendarQuery | null, doctorId: string | null) {
  return useQuery({
    queryKey: [...CALENDARS_KEY, 'events', calendarId, query, doctorId],
    queryFn: () =>
      api
        .post<CalendarEventsReply>(`/calendars/${calendarId}/appointments`, {
          ...query,
          calendar_id: calendarId,
          doctorId,
        })
        .then((r) => r.data),
    enabled: query !== null,
    placeholderData: (prev) => prev,
  });
}

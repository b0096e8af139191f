/**
 * The calendars area's door (SPEC §7 `/calendars`). Each resource: a fetcher, its queryOptions
 * (one key of `calendarKeys`) and the hook; other features use what index.ts exports.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarEventsReply, CalendarListReply } from '../../../domain/calendars';
import { api } from '../../lib/api';
import { featureKeys } from '../../lib/query-keys';
import type { CalendarQuery } from './query';

export const calendarKeys = featureKeys('calendars', (all) => ({
  list: [...all, 'list'] as const,
  events: (calendarId: number, query: CalendarQuery | null, doctorId: string | null) =>
    [...all, 'events', calendarId, query, doctorId] as const,
}));

/** The back office's calendars: the calendars page's tabs, the waitlist's picker. */
export const getCalendars = () => api.get<CalendarListReply>('/calendars').then((r) => r.data);
export const calendarsQuery = () => queryOptions({ queryKey: calendarKeys.list, queryFn: getCalendars });
export const useCalendars = () => useQuery(calendarsQuery());

/** A calendar's events for what the view shows (the month grid: a few a day, the rest counted). */
export const getCalendarEvents = (calendarId: number, query: CalendarQuery | null, doctorId: string | null) =>
  api
    .post<CalendarEventsReply>(`/calendars/${calendarId}/appointments`, {
      ...query,
      calendar_id: calendarId,
      doctorId,
    })
    .then((r) => r.data);
export const calendarEventsQuery = (
  calendarId: number,
  query: CalendarQuery | null,
  doctorId: string | null,
) =>
  queryOptions({
    queryKey: calendarKeys.events(calendarId, query, doctorId),
    queryFn: () => getCalendarEvents(calendarId, query, doctorId),
    enabled: query !== null,
    placeholderData: (prev) => prev,
  });
export const useCalendarEvents = (calendarId: number, query: CalendarQuery | null, doctorId: string | null) =>
  useQuery(calendarEventsQuery(calendarId, query, doctorId));

/**
 * My account's door (SPEC §7 `/my-account`: time off, the .ics feed). Each resource: a fetcher,
 * its queryOptions (one key of `myAccountKeys`) and the hook; reply types come from the route
 * schemas in domain/my-account.ts. The password and two-factor calls are identity's (../auth).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MessageReply } from '../../../domain/api';
import type {
  CalendarFeedCreatedReply,
  CalendarFeedStateReply,
  TimeOffInput,
  TimeOffListReply,
  TimeOffWriteReply,
} from '../../../domain/my-account';
import { api } from '../../lib/api';
import { useReloadingMutation } from '../../lib/reloading-mutation';
import { appointmentKeys } from '../appointments';
import { calendarKeys } from '../calendars';

export const myAccountKeys = {
  timeOff: ['my-account', 'time-off'] as const,
  feed: ['my-account', 'calendar-feed'] as const,
};

// ------------------------------------------------------------------ time off

export const getTimeOff = () => api.get<TimeOffListReply>('/my-account').then((r) => r.data);
export const timeOffQuery = () => queryOptions({ queryKey: myAccountKeys.timeOff, queryFn: getTimeOff });
export const useTimeOff = () => useQuery(timeOffQuery());

export const saveTimeOff = ({ id, from, to }: TimeOffInput) =>
  id === undefined
    ? api.post<TimeOffWriteReply>('/my-account', { from, to })
    : api.patch<TimeOffWriteReply>(`/my-account/${id}`, { from, to });
export const deleteTimeOff = (id: number) => api.del<MessageReply>(`/my-account/${id}`);

/** A doctor's time off is also in the appointment pickers (the doctors' vacations) and the calendars. */
const timeOffReaders = [myAccountKeys.timeOff, appointmentKeys.all, calendarKeys.all];

export const useSaveTimeOff = () => useReloadingMutation(saveTimeOff, timeOffReaders);
export const useDeleteTimeOff = () => useReloadingMutation(deleteTimeOff, timeOffReaders);

// ------------------------------------------------------------------ calendar feed

export const getCalendarFeed = () => api.get<CalendarFeedStateReply>('/my-account/calendar-feed');
export const calendarFeedQuery = () =>
  queryOptions({ queryKey: myAccountKeys.feed, queryFn: getCalendarFeed });
export const useCalendarFeed = () => useQuery(calendarFeedQuery());

export const rotateFeed = () => api.post<CalendarFeedCreatedReply>('/my-account/calendar-feed');
export const useRotateFeed = () => useReloadingMutation(rotateFeed, [myAccountKeys.feed]);

export const revokeFeed = () => api.del<MessageReply>('/my-account/calendar-feed');
export const useRevokeFeed = () => useReloadingMutation(revokeFeed, [myAccountKeys.feed]);

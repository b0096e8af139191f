/**
 * The waitlist's door (issue 15). Each resource: a fetcher, its queryOptions (one key of
 * `waitlistKeys`) and the hook; replies typed from domain/. The add form's calendars and doctors
 * are the calendars' and appointments' own (their index.ts).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  WaitlistListReply,
  waitlistAddReply,
  waitlistAddSchema,
  waitlistOkReply,
} from '../../../domain/waitlist';
import { api } from '../../lib/api';
import { featureKeys } from '../../lib/query-keys';
import { useReloadingMutation } from '../../lib/reloading-mutation';

export const waitlistKeys = featureKeys('waitlist', (all) => ({
  list: (calendarId: number) => [...all, calendarId] as const,
}));

export const getWaitlist = (calendarId: number) =>
  api.get<WaitlistListReply>('/waitlist', { calendar_id: calendarId }).then((r) => r.entries);
export const waitlistQuery = (calendarId: number) =>
  queryOptions({ queryKey: waitlistKeys.list(calendarId), queryFn: () => getWaitlist(calendarId) });
export const useWaitlist = (calendarId: number) => useQuery(waitlistQuery(calendarId));

export const addToWaitlist = (body: z.output<typeof waitlistAddSchema>) =>
  api.post<z.infer<typeof waitlistAddReply>>('/waitlist', body);
export const useAddToWaitlist = () => useReloadingMutation(addToWaitlist, [waitlistKeys.all]);

export const removeFromWaitlist = (id: number) => api.del<z.infer<typeof waitlistOkReply>>(`/waitlist/${id}`);
export const useRemoveFromWaitlist = () => useReloadingMutation(removeFromWaitlist, [waitlistKeys.all]);

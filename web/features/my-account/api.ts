/**
 * My account's calls (SPEC §7 `/my-account`, the .ics feed, better-auth's account calls). Each
 * resource: a fetcher, its queryOptions (one query key) and the hook; reply types come from the
 * route schemas in domain/my-account.ts.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageReply } from '../../../domain/api';
import type {
  CalendarFeedCreatedReply,
  CalendarFeedStateReply,
  TimeOffInput,
  TimeOffListReply,
  TimeOffWriteReply,
} from '../../../domain/my-account';
import { api } from '../../lib/api';
import { CURRENT_USER_KEY } from '../../lib/query-client';

export const myAccountKeys = {
  timeOff: ['my-account', 'time-off'] as const,
  feed: ['my-account', 'calendar-feed'] as const,
  session: ['my-account', 'session'] as const,
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

export function useSaveTimeOff() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveTimeOff,
    onSuccess: () => qc.invalidateQueries({ queryKey: myAccountKeys.timeOff }),
  });
}

export function useDeleteTimeOff() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteTimeOff,
    onSuccess: () => qc.invalidateQueries({ queryKey: myAccountKeys.timeOff }),
  });
}

// ------------------------------------------------------------------ calendar feed

export const getCalendarFeed = () => api.get<CalendarFeedStateReply>('/my-account/calendar-feed');
export const calendarFeedQuery = () =>
  queryOptions({ queryKey: myAccountKeys.feed, queryFn: getCalendarFeed });
export const useCalendarFeed = () => useQuery(calendarFeedQuery());

export function useRotateFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CalendarFeedCreatedReply>('/my-account/calendar-feed'),
    onSuccess: () => qc.invalidateQueries({ queryKey: myAccountKeys.feed }),
  });
}

export function useRevokeFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.del<MessageReply>('/my-account/calendar-feed'),
    onSuccess: () => qc.invalidateQueries({ queryKey: myAccountKeys.feed }),
  });
}

// ------------------------------------------------------------------ better-auth's account calls

/** better-auth's own session answer: it carries twoFactorEnabled, which /user/user-details does not. */
type AuthSession = {
  user: { id: string; email: string; name: string; twoFactorEnabled?: boolean | null };
} | null;
export const getAuthSession = () => api.get<AuthSession>('/auth/get-session');
export const useAuthSession = () => useQuery({ queryKey: myAccountKeys.session, queryFn: getAuthSession });

export function useChangePassword() {
  return useMutation({
    mutationFn: (p: { currentPassword: string; newPassword: string }) =>
      api.post('/auth/change-password', { ...p, revokeOtherSessions: true }),
  });
}

export function useTwoFactor() {
  const qc = useQueryClient();
  // The account (CURRENT_USER_KEY) too: it says whether two-factor is still missing.
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: myAccountKeys.session }),
      qc.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
    ]);
  return {
    enable: useMutation({
      mutationFn: (password: string) =>
        api.post<{ totpURI: string; backupCodes: string[] }>('/auth/two-factor/enable', { password }),
    }),
    verify: useMutation({
      mutationFn: (code: string) => api.post('/auth/two-factor/verify-totp', { code }),
      onSuccess: refresh,
    }),
    disable: useMutation({
      mutationFn: (password: string) => api.post('/auth/two-factor/disable', { password }),
      onSuccess: refresh,
    }),
  };
}

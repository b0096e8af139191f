/** Query hooks of My account: time off (SPEC §7 `/my-account`), the .ics feed, and better-auth's account calls. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CalendarFeedCreated,
  CalendarFeedState,
  TimeOffPeriod,
  TimeOffWriteAnswer,
} from '../../../domain/my-account';
import { api } from '../../lib/api';
import { CURRENT_USER_KEY } from '../../lib/query-client';

export const TIME_OFF_KEY = ['my-account', 'time-off'] as const;
const FEED_KEY = ['my-account', 'calendar-feed'] as const;
const SESSION_KEY = ['my-account', 'session'] as const;

export function useTimeOff() {
  return useQuery({
    queryKey: TIME_OFF_KEY,
    queryFn: () => api.get<{ data: TimeOffPeriod[] }>('/my-account').then((r) => r.data),
  });
}

export type TimeOffWrite = { id?: number; from: string; to: string };

export function useSaveTimeOff() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: TimeOffWrite) =>
      p.id === undefined
        ? api.post<TimeOffWriteAnswer>('/my-account', { from: p.from, to: p.to })
        : api.patch<TimeOffWriteAnswer>(`/my-account/${p.id}`, p),
    onSuccess: () => qc.invalidateQueries({ queryKey: TIME_OFF_KEY }),
  });
}

export function useDeleteTimeOff() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.del<{ message: string }>(`/my-account/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: TIME_OFF_KEY }),
  });
}

export function useCalendarFeed() {
  return useQuery({
    queryKey: FEED_KEY,
    queryFn: () => api.get<CalendarFeedState>('/my-account/calendar-feed'),
  });
}

export function useRotateFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CalendarFeedCreated>('/my-account/calendar-feed'),
    onSuccess: () => qc.invalidateQueries({ queryKey: FEED_KEY }),
  });
}

export function useRevokeFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.del<{ message: string }>('/my-account/calendar-feed'),
    onSuccess: () => qc.invalidateQueries({ queryKey: FEED_KEY }),
  });
}

/** better-auth's own session answer: it carries twoFactorEnabled, which /user/user-details does not. */
export function useAuthSession() {
  return useQuery({
    queryKey: SESSION_KEY,
    queryFn: () =>
      api.get<{
        user: { id: string; email: string; name: string; twoFactorEnabled?: boolean | null };
      } | null>('/auth/get-session'),
  });
}

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
      qc.invalidateQueries({ queryKey: SESSION_KEY }),
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

/** Calls of the waitlist (issue 15); replies typed from domain/. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AppointmentDoctorsReply } from '../../../domain/appointment-replies';
import type { CalendarListReply } from '../../../domain/calendars';
import type {
  WaitlistListReply,
  waitlistAddReply,
  waitlistAddSchema,
  waitlistOkReply,
} from '../../../domain/waitlist';
import { api } from '../../lib/api';

export const WAITLIST_KEY = ['waitlist'] as const;

export function useWaitlist(calendarId: number) {
  return useQuery({
    queryKey: [...WAITLIST_KEY, calendarId],
    queryFn: () =>
      api.get<WaitlistListReply>('/waitlist', { calendar_id: calendarId }).then((r) => r.entries),
  });
}

export function useAddToWaitlist() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof waitlistAddSchema>) =>
      api.post<z.infer<typeof waitlistAddReply>>('/waitlist', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: WAITLIST_KEY }),
  });
}

export function useRemoveFromWaitlist() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.del<z.infer<typeof waitlistOkReply>>(`/waitlist/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: WAITLIST_KEY }),
  });
}

/** The calendars and doctors the add form chooses from. */
export function useWaitlistChoices() {
  const calendars = useQuery({
    queryKey: ['calendars', 'list'],
    queryFn: () => api.get<CalendarListReply>('/calendars').then((r) => r.data),
  });
  const doctors = useQuery({
    queryKey: ['appointment-doctors'],
    queryFn: () => api.get<AppointmentDoctorsReply>('/appointment/doctors').then((r) => r.data),
    staleTime: 5 * 60_000,
  });
  return { calendars: calendars.data ?? [], doctors: doctors.data ?? [] };
}

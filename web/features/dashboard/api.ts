/** Query hooks of the dashboard (SPEC §7 `/dashboard`). */
import { useQuery } from '@tanstack/react-query';
import type {
  DashboardCalendarReply,
  DashboardStatsReply,
  JourneyFigures,
  WeeklyCountsReply,
} from '../../../domain/dashboard';
import { api } from '../../lib/api';
import type { CalendarQuery } from '../calendars';

export const DASHBOARD_KEY = ['dashboard'] as const;

export function useDashboardStats() {
  return useQuery({
    queryKey: [...DASHBOARD_KEY, 'stats'],
    queryFn: () => api.get<DashboardStatsReply>('/dashboard').then((r) => r.stats),
  });
}

export function useWeeklyCounts() {
  return useQuery({
    queryKey: [...DASHBOARD_KEY, 'weekly'],
    queryFn: () => api.get<WeeklyCountsReply>('/dashboard/weekly'),
  });
}

/** Every appointment of the visible range (end exclusive), as the view shows them. */
export function useDashboardCalendar(query: CalendarQuery | null) {
  return useQuery({
    queryKey: [...DASHBOARD_KEY, 'calendar', query],
    queryFn: () => api.post<DashboardCalendarReply>('/dashboard/calendar', query ?? undefined),
    enabled: query !== null,
    placeholderData: (prev) => prev,
  });
}

/** No-show rates and the requests close to the 48-hour promise (issue 15). */
export function useJourneyFigures() {
  return useQuery({
    queryKey: [...DASHBOARD_KEY, 'journey'],
    queryFn: () => api.get<JourneyFigures>('/dashboard/journey'),
  });
}

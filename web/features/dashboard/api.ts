/**
 * The dashboard's door (SPEC §7 `/dashboard`). Each resource: a fetcher, its queryOptions (one
 * key of `dashboardKeys`) and the hook.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  DashboardCalendarReply,
  DashboardStatsReply,
  JourneyFigures,
  WeeklyCountsReply,
} from '../../../domain/dashboard';
import { api } from '../../lib/api';
import { featureKeys } from '../../lib/query-keys';
import type { CalendarQuery } from '../calendars';

export const dashboardKeys = featureKeys('dashboard', (all) => ({
  stats: [...all, 'stats'] as const,
  weekly: [...all, 'weekly'] as const,
  calendar: (query: CalendarQuery | null) => [...all, 'calendar', query] as const,
  journey: [...all, 'journey'] as const,
}));

export const getDashboardStats = () => api.get<DashboardStatsReply>('/dashboard').then((r) => r.stats);
export const dashboardStatsQuery = () =>
  queryOptions({ queryKey: dashboardKeys.stats, queryFn: getDashboardStats });
export const useDashboardStats = () => useQuery(dashboardStatsQuery());

export const getWeeklyCounts = () => api.get<WeeklyCountsReply>('/dashboard/weekly');
export const weeklyCountsQuery = () =>
  queryOptions({ queryKey: dashboardKeys.weekly, queryFn: getWeeklyCounts });
export const useWeeklyCounts = () => useQuery(weeklyCountsQuery());

/** Every appointment of the visible range (end exclusive), as the view shows them. */
export const getDashboardCalendar = (query: CalendarQuery | null) =>
  api.post<DashboardCalendarReply>('/dashboard/calendar', query ?? undefined);
export const dashboardCalendarQuery = (query: CalendarQuery | null) =>
  queryOptions({
    queryKey: dashboardKeys.calendar(query),
    queryFn: () => getDashboardCalendar(query),
    enabled: query !== null,
    placeholderData: (prev) => prev,
  });
export const useDashboardCalendar = (query: CalendarQuery | null) => useQuery(dashboardCalendarQuery(query));

/** No-show rates and the requests close to the 48-hour promise (issue 15). */
export const getJourneyFigures = () => api.get<JourneyFigures>('/dashboard/journey');
export const journeyFiguresQuery = () =>
  queryOptions({ queryKey: dashboardKeys.journey, queryFn: getJourneyFigures });
export const useJourneyFigures = () => useQuery(journeyFiguresQuery());

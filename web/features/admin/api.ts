/**
 * The administration's door (`/admin/...`: superadmins; the outbox also admins). Each resource: a
 * fetcher, its queryOptions (one key of `adminKeys`) and the hook. A write reloads its area and
 * the owners' keys of what else it changes (doctors, calendars, statuses).
 */
import { keepPreviousData, type QueryKey, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  AdminCalendarListReply,
  AdminSettings,
  AdminStatusListReply,
  AuditActionsReply,
  AuditFilters,
  AuditListReply,
  AvailabilityInput,
  CalendarInput,
  CreatedReply,
  SettingsReply,
  SettingsSavedReply,
  StaffInvite,
  StaffInvitedReply,
  StaffListReply,
  StaffUpdate,
  StatusInput,
  UnavailableDaysInput,
} from '../../../domain/admin';
import type { MessageReply } from '../../../domain/api';
import type { OutboxFilters, OutboxListReply, OutboxSummaryReply } from '../../../domain/outbox';
import { api, buildUrl } from '../../lib/api';
import { featureKeys } from '../../lib/query-keys';
import { useReloadingMutation } from '../../lib/reloading-mutation';
import { appointmentKeys } from '../appointments';
import { calendarKeys } from '../calendars';

export const adminKeys = featureKeys('admin', (all) => ({
  staff: [...all, 'staff'] as const,
  settings: [...all, 'settings'] as const,
  calendars: [...all, 'calendars'] as const,
  statuses: [...all, 'statuses'] as const,
  audit: (filters: AuditFilters, page: number, perPage: number) =>
    [...all, 'audit', filters, page, perPage] as const,
  auditActions: [...all, 'audit-actions'] as const,
  outbox: [...all, 'outbox'] as const,
  outboxList: (filters: OutboxFilters, page: number, perPage: number) =>
    [...all, 'outbox', 'list', filters, page, perPage] as const,
  outboxSummary: [...all, 'outbox', 'summary'] as const,
}));

/** What an admin write answers: its message, and the id of what it created. */
type Done = MessageReply & { id?: CreatedReply['id'] | StaffInvitedReply['id'] };

/** A mutation that reloads one admin area afterwards, and the other areas showing what it changed. */
const useAdminMutation = <V>(area: QueryKey, fn: (v: V) => Promise<Done>, alsoInvalidate: QueryKey[] = []) =>
  useReloadingMutation(fn, [area, ...alsoInvalidate], 'onSettled');

// ------------------------------------------------------------------ staff

export const getStaff = () => api.get<StaffListReply>('/admin/staff');
export const staffQuery = () =>
  queryOptions({ queryKey: adminKeys.staff, queryFn: getStaff, select: (r) => r.data });
export const useStaff = () => useQuery(staffQuery());

// A person's role or activity changes the doctors the appointment area and the calendars offer.
const staffReaders = [appointmentKeys.all];

export const inviteStaff = (v: StaffInvite) => api.post<StaffInvitedReply>('/admin/staff', v);
export const useInviteStaff = () => useAdminMutation(adminKeys.staff, inviteStaff, staffReaders);

export const updateStaff = ({ id, ...patch }: StaffUpdate & { id: string }) =>
  api.patch<MessageReply>(`/admin/staff/${encodeURIComponent(id)}`, patch);
export const useUpdateStaff = () => useAdminMutation(adminKeys.staff, updateStaff, staffReaders);

export type StaffAction = 'deactivate' | 'reactivate' | 'reset-2fa' | 'invite';
export const staffAction = ({ id, action }: { id: string; action: StaffAction }) =>
  api.post<MessageReply>(`/admin/staff/${encodeURIComponent(id)}/${action}`);
export const useStaffAction = () => useAdminMutation(adminKeys.staff, staffAction, staffReaders);

export const getSettings = () => api.get<SettingsReply>('/admin/settings');
export const settingsQuery = () =>
  queryOptions({ queryKey: adminKeys.settings, queryFn: getSettings, select: (r) => r.data });
export const useSettings = () => useQuery(settingsQuery());

export const saveSettings = (v: AdminSettings) => api.put<SettingsSavedReply>('/admin/settings', v);
export const useSaveSettings = () => useAdminMutation(adminKeys.settings, saveSettings);

// ------------------------------------------------------------------ calendars

export const getAdminCalendars = () => api.get<AdminCalendarListReply>('/admin/calendars');
export const adminCalendarsQuery = () =>
  queryOptions({ queryKey: adminKeys.calendars, queryFn: getAdminCalendars, select: (r) => r.data });
export const useAdminCalendars = () => useQuery(adminCalendarsQuery());

// The back-office calendar lists and the appointment pickers read calendars too.
const calendarReaders = [calendarKeys.all, appointmentKeys.all];

export const saveCalendar = ({ id, ...v }: CalendarInput & { id?: number }) =>
  id ? api.put<MessageReply>(`/admin/calendars/${id}`, v) : api.post<CreatedReply>('/admin/calendars', v);
export const useSaveCalendar = () => useAdminMutation(adminKeys.calendars, saveCalendar, calendarReaders);

export const deleteCalendar = (id: number) => api.del<MessageReply>(`/admin/calendars/${id}`);
export const useDeleteCalendar = () => useAdminMutation(adminKeys.calendars, deleteCalendar, calendarReaders);

export const saveAvailability = ({
  calendarId,
  id,
  ...v
}: AvailabilityInput & { calendarId: number; id?: number }) =>
  id
    ? api.put<MessageReply>(`/admin/calendars/${calendarId}/availability/${id}`, v)
    : api.post<CreatedReply>(`/admin/calendars/${calendarId}/availability`, v);
export const useSaveAvailability = () =>
  useAdminMutation(adminKeys.calendars, saveAvailability, calendarReaders);

export const deleteAvailability = ({ calendarId, id }: { calendarId: number; id: number }) =>
  api.del<MessageReply>(`/admin/calendars/${calendarId}/availability/${id}`);
export const useDeleteAvailability = () =>
  useAdminMutation(adminKeys.calendars, deleteAvailability, calendarReaders);

export const addUnavailableDays = ({ calendarId, ...v }: UnavailableDaysInput & { calendarId: number }) =>
  api.post<CreatedReply>(`/admin/calendars/${calendarId}/unavailable-days`, v);
export const useAddUnavailableDays = () =>
  useAdminMutation(adminKeys.calendars, addUnavailableDays, calendarReaders);

export const deleteUnavailableDays = ({ calendarId, id }: { calendarId: number; id: number }) =>
  api.del<MessageReply>(`/admin/calendars/${calendarId}/unavailable-days/${id}`);
export const useDeleteUnavailableDays = () =>
  useAdminMutation(adminKeys.calendars, deleteUnavailableDays, calendarReaders);

// ------------------------------------------------------------------ statuses

export const getAdminStatuses = () => api.get<AdminStatusListReply>('/admin/statuses');
export const adminStatusesQuery = () =>
  queryOptions({ queryKey: adminKeys.statuses, queryFn: getAdminStatuses, select: (r) => r.data });
export const useAdminStatuses = () => useQuery(adminStatusesQuery());

// The appointment area's pickers and filters list the custom statuses.
const statusReaders = [appointmentKeys.all];

export const saveStatus = ({ id, ...v }: StatusInput & { id?: number }) =>
  id ? api.put<MessageReply>(`/admin/statuses/${id}`, v) : api.post<CreatedReply>('/admin/statuses', v);
export const useSaveStatus = () => useAdminMutation(adminKeys.statuses, saveStatus, statusReaders);

export const statusAction = ({ id, action }: { id: number; action: 'hide' | 'unhide' | 'delete' }) =>
  action === 'delete'
    ? api.del<MessageReply>(`/admin/statuses/${id}`)
    : api.post<MessageReply>(`/admin/statuses/${id}/${action}`);
export const useStatusAction = () => useAdminMutation(adminKeys.statuses, statusAction, statusReaders);

// ------------------------------------------------------------------ audit

export const getAudit = (filters: AuditFilters, page: number, perPage: number) =>
  api.get<AuditListReply>('/admin/audit', { filters: JSON.stringify(filters), page, perPage });
export const auditQuery = (filters: AuditFilters, page: number, perPage: number) =>
  queryOptions({
    queryKey: adminKeys.audit(filters, page, perPage),
    queryFn: () => getAudit(filters, page, perPage),
    placeholderData: keepPreviousData,
  });
export const useAudit = (filters: AuditFilters, page: number, perPage: number) =>
  useQuery(auditQuery(filters, page, perPage));

export const getAuditActions = () => api.get<AuditActionsReply>('/admin/audit/actions');
export const auditActionsQuery = () =>
  queryOptions({
    queryKey: adminKeys.auditActions,
    queryFn: getAuditActions,
    select: (r) => r.data,
    staleTime: 60_000,
  });
export const useAuditActions = () => useQuery(auditActionsQuery());

/** The CSV export is a plain download link (the session cookie goes with it). */
export const auditExportUrl = (filters: AuditFilters) =>
  buildUrl('/admin/audit/export.csv', { filters: JSON.stringify(filters) });

// ------------------------------------------------------------------ outbox (superadmins and admins)

export const getOutbox = (filters: OutboxFilters, page: number, perPage: number) =>
  api.get<OutboxListReply>('/admin/outbox', { filters: JSON.stringify(filters), page, perPage });
export const outboxQuery = (filters: OutboxFilters, page: number, perPage: number) =>
  queryOptions({
    queryKey: adminKeys.outboxList(filters, page, perPage),
    queryFn: () => getOutbox(filters, page, perPage),
    placeholderData: keepPreviousData,
  });
export const useOutbox = (filters: OutboxFilters, page: number, perPage: number) =>
  useQuery(outboxQuery(filters, page, perPage));

export const getOutboxSummary = () => api.get<OutboxSummaryReply>('/admin/outbox/summary');
export const outboxSummaryQuery = () =>
  queryOptions({ queryKey: adminKeys.outboxSummary, queryFn: getOutboxSummary, staleTime: 60_000 });
/** The dashboard card's figure; only admins may ask (`enabled`). */
export const useOutboxSummary = (enabled: boolean) => useQuery({ ...outboxSummaryQuery(), enabled });

export type OutboxAction = 'retry' | 'cancel';
export const outboxAction = ({ id, action }: { id: number; action: OutboxAction }) =>
  api.post<MessageReply>(`/admin/outbox/${id}/${action}`);
export const useOutboxAction = () => useAdminMutation(adminKeys.outbox, outboxAction);

/**
 * Shared steps of the e2e specs that book appointments as staff: the add/set-appointment modal's
 * options, a day with free times (by the server's own availability and the slot rules) and the
 * date picker of a modal.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { addDays } from '../domain/dates';
import { availableTimes } from '../domain/slots';
import { showMonthOf, today } from './dates';

/** What the add-appointment modal offers: doctors, statuses and calendars. */
export type AppointmentOptions = {
  doctors: { id: string; name: string }[];
  statuses: { id: number; title: string; without_appointment: boolean }[];
  calendars: { id: number; title: string }[];
};

export async function appointmentOptions(request: APIRequestContext): Promise<AppointmentOptions> {
  return (await (await request.get('/api/appointment/new-appointment')).json()).data;
}

/**
 * The first day, `fromDaysAhead` days from today or later, with at least `atLeast` free times in
 * `calendar` for `doctor`; the day and its free times in order.
 */
export async function freeTimes(
  request: APIRequestContext,
  calendarId: number,
  doctorId: string,
  { fromDaysAhead = 7, atLeast = 1 }: { fromDaysAhead?: number; atLeast?: number } = {},
): Promise<{ date: string; times: string[] }> {
  for (let day = addDays(today(), fromDaysAhead), i = 0; i < 60; i++, day = addDays(day, 1)) {
    const res = await request.get(`/api/appointment/calendar/${calendarId}/availability`, {
      params: { date: day, doctor_id: doctorId },
    });
    const data = (await res.json()).data;
    if (data.unavailableDays.includes(day)) continue;
    const taken = data.appointments.map((a: { selected_time: string }) => a.selected_time);
    const times = availableTimes({ date: day, today: today(), availability: data.availability, taken });
    if (times.length >= atLeast) return { date: day, times: times.map((t) => t.value) };
  }
  throw new Error(`no day with ${atLeast} free time(s) in the next 60 days`);
}

/** The first free slot (day and time) from `fromDaysAhead` days ahead (a week by default). */
export async function freeSlot(
  request: APIRequestContext,
  calendarId: number,
  doctorId: string,
  fromDaysAhead?: number,
): Promise<{ date: string; time: string }> {
  const { date, times } = await freeTimes(request, calendarId, doctorId, { fromDaysAhead });
  return { date, time: times[0] };
}

/** Opens the date picker of `scope` (its 'Data…' button) and picks `day`, moving month by month. */
export async function pickDay(page: Page, scope: Locator, day: string) {
  await scope.getByRole('button', { name: /^Data/ }).click();
  await (await showMonthOf(page, day)).click();
}

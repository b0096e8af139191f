/**
 * What other features may use of calendars: the calendar list and its key (the waitlist's picker,
 * the administration's writes); the dashboard shows the same calendar, unfiltered.
 */
import { lazy } from 'react';

export { calendarKeys, useCalendars } from './api';
export { type CalendarQuery, sameQuery } from './query';

/** FullCalendar loads after the page that shows it (DESIGN §7 first-route budget). */
export const AppointmentCalendar = lazy(() => import('./appointment-calendar'));

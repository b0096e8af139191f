/** What other features may use of calendars: the dashboard shows the same calendar, unfiltered. */
import { lazy } from 'react';

export { type CalendarQuery, sameQuery } from './query';

/** FullCalendar loads after the page that shows it (DESIGN §7 first-route budget). */
export const AppointmentCalendar = lazy(() => import('./appointment-calendar'));

/**
 * What other features may use of calendars: the tabs and one calendar's facts (the booking
 * rules), a calendar's title and whether it is remote (messages), every calendar's events (the dashboard), the pruning of
 * the months' change log (main.ts). Lists of other owners read calendars through the published
 * views calendar_titles, calendar_closed_days and calendar_hours (server/db/views.ts).
 */
export { scheduleCalendarChangesPrune } from './month/kept-months';
export { calendarEvents } from './month/repository';
export { calendarFacts, calendarPlace, calendarTitle, listCalendars } from './repository';

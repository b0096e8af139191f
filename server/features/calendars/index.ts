/** What other features may use of calendars (docs/ARCHITECTURE.md "Features talk over their exports"). */

export { scheduleCalendarChangesPrune } from './kept-months';
export { calendarEvents } from './repository';

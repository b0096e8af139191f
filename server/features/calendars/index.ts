/** What other features may use of calendars (docs/ARCHITECTURE.md "Features talk over their exports"). */
export { calendarEvents } from './repository';

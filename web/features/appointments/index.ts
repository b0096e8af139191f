/**
 * What other features may use of appointments: the doctors and the custom statuses (filters and
 * pickers elsewhere), and the area's query keys (writes elsewhere that change what it shows).
 */
export { appointmentKeys, useAppointmentStatuses, useDoctors } from './api';

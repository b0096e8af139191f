import { Badge } from '@mantine/core';
import type { AppointmentRow } from '../../../domain/appointment-replies';
import { statusBadgeColor, statusLabel } from '../../../domain/appointments';

/** The status as a badge: the custom status title when there is one (SPEC §2, §4). */

export function StatusBadge({ appointment }: { appointment: Pick<AppointmentRow, 'status' | 'apstatus'> }) {
  // primary: the theme's colour; secondary: a neutral one.
  const color = statusBadgeColor(appointment.status) === 'primary' ? undefined : 'gray';
  return (
    <Badge
      color={color}
      variant={color ? 'light' : 'filled'}
      data-status={appointment.status}
      styles={{ root: { maxWidth: 'none' }, label: { overflow: 'visible' } }}
    >
      {statusLabel(appointment.status, appointment.apstatus?.title)}
    </Badge>
  );
}

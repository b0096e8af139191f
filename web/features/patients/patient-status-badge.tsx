import { Badge } from '@mantine/core';
import { statusBadgeColor, statusLabel } from '../../../domain/appointments';

type Props = { status: string | null; apstatus: { id: number; title: string } | null };

/** An appointment status as a badge (SPEC §4: primary for appointment_request, secondary otherwise). */
export function PatientStatusBadge({ status, apstatus }: Props) {
  if (!status) return null;
  const text = statusLabel(status, apstatus?.title);
  const primary = statusBadgeColor(status) === 'primary';
  return (
    <Badge color={primary ? undefined : 'gray'} variant={primary ? 'filled' : 'light'} data-status={status}>
      {text}
    </Badge>
  );
}

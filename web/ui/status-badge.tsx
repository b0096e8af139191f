/**
 * An appointment's status as a badge (SPEC §2, §4): the custom status's own title when there is
 * one; primary (the theme's colour, filled) for appointment_request, a neutral one otherwise. The
 * whole text shows, however long a custom title is: on more lines where it has no room (the
 * appointment list at 1440 px scrolled sideways for one long title, issue 54). Nothing when there
 * is no status.
 */
import { Badge } from '@mantine/core';
import type { StatusRef } from '../../domain/appointment-replies';
import { statusBadgeColor, statusLabel } from '../../domain/appointments';

type Props = { status: string | null; apstatus: Pick<StatusRef, 'title'> | null };

export function StatusBadge({ status, apstatus }: Props) {
  if (!status) return null;
  const primary = statusBadgeColor(status) === 'primary';
  return (
    <Badge
      color={primary ? undefined : 'gray'}
      variant={primary ? 'filled' : 'light'}
      data-status={status}
      styles={{
        root: { maxWidth: '100%', height: 'auto', minHeight: 'var(--badge-height)', paddingBlock: 2 },
        label: { overflow: 'visible', whiteSpace: 'normal', lineHeight: 1.35 },
      }}
    >
      {statusLabel(status, apstatus?.title)}
    </Badge>
  );
}

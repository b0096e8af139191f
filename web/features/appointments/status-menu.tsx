/**
 * The status dropdown: only the actions the current status allows (SPEC §4, DESIGN §6), and the
 * custom statuses that need no slot from every status (issue 22).
 */
import { Button, Menu } from '@mantine/core';
import { IconCheck, IconChecks, IconChevronDown, IconTag, IconUserX } from '@tabler/icons-react';
import type { AppointmentDetail, StatusRef } from '../../../domain/appointment-replies';
import {
  ACTION_LABELS,
  APPOINTMENT_MESSAGES,
  allowedActions,
  noShowDue,
  settableStatuses,
} from '../../../domain/appointments';
import { notifyError, notifyFailure, notifySuccess, TOAST_MS } from '../../lib/notify';
import { useAppointmentOptions, useConfirm, useMarkNoShow } from './api';

/** The confirm failure toast stays 400 ms (SPEC §9). */

export function StatusMenu({
  appointment,
  onChooseStatus,
}: {
  appointment: AppointmentDetail;
  onChooseStatus: (s: StatusRef) => void;
}) {
  const actions = allowedActions(appointment.status);
  const options = useAppointmentOptions();
  // After the confirm path every custom status; before it, those that need no slot (issue 22).
  const statuses = settableStatuses(appointment.status, options.data?.statuses ?? []);
  const confirm = useConfirm();
  const noShow = useMarkNoShow();
  // The server decides; the menu offers it once the appointment's time has passed.
  const canMarkNoShow = noShowDue(
    { holdsSlot: appointment.holds_slot, date: appointment.selected_date, time: appointment.selected_time },
    new Date(),
  );

  const doNoShow = async () => {
    try {
      const r = await noShow.mutateAsync(appointment.id);
      notifySuccess(r.message);
    } catch (err) {
      notifyError(err);
    }
  };

  const doConfirm = async (status: 'scheduled_paperless' | 'scheduled_with_papers') => {
    try {
      await confirm.mutateAsync({ appointment_id: appointment.id, status });
      notifySuccess(APPOINTMENT_MESSAGES.confirmed);
    } catch (err) {
      notifyFailure(APPOINTMENT_MESSAGES.confirmFailed, err, { autoClose: TOAST_MS.confirmFailure });
    }
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          rightSection={<IconChevronDown size={16} />}
          disabled={actions.length === 0 && statuses.length === 0 && !canMarkNoShow}
          loading={confirm.isPending || noShow.isPending}
        >
          Schimbă statusul
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.includes('confirm_paperless') && (
          <Menu.Item leftSection={<IconCheck size={16} />} onClick={() => doConfirm('scheduled_paperless')}>
            {ACTION_LABELS.confirm_paperless}
          </Menu.Item>
        )}
        {actions.includes('confirm_with_papers') && (
          <Menu.Item
            leftSection={<IconChecks size={16} />}
            onClick={() => doConfirm('scheduled_with_papers')}
          >
            {ACTION_LABELS.confirm_with_papers}
          </Menu.Item>
        )}
        {canMarkNoShow && (
          <Menu.Item leftSection={<IconUserX size={16} />} onClick={doNoShow}>
            Neprezentat
          </Menu.Item>
        )}
        {statuses.length > 0 && (
          <>
            {!actions.includes('set_custom') && <Menu.Divider />}
            <Menu.Label>Status personalizat</Menu.Label>
            {statuses.map((s) => (
              <Menu.Item key={s.id} leftSection={<IconTag size={16} />} onClick={() => onChooseStatus(s)}>
                {s.title}
              </Menu.Item>
            ))}
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

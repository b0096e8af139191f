import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { useEffect, useState } from 'react';
import {
  MY_ACCOUNT_MESSAGES as M,
  type TimeOffPeriod,
  type TimeOffWriteAnswer,
} from '../../../domain/my-account';
import { useDeleteTimeOff, useSaveTimeOff } from './api';
import { toastSuccess, toastWriteFailed } from './toasts';

type Props = {
  /** null: closed; 'new': add; a period: update or delete it */
  target: TimeOffPeriod | 'new' | null;
  onClose: () => void;
  onSaved: (answer: TimeOffWriteAnswer) => void;
};

/** 'Add new' and the update modal: a date-range picker, submit, and delete when editing. */
export function TimeOffModal({ target, onClose, onSaved }: Props) {
  const editing = target !== null && target !== 'new' ? target : null;
  const [range, setRange] = useState<DatesRangeValue<string>>([null, null]);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveTimeOff();
  const remove = useDeleteTimeOff();

  useEffect(() => {
    setRange(editing ? [editing.from, editing.to] : [null, null]);
    setError(null);
  }, [editing]);

  const submit = () => {
    const [from, to] = range;
    if (!from || !to) {
      setError(M.required);
      return;
    }
    save.mutate(
      { id: editing?.id, from: from.slice(0, 10), to: to.slice(0, 10) },
      {
        onSuccess: (answer) => {
          toastSuccess(answer.message);
          onSaved(answer);
          onClose();
        },
        onError: (err) => toastWriteFailed(err),
      },
    );
  };

  const del = () => {
    if (!editing) return;
    remove.mutate(editing.id, {
      onSuccess: (answer) => {
        toastSuccess(answer.message);
        onClose();
      },
      onError: (err) => toastWriteFailed(err),
    });
  };

  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={editing ? 'Modificare concediu' : 'Concediu nou'}
      centered
    >
      <Stack>
        <DatePickerInput
          type="range"
          label="Perioada"
          placeholder="Alegeti prima si ultima zi"
          valueFormat="DD.MM.YYYY"
          value={range}
          onChange={(v) => {
            setRange(v);
            setError(null);
          }}
          allowSingleDateInRange
          firstDayOfWeek={1}
          error={error}
          required
          data-testid="time-off-range"
          popoverProps={{ withinPortal: true }}
        />
        <Text size="xs" c="dimmed">
          Ambele zile sunt incluse. Programarile existente in perioada raman; le veti vedea listate pentru a
          le muta.
        </Text>
        <Group justify="space-between">
          {editing ? (
            <Button color="red" variant="light" onClick={del} loading={remove.isPending}>
              Sterge
            </Button>
          ) : (
            <span />
          )}
          <Group>
            <Button variant="default" onClick={onClose}>
              Renunta
            </Button>
            <Button onClick={submit} loading={save.isPending}>
              Salveaza
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { type TimeOffPeriod, type TimeOffWriteReply, timeOffSchema } from '../../../domain/my-account';
import { FormActions } from '../../lib/form-actions';
import { notifySuccess } from '../../lib/notify';
import { FormDateRangeField } from '../../ui/date-range-field';
import { useDeleteTimeOff, useSaveTimeOff } from './api';
import { notifyTimeOffFailure } from './notify-failure';

type Props = {
  /** null: closed; 'new': add; a period: update or delete it */
  target: TimeOffPeriod | 'new' | null;
  onClose: () => void;
  onSaved: (answer: TimeOffWriteReply) => void;
};

type Values = { from: string; to: string };
const EMPTY: Values = { from: '', to: '' };

/** 'Add new' and the update modal: a date-range picker, submit, and delete when editing. */
export function TimeOffModal({ target, onClose, onSaved }: Props) {
  const editing = target !== null && target !== 'new' ? target : null;
  const form = useForm<Values>({
    initialValues: EMPTY,
    validate: schemaResolver(timeOffSchema, { sync: true }),
  });
  const save = useSaveTimeOff();
  const remove = useDeleteTimeOff();

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another period is opened, not on every render of the form
  useEffect(() => {
    form.setValues(editing ? { from: editing.from, to: editing.to } : EMPTY);
    form.resetDirty();
    form.clearErrors();
  }, [editing]);

  const submit = form.onSubmit((values) =>
    save.mutate(
      { id: editing?.id, ...values },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.message);
          onSaved(answer);
          onClose();
        },
        onError: (err) => notifyTimeOffFailure(editing ? 'update' : 'create', err),
      },
    ),
  );

  const del = () => {
    if (!editing) return;
    remove.mutate(editing.id, {
      onSuccess: (answer) => {
        notifySuccess(answer.message);
        onClose();
      },
      onError: (err) => notifyTimeOffFailure('delete', err),
    });
  };

  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={editing ? 'Modificare concediu' : 'Concediu nou'}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormDateRangeField
            form={form}
            label="Perioada"
            placeholder="Alegeți prima și ultima zi"
            firstDayOfWeek={1}
            required
            data-testid="time-off-range"
            popoverProps={{ withinPortal: true }}
          />
          <Text size="xs" c="dimmed">
            Ambele zile sunt incluse. Programările existente în perioadă rămân; le veți vedea listate pentru a
            le muta.
          </Text>
          <Group justify="space-between">
            {editing ? (
              <Button color="red" variant="light" onClick={del} loading={remove.isPending}>
                Șterge
              </Button>
            ) : (
              <span />
            )}
            <FormActions onCancel={onClose} loading={save.isPending} />
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

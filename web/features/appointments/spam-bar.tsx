/**
 * The bar above the appointment list while public requests are selected (issue 20 §2): staff mark
 * the requests a script sent as spam in one go, after a confirmation that says what happens.
 */
import { Button, Group, Paper, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconBan } from '@tabler/icons-react';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useMarkSpam } from './api';

const requests = (n: number) => (n === 1 ? 'o cerere' : `${n} cereri`);

export function SpamBar({ ids, onDone }: { ids: number[]; onDone: () => void }) {
  const mark = useMarkSpam();
  if (ids.length === 0) return null;

  const ask = () =>
    modals.openConfirmModal({
      title: `Marcați ${requests(ids.length)} ca spam?`,
      children: (
        <Text size="sm">
          Cererile alese sunt șterse definitiv și locurile lor din ziua cerută devin libere. Pacienții creați
          doar de aceste cereri sunt șterși și ei; cei care au alte programări, documente sau consultații
          rămân.
        </Text>
      ),
      labels: { confirm: 'Marchează ca spam', cancel: 'Renunță' },
      closeButtonProps: { 'aria-label': 'Închide' },
      // Red 9: white text on it meets the 4.5:1 contrast (Mantine's default red 6 does not).
      confirmProps: { color: 'red.9' },
      onConfirm: async () => {
        try {
          const r = await mark.mutateAsync(ids);
          const removed = r.patients_removed ? `, pacienți șterși: ${r.patients_removed}` : '';
          notifySuccess(`${r.message} (${r.marked}${removed})`);
          onDone();
        } catch (err) {
          notifyError(err);
        }
      },
    });

  return (
    // Sticky under the top bar: rows picked far down the page still see what they can do.
    <Paper
      withBorder
      shadow="xs"
      p="xs"
      mt="md"
      role="region"
      aria-label="Cereri selectate"
      style={{ position: 'sticky', top: 'calc(var(--app-shell-header-offset, 0rem) + 0.5rem)', zIndex: 3 }}
    >
      <Group justify="space-between">
        <Text size="sm">Selectate: {requests(ids.length)}</Text>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={onDone}>
            Anulează selecția
          </Button>
          <Button
            color="red"
            variant="light"
            size="xs"
            leftSection={<IconBan size={14} />}
            onClick={ask}
            loading={mark.isPending}
          >
            Marchează ca spam
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

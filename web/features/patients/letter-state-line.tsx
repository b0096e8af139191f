/** Where a letter stands: register number, signature and delivery to the family doctor. */
import { Badge, Group, Text } from '@mantine/core';
import { formatDateTime } from '../../../domain/dates';
import type { LetterState } from '../../../domain/letter';

const DELIVERY = {
  queued: { label: 'Pusă în coada de trimitere către medicul de familie', color: 'blue' },
  sent: { label: 'Trimisă medicului de familie', color: 'teal' },
  failed: { label: 'Netrimisă medicului de familie', color: 'red' },
} as const;
const deliveryState = (l: LetterState): keyof typeof DELIVERY =>
  l.delivery?.state === 'sent' ? 'sent' : l.delivery?.state === 'failed' ? 'failed' : 'queued';

export function StateLine({ letter }: { letter: LetterState | null }) {
  if (!letter)
    return (
      <Badge color="gray" variant="light">
        Negenerată
      </Badge>
    );
  return (
    <Group gap="xs">
      <Badge variant="light" data-testid="letter-number">
        Nr. registru {letter.number}/{letter.year}
      </Badge>
      {letter.signedAt ? (
        <Badge color="green" variant="light" data-testid="letter-signed">
          Semnată electronic · {letter.signedBy} · {formatDateTime(letter.signedAt)}
        </Badge>
      ) : (
        <Badge color="orange" variant="light" data-testid="letter-signed">
          Nesemnată
        </Badge>
      )}
      {letter.sentAt && (
        <Badge color={DELIVERY[deliveryState(letter)].color} variant="light" data-testid="letter-sent">
          {DELIVERY[deliveryState(letter)].label} · {formatDateTime(letter.sentAt)}
        </Badge>
      )}
      {letter.delivery?.error && (
        <Text size="xs" c="red">
          {letter.delivery.error}
        </Text>
      )}
    </Group>
  );
}

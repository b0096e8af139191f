/** The dashboard's "Mesaje netrimise" card: for admins, when some messages could not be sent. */
import { Anchor, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { Link } from 'react-router';
import { isAdmin } from '../../../domain/auth';
import { useCurrentUser } from '../../app/current-user';
import { useOutboxSummary } from './api';

export function UnsentMessagesCard() {
  const user = useCurrentUser();
  const summary = useOutboxSummary(isAdmin(user));
  const failed = summary.data?.failed ?? 0;
  if (!failed) return null;
  return (
    <Paper withBorder radius="md" p="md" role="status" data-testid="unsent-messages">
      <Group wrap="nowrap" align="flex-start">
        <ThemeIcon color="red" variant="light" size="lg" radius="md">
          <IconMailExclamation size={20} />
        </ThemeIcon>
        <div>
          <Text fw={600}>Mesaje netrimise</Text>
          <Text size="sm">
            {failed === 1 ? 'Un mesaj nu a putut fi trimis' : `${failed} mesaje nu au putut fi trimise`} după
            toate încercările.{' '}
            <Anchor component={Link} to="/app/admin/outbox?state=failed" size="sm">
              Vedeți mesajele
            </Anchor>
          </Text>
        </div>
      </Group>
    </Paper>
  );
}

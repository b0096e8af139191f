import { Alert, Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCalendarShare, IconCheck, IconCopy } from '@tabler/icons-react';
import { formatDateTime } from '../../../domain/dates';
import { MY_ACCOUNT_MESSAGES as M } from '../../../domain/my-account';
import { notifySuccess } from '../../lib/notify';
import { useCalendarFeed, useRevokeFeed, useRotateFeed } from './api';
import { notifyTimeOffFailure } from './notify-failure';

/** The private .ics feed URL: shown once after it is made (only its hash is stored), copy, revoke. */
export function CalendarFeedCard() {
  const feed = useCalendarFeed();
  const rotate = useRotateFeed();
  const revoke = useRevokeFeed();
  const url = rotate.data?.url;
  const active = feed.data?.active ?? false;

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group gap="xs">
          <IconCalendarShare size={20} />
          <Title order={2} size="h4">
            Abonare calendar (.ics)
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          O adresă privată cu programările dumneavoastră, pentru Google Calendar sau Outlook (adăugare
          calendar &quot;din URL&quot;). Conține numele pacienților și calendarul, fără CNP sau telefon.
          Oricine are adresa vede programările: revocați-o dacă a ajuns unde nu trebuie.
        </Text>
        {url && (
          <Alert color="green" variant="light" title={M.feedCreated}>
            <Group gap="xs" wrap="nowrap">
              <TextInput
                value={url}
                readOnly
                style={{ flex: 1 }}
                aria-label="Adresa calendarului"
                data-testid="feed-url"
              />
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Button
                    variant="light"
                    onClick={copy}
                    leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  >
                    {copied ? 'Copiat' : 'Copiază'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Alert>
        )}
        {!url && active && (
          <Text size="sm" data-testid="feed-active">
            Adresa activă din {formatDateTime(feed.data?.createdAt ?? null)}.
          </Text>
        )}
        <Group>
          <Button
            variant={active ? 'default' : 'filled'}
            loading={rotate.isPending}
            onClick={() =>
              rotate.mutate(undefined, { onError: (err) => notifyTimeOffFailure('create', err) })
            }
          >
            {active ? 'Generează o adresă nouă' : 'Generează adresa'}
          </Button>
          {active && (
            <Button
              color="red"
              variant="light"
              loading={revoke.isPending}
              onClick={() =>
                revoke.mutate(undefined, {
                  onSuccess: (a) => {
                    rotate.reset();
                    notifySuccess(a.message);
                  },
                  onError: (err) => notifyTimeOffFailure('create', err),
                })
              }
            >
              Revoca
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

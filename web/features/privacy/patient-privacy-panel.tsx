/**
 * The patient detail's privacy panel (issue 11): the consents given (text version, when, whether
 * withdrawn) with a 'withdraw' action, and for superadmins the data export and the anonymisation.
 */
import { Alert, Badge, Button, Card, Group, Modal, Spoiler, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconUserOff } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime } from '../../../domain/dates';
import type { ConsentRecord } from '../../../domain/privacy';
import { useCurrentUser } from '../../app/current-user';
import { ApiError } from '../../lib/api';
import { notify, notifySuccess } from '../../lib/notify';
import { AnonymiseModal } from './anonymise-modal';
import { exportUrl, usePatientPrivacy, useWithdrawConsent } from './api';

function ConsentItem({ c, onWithdraw }: { c: ConsentRecord; onWithdraw: () => void }) {
  return (
    <Stack gap={2} data-testid={`consent-${c.id}`}>
      <Group gap="xs" justify="space-between">
        <Text size="sm" fw={600}>
          Versiunea {c.text_version}
        </Text>
        {c.withdrawn_at ? (
          <Badge color="gray.7" variant="filled">
            Retras
          </Badge>
        ) : (
          <Badge color="teal.9" variant="filled">
            Activ
          </Badge>
        )}
      </Group>
      <Text size="sm">Acordat la {formatDateTime(c.given_at)}</Text>
      {c.withdrawn_at && <Text size="sm">Retras la {formatDateTime(c.withdrawn_at)}</Text>}
      {c.text && (
        <Spoiler maxHeight={0} showLabel="Vezi textul" hideLabel="Ascunde textul">
          <Text size="xs">{c.text}</Text>
        </Spoiler>
      )}
      {!c.withdrawn_at && (
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          c="red.9"
          onClick={onWithdraw}
          w="fit-content"
          px={0}
        >
          Retrage acordul
        </Button>
      )}
    </Stack>
  );
}

export function PatientPrivacyPanel({
  patientId,
  patientName,
  onAnonymised,
}: {
  patientId: number;
  patientName: string;
  /** The host's own data about the patient, read again once the identity is replaced. */
  onAnonymised?: () => unknown;
}) {
  const user = useCurrentUser();
  const query = usePatientPrivacy(patientId);
  const withdraw = useWithdrawConsent(patientId);
  const [anonymising, setAnonymising] = useState(false);
  const [withdrawing, setWithdrawing] = useState<ConsentRecord | null>(null);
  const privacy = query.data;

  const confirmWithdraw = async () => {
    if (!withdrawing) return;
    try {
      const r = await withdraw.mutateAsync(withdrawing.id);
      notifySuccess(r.message);
    } catch (err) {
      notify('error', err instanceof ApiError ? err.message : String(err));
    }
    setWithdrawing(null);
  };

  return (
    <Card withBorder padding="md" mt="md" component="section" aria-label="Protecția datelor">
      <Stack gap="sm">
        <Title order={2} size="h5">
          Protecția datelor
        </Title>
        {query.error && <Alert color="red">{query.error.message}</Alert>}
        {privacy?.anonymised_at && (
          <Alert color="gray" title="Pacient anonimizat">
            Identitatea a fost înlocuită la {formatDateTime(privacy.anonymised_at)}.
          </Alert>
        )}
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          Acorduri GDPR
        </Text>
        {privacy && privacy.consents.length === 0 && <Text size="sm">Niciun acord înregistrat.</Text>}
        {privacy?.consents.map((c) => (
          <ConsentItem key={c.id} c={c} onWithdraw={() => setWithdrawing(c)} />
        ))}
        {user.superadmin && (
          <Stack gap="xs" mt="xs">
            <Button
              component="a"
              href={exportUrl(patientId)}
              download
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              Exporta datele
            </Button>
            {!privacy?.anonymised_at && (
              <Button
                variant="light"
                color="red"
                leftSection={<IconUserOff size={16} aria-hidden />}
                onClick={() => setAnonymising(true)}
                disabled={!privacy}
              >
                Anonimizează
              </Button>
            )}
          </Stack>
        )}
      </Stack>
      <AnonymiseModal
        onAnonymised={onAnonymised}
        patientId={patientId}
        patientName={patientName}
        opened={anonymising}
        onClose={() => setAnonymising(false)}
      />
      <Modal
        opened={withdrawing !== null}
        onClose={() => setWithdrawing(null)}
        title="Retragerea acordului"
        centered
      >
        <Stack gap="sm">
          <Text size="sm">
            Înregistrați retragerea acordului (versiunea {withdrawing?.text_version}) pentru serviciul de
            consultații la distanță?
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setWithdrawing(null)}>
              Renunță
            </Button>
            <Button color="red.9" onClick={confirmWithdraw} loading={withdraw.isPending}>
              Retrage acordul
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

/**
 * The remote consultation on the appointment's page (issue 48): "Începe consultația" asks the
 * channel, the patient's consent and how their identity was checked; while it is held, the links
 * that open the call and "Încheie consultația" with its outcome; after a failed connection,
 * "Reia consultația"; once ended, what was recorded and its register number. The server decides
 * (its field messages are shown under the fields).
 */
import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  NumberInput,
  Radio,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { clinicTime, clinicToday, formatDay } from '../../../domain/dates';
import {
  CHANNEL_LABELS,
  type ConsentAnswer,
  type ConsultationStart,
  END_OUTCOMES,
  IDENTITY_CHECKS,
  IDENTITY_LABELS,
  type IdentityCheck,
  REMOTE_CHANNELS,
  REMOTE_TEXTS,
  type RemoteChannel,
  type RemoteConsultationView,
  remoteConsultationLine,
} from '../../../domain/remote-consultation';
import { ApiError } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import {
  useEndConsultation,
  useRemoteConsultation,
  useResumeConsultation,
  useStartConsultation,
} from './api';

const CHANNEL_CHOICES: Record<RemoteChannel, string> = {
  ...CHANNEL_LABELS,
  phone: 'Telefon',
  other: 'Alt canal',
};
const OUTCOME_CHOICES: Record<(typeof END_OUTCOMES)[number], string> = {
  completed: 'Efectuată',
  no_answer: 'Pacientul nu a răspuns',
  connection_failed: 'Conexiune eșuată / întreruptă',
  in_person_needed: 'Necesită consultație în cabinet',
};
const ENDED_AS: Record<string, string> = {
  ...OUTCOME_CHOICES,
  refused: 'Pacientul a refuzat consultația la distanță',
};

/** The server's field messages of a refusal, else a toast. */
function fieldsOf(err: unknown): Record<string, string> {
  if (err instanceof ApiError && err.errors) return err.errors;
  notifyError(err);
  return {};
}

function StartModal({ id, opened, onClose }: { id: number; opened: boolean; onClose: () => void }) {
  const start = useStartConsultation();
  const [channel, setChannel] = useState<RemoteChannel>('whatsapp_video');
  const [channelOther, setChannelOther] = useState('');
  const [consent, setConsent] = useState<ConsentAnswer | ''>('');
  const [identity, setIdentity] = useState<IdentityCheck | ''>('');
  const [identityOther, setIdentityOther] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async () => {
    const body = {
      channel,
      ...(channel === 'other' ? { channel_other: channelOther } : {}),
      ...(consent ? { consent } : {}),
      ...(consent === 'given' && identity ? { identity_check: identity } : {}),
      ...(consent === 'given' && identity === 'other' ? { identity_other: identityOther } : {}),
    } as ConsultationStart;
    try {
      const r = await start.mutateAsync({ id, body });
      notifySuccess(r.message);
      setErrors({});
      onClose();
    } catch (err) {
      setErrors(fieldsOf(err));
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Începe consultația la distanță">
      <Stack gap="sm">
        <Radio.Group
          label="Canal"
          value={channel}
          onChange={(v) => setChannel(v as RemoteChannel)}
          error={errors.channel}
        >
          <Stack gap={4} mt={4}>
            {REMOTE_CHANNELS.map((c) => (
              <Radio key={c} value={c} label={CHANNEL_CHOICES[c]} />
            ))}
          </Stack>
        </Radio.Group>
        {channel === 'other' && (
          <TextInput
            label="Canalul folosit"
            value={channelOther}
            onChange={(e) => setChannelOther(e.currentTarget.value)}
            error={errors.channel_other}
          />
        )}
        <Radio.Group
          label="Acordul pacientului pentru consultația la distanță"
          value={consent}
          onChange={(v) => setConsent(v as ConsentAnswer)}
          error={errors.consent}
          withAsterisk
        >
          <Group gap="md" mt={4}>
            <Radio value="given" label="Pacientul este de acord" />
            <Radio value="refused" label="Pacientul refuză" />
          </Group>
        </Radio.Group>
        {consent !== 'refused' && (
          <Radio.Group
            label="Verificarea identității"
            value={identity}
            onChange={(v) => setIdentity(v as IdentityCheck)}
            error={errors.identity_check}
            withAsterisk
          >
            <Stack gap={4} mt={4}>
              {IDENTITY_CHECKS.map((c) => (
                <Radio key={c} value={c} label={IDENTITY_LABELS[c]} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {consent !== 'refused' && identity === 'other' && (
          <TextInput
            label="Cum a fost verificată identitatea"
            value={identityOther}
            onChange={(e) => setIdentityOther(e.currentTarget.value)}
            error={errors.identity_other}
          />
        )}
        {errors.appointment || errors.consultation ? (
          <Alert color="red">{errors.appointment ?? errors.consultation}</Alert>
        ) : null}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            Renunță
          </Button>
          <Button onClick={submit} loading={start.isPending}>
            {consent === 'refused' ? 'Consemnează refuzul' : 'Începe consultația'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function EndModal({ id, opened, onClose }: { id: number; opened: boolean; onClose: () => void }) {
  const end = useEndConsultation();
  const [outcome, setOutcome] = useState<(typeof END_OUTCOMES)[number] | ''>('');
  const [tries, setTries] = useState<number | string>('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async () => {
    try {
      const body = {
        ...(outcome ? { outcome } : {}),
        ...(outcome === 'no_answer' && typeof tries === 'number' ? { tries } : {}),
      } as { outcome: (typeof END_OUTCOMES)[number]; tries?: number };
      const r = await end.mutateAsync({ id, body });
      notifySuccess(r.message);
      setErrors({});
      onClose();
    } catch (err) {
      setErrors(fieldsOf(err));
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Încheie consultația la distanță">
      <Stack gap="sm">
        <Radio.Group
          label="Cum s-a încheiat"
          value={outcome}
          onChange={(v) => setOutcome(v as (typeof END_OUTCOMES)[number])}
          error={errors.outcome}
          withAsterisk
        >
          <Stack gap={4} mt={4}>
            {END_OUTCOMES.map((o) => (
              <Radio key={o} value={o} label={OUTCOME_CHOICES[o]} />
            ))}
          </Stack>
        </Radio.Group>
        {outcome === 'no_answer' && (
          <NumberInput
            label="Număr de încercări"
            min={1}
            value={tries}
            onChange={setTries}
            error={errors.tries}
          />
        )}
        {errors.consultation || errors.ended_at ? (
          <Alert color="red">{errors.consultation ?? errors.ended_at}</Alert>
        ) : null}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            Renunță
          </Button>
          <Button onClick={submit} loading={end.isPending}>
            Încheie consultația
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** "Consultație la distanță prin WhatsApp video, 02.03.2026, 10:00–10:25, nr. 12/2026", as the letter prints it. */
function summaryLine(c: RemoteConsultationView): string {
  const first = c.intervals[0];
  const last = c.intervals[c.intervals.length - 1];
  const channel = c.channel === 'other' && c.channel_other ? c.channel_other : CHANNEL_LABELS[c.channel];
  const started = new Date(first?.started_at ?? c.consent_at);
  const line = remoteConsultationLine({
    channel,
    day: formatDay(clinicToday(started)),
    start: clinicTime(started),
    end: last?.ended_at ? clinicTime(new Date(last.ended_at)) : '…',
  });
  const number = c.register ? `, nr. ${c.register.number}/${c.register.year}` : '';
  return `${line.charAt(0).toUpperCase()}${line.slice(1)}${number}`;
}

export function RemoteConsultation({ appointmentId }: { appointmentId: number }) {
  const query = useRemoteConsultation(appointmentId);
  const resume = useResumeConsultation();
  const [starting, setStarting] = useState(false);
  const [ending, setEnding] = useState(false);
  const data = query.data;
  if (!data?.remote) return null;
  const c = data.consultation;

  const links = (
    <Group gap="sm">
      {data.links.whatsapp && (
        <Anchor href={data.links.whatsapp} target="_blank" rel="noopener noreferrer">
          Deschide WhatsApp
        </Anchor>
      )}
      {data.links.phone && <Anchor href={data.links.phone}>Sună pacientul</Anchor>}
    </Group>
  );

  return (
    <Stack gap="xs" data-testid="remote-consultation">
      {!c && (
        <Group gap="sm">
          <Button onClick={() => setStarting(true)}>Începe consultația</Button>
          {links}
        </Group>
      )}
      {c?.state === 'in_progress' && (
        <Group gap="sm">
          <Text size="sm">{summaryLine(c)}</Text>
          {links}
          <Button color="teal" onClick={() => setEnding(true)}>
            Încheie consultația
          </Button>
        </Group>
      )}
      {c?.state === 'interrupted' && (
        <Group gap="sm">
          <Text size="sm">{REMOTE_TEXTS.groupTitle} întreruptă.</Text>
          {links}
          <Button
            loading={resume.isPending}
            onClick={() =>
              resume.mutateAsync(appointmentId).then((r) => notifySuccess(r.message), notifyError)
            }
          >
            Reia consultația
          </Button>
        </Group>
      )}
      {c?.state === 'ended' && (
        <Text size="sm">
          {c.outcome === 'refused'
            ? ENDED_AS.refused
            : `${summaryLine(c)} · ${ENDED_AS[c.outcome ?? ''] ?? ''}`}
        </Text>
      )}
      <StartModal id={appointmentId} opened={starting} onClose={() => setStarting(false)} />
      <EndModal id={appointmentId} opened={ending} onClose={() => setEnding(false)} />
    </Stack>
  );
}

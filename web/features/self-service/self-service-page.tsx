/**
 * /p/:token: the patient's own appointment, from the link in every message (issue 15). Phone
 * first, the public pages' look; date, time, place, doctor and status, nothing else. The patient
 * confirms attendance, asks for another date, or cancels until the notice (after it: the phone).
 * A remote consultation (the calendar's "Consultații la distanță") is worded as a call: the
 * number that will call, "Confirm că sunt disponibil la telefon" (issue 54, item 14).
 */
import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconCircleCheck, IconPhone } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../../domain/dates';
import type { SelfServiceAppointment, SelfServiceReply } from '../../../domain/self-service';
import { SELF_SERVICE_MESSAGES } from '../../../domain/self-service-rules';
import type { SelfServiceOffer } from '../../../domain/waitlist';
import { ApiError } from '../../lib/api';
import { errorMessage } from '../../lib/notify';
import { PublicLayout } from '../registration';
import { useSelfService, useSelfServiceAction } from './api';

const longDay = new Intl.DateTimeFormat('ro-RO', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const dayText = (date: string) => longDay.format(new Date(`${date}T12:00:00Z`));
// The note's form and its schema (zod): fetched when the patient asks for another date.
const RescheduleForm = lazy(() => import('./reschedule-form'));

const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;

export default function SelfServicePage() {
  const token = useParams().token ?? '';
  const page = useSelfService(token);
  const notFound = page.error instanceof ApiError && page.error.status === 404;
  return (
    <PublicLayout title="Programarea dumneavoastră" width={560}>
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }} mt="md">
        {page.data?.offer ? (
          <Offer token={token} offer={page.data.offer} phone={page.data.phone} />
        ) : page.data?.appointment ? (
          <Appointment token={token} data={page.data} a={page.data.appointment} />
        ) : page.error ? (
          <Stack gap="md">
            <Title order={1} size="h3">
              {notFound ? 'Link nevalabil' : 'Programarea nu poate fi afișată acum'}
            </Title>
            {/* The server's message names the number to call (INSTITUTE_PHONE). */}
            <Text>
              {notFound ? page.error.message || SELF_SERVICE_MESSAGES.notFound : errorMessage(page.error)}
            </Text>
            <Group>
              {!notFound && <Button onClick={() => page.refetch()}>Încercați din nou</Button>}
              <Button component={Link} to="/" variant="light">
                Pagina principală
              </Button>
            </Group>
          </Stack>
        ) : (
          // The heading is known before the appointment: in the build-time first paint (0067), the
          // patient sees what the page is at once, and only the facts wait for the server.
          <Stack gap="md">
            <Title order={1} size="h3">
              Programarea dumneavoastră
            </Title>
            <Text role="status">Se încarcă programarea…</Text>
          </Stack>
        )}
      </Paper>
    </PublicLayout>
  );
}

function Appointment({
  token,
  data,
  a,
}: {
  token: string;
  data: SelfServiceReply;
  a: SelfServiceAppointment;
}) {
  const act = useSelfServiceAction(token);
  const [done, setDone] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const run = (action: Parameters<typeof act.mutate>[0], noteError?: (message: string) => void) =>
    act.mutate(action, {
      onSuccess: (r) => {
        setDone(r.message);
        setAsking(false);
        setConfirmingCancel(false);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.errors?.note) noteError?.(err.errors.note);
      },
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={1} size="h3">
          Programarea dumneavoastră
        </Title>
        <Badge color={a.cancelled ? 'gray.8' : 'teal.9'} variant="outline" style={{ flexShrink: 0 }}>
          {a.status}
        </Badge>
      </Group>
      <Stack gap={6} component="dl" m={0}>
        <Fact label="Data">{a.date ? dayText(a.date) : 'încă nestabilită'}</Fact>
        {a.time && <Fact label="Ora">{a.time}</Fact>}
        {a.remote ? (
          <Fact label="Consultația">la distanță, la telefon</Fact>
        ) : (
          a.calendar && <Fact label="Locul">{a.calendar}</Fact>
        )}
        {a.doctor && <Fact label="Medicul">{a.doctor}</Fact>}
        {a.remote && data.calling_number && (
          <Fact label="Vă sunăm de la">
            <Anchor href={telHref(data.calling_number)}>{data.calling_number}</Anchor>
          </Fact>
        )}
      </Stack>
      <div aria-live="polite">
        {done && (
          <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />}>
            {done}
          </Alert>
        )}
        {act.error && !(act.error instanceof ApiError && act.error.errors?.note) && (
          <Alert color="red" variant="light" mt={done ? 'sm' : 0}>
            {errorMessage(act.error)}
          </Alert>
        )}
      </div>
      {a.cancelled ? (
        !done && (
          <Text>
            {data.phone
              ? SELF_SERVICE_MESSAGES.cancelledCallUs(data.phone)
              : 'Programarea este anulată. Pentru o nouă programare sunați la institut.'}
          </Text>
        )
      ) : (
        <Stack gap="sm">
          {a.attendance_confirmed ? (
            <Text size="sm">
              <IconCircleCheck size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} />{' '}
              {a.remote ? 'Ați confirmat că sunteți disponibil la telefon.' : 'Ați confirmat că veniți.'}
            </Text>
          ) : (
            <Button onClick={() => run({ action: 'confirm' })} loading={act.isPending} fullWidth>
              {a.remote ? 'Confirm că sunt disponibil la telefon' : 'Confirm că vin'}
            </Button>
          )}
          {a.reschedule_requested && !asking ? (
            <Text size="sm">Ați cerut altă dată; vă vom contacta.</Text>
          ) : asking ? (
            <Suspense fallback={<Loader size="sm" aria-label="Se încarcă" />}>
              <RescheduleForm
                pending={act.isPending}
                onSend={(body, noteError) => run({ action: 'reschedule-request', body }, noteError)}
                onCancel={() => setAsking(false)}
              />
            </Suspense>
          ) : (
            <Button
              variant="light"
              leftSection={<IconCalendarEvent size={18} aria-hidden />}
              onClick={() => setAsking(true)}
              fullWidth
            >
              Cer altă dată
            </Button>
          )}
          {a.can_cancel && a.cancel_until ? (
            confirmingCancel ? (
              <Stack gap="xs">
                <Text size="sm" fw={500}>
                  Sigur anulați? Locul va fi dat altui pacient.
                </Text>
                <Group grow>
                  <Button variant="default" onClick={() => setConfirmingCancel(false)}>
                    Nu
                  </Button>
                  <Button color="red.9" onClick={() => run({ action: 'cancel' })} loading={act.isPending}>
                    Da, anulez
                  </Button>
                </Group>
              </Stack>
            ) : (
              <>
                <Button variant="outline" color="red.9" onClick={() => setConfirmingCancel(true)} fullWidth>
                  Anulez programarea
                </Button>
                <Text size="xs" c="dimmed" ta="center">
                  Puteți anula aici până la {formatDateTime(a.cancel_until)}.
                </Text>
              </>
            )
          ) : (
            <CallUs phone={data.phone} />
          )}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * A slot freed for a patient on the waitlist: when, where, until when it is held; accept books
 * it, "Nu, mulțumesc" gives it to the next patient. A slot taken meanwhile shows the server's 409.
 */
function Offer({ token, offer, phone }: { token: string; offer: SelfServiceOffer; phone: string | null }) {
  const act = useSelfServiceAction(token);
  const [done, setDone] = useState<string | null>(null);
  const run = (action: 'accept' | 'decline') =>
    act.mutate({ action }, { onSuccess: (r) => setDone(r.message) });
  const heading: Record<SelfServiceOffer['state'], string> = {
    open: 'S-a eliberat un loc pentru dumneavoastră',
    accepted: 'Programare făcută',
    declined: 'Ați refuzat locul oferit',
    expired: 'Oferta a expirat',
    taken: 'Locul a fost ocupat',
  };
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {heading[offer.state]}
      </Title>
      <Stack gap={6} component="dl" m={0}>
        <Fact label="Data">{dayText(offer.date)}</Fact>
        <Fact label="Ora">{offer.time}</Fact>
        {offer.calendar && <Fact label="Locul">{offer.calendar}</Fact>}
        {offer.state === 'open' && <Fact label="Până la">{formatDateTime(offer.expires_at)}</Fact>}
      </Stack>
      <div aria-live="polite">
        {done && (
          <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />}>
            {done}
          </Alert>
        )}
        {act.error && (
          <Alert color="red" variant="light">
            {errorMessage(act.error)}
          </Alert>
        )}
      </div>
      {offer.state === 'open' && !act.error && (
        <Stack gap="sm">
          <Text size="sm">
            Locul este rezervat pentru dumneavoastră până la {formatDateTime(offer.expires_at)}; după aceea va
            fi oferit altui pacient.
          </Text>
          <Button onClick={() => run('accept')} loading={act.isPending} fullWidth>
            Accept
          </Button>
          <Button variant="default" onClick={() => run('decline')} disabled={act.isPending} fullWidth>
            Nu, mulțumesc
          </Button>
        </Stack>
      )}
      {offer.state !== 'open' && offer.state !== 'accepted' && phone && (
        <Text size="sm">
          Pentru o altă programare sunați la{' '}
          <Anchor href={telHref(phone)} fw={600}>
            {phone}
          </Anchor>
          .
        </Text>
      )}
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text component="dt" size="sm" c="dimmed" w={72} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text component="dd" m={0} fw={500}>
        {children}
      </Text>
    </Group>
  );
}

function CallUs({ phone }: { phone: string | null }) {
  return (
    <Text size="sm">
      Anularea nu se mai poate face aici, atât de aproape de programare.
      {phone && (
        <>
          {' '}
          Sunați la{' '}
          <Anchor href={telHref(phone)} fw={600}>
            <IconPhone size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> {phone}
          </Anchor>
          .
        </>
      )}
    </Text>
  );
}

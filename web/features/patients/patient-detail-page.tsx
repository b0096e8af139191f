/**
 * /app/patients/{patientId}/* (SPEC §2 "Patient detail"): back button, name heading, tabs as
 * sub-routes (details, documents, consults, appointments; anything else goes to /error) and the
 * side panel. Leaving the page drops the loaded record, so the next visit loads it fresh.
 */
import { Alert, Button, Grid, Group, Loader, Stack, Tabs, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowLeft, IconShieldCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useCurrentUser } from '../../app/current-user';
import { NotFoundPanel } from '../../app/not-found-panel';
import { ApiError } from '../../lib/api';
import { useHasDrafts } from '../../lib/drafts';
import { useDoctors } from '../appointments';
import { useCalendars } from '../calendars';
import { PatientDocuments } from '../documents';
import { PatientPrivacyPanel } from '../privacy';
import { AddToWaitlistModal } from '../waitlist';
import { patientKeys, usePatient } from './api';
import { AppointmentsTab } from './appointments-tab';
import { ConsultationForm, consultationDraftScope } from './consultation-form';
import { ConsultsTab } from './consults-tab';
import { EditPatientModal } from './edit-patient-modal';
import { useLeaveGuard } from './leave-guard';
import { PatientSidePanel } from './patient-side-panel';

const TABS = [
  { value: 'details', label: 'Detalii' },
  { value: 'documents', label: 'Documente' },
  { value: 'consults', label: 'Consultații' },
  { value: 'appointments', label: 'Programări' },
] as const;
type Tab = (typeof TABS)[number]['value'];

export default function PatientDetailPage() {
  const params = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const qc = useQueryClient();
  const calendars = useCalendars();
  const doctors = useDoctors();
  const id = /^\d+$/.test(params.patientId ?? '') ? Number(params.patientId) : 0;
  const sub = (params['*'] ?? '').replace(/\/$/, '');
  const tab: Tab | null = sub === '' ? 'details' : (TABS.find((t) => t.value === sub)?.value ?? null);
  const query = usePatient(id);
  const [editing, editModal] = useDisclosure(false);
  const [waitlisting, waitlistModal] = useDisclosure(false);
  // Unsaved consultation text: ask before leaving this patient's page (its tabs stay free).
  const unsaved = useHasDrafts(consultationDraftScope(useCurrentUser().id, id));
  const inside = useCallback(
    (path: string) => path.startsWith('/app/patients/') && Number(path.split('/')[3]) === id,
    [id],
  );
  const guarded = useLeaveGuard(unsaved, inside);

  useEffect(() => () => qc.removeQueries({ queryKey: patientKeys.detail(id) }), [qc, id]);

  // Unknown sub-routes are the spec's /error; an unknown patient is said inside the shell.
  if (tab === null) return <Navigate to="/error" replace />;
  if (!id || (query.error instanceof ApiError && query.error.status === 404))
    return (
      <NotFoundPanel
        title="Pacientul nu a fost găsit"
        message="Pacientul nu există sau a fost șters."
        backTo="/app/patients"
        backLabel="Înapoi la pacienți"
      />
    );

  const back = () => guarded(() => (location.key !== 'default' ? navigate(-1) : navigate('/app/patients')));
  const patient = query.data;

  return (
    <Stack gap="md">
      <Group gap="sm">
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={back} px="xs">
          Înapoi
        </Button>
      </Group>
      {query.isLoading && <Loader aria-label="Se încarcă" />}
      {query.error && !(query.error instanceof ApiError && query.error.status === 404) && (
        <Alert color="red">{query.error.message}</Alert>
      )}
      {patient && (
        <>
          <Group gap="xs">
            <Title order={1}>{patient.patient}</Title>
            {patient.covid_vaccine === 1 && (
              <IconShieldCheck
                size={22}
                color="var(--mantine-color-green-7)"
                aria-label="Vaccinat"
                role="img"
              />
            )}
            <Button variant="light" size="xs" ml="auto" onClick={waitlistModal.open}>
              Adaugă pe lista de așteptare
            </Button>
          </Group>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, lg: 9 }} order={{ base: 2, lg: 1 }}>
              <Tabs
                value={tab}
                onChange={(v) =>
                  navigate(v === 'details' ? `/app/patients/${id}` : `/app/patients/${id}/${v}`)
                }
                keepMounted={false}
              >
                <Tabs.List mb="md">
                  {TABS.map((t) => (
                    <Tabs.Tab key={t.value} value={t.value}>
                      {t.label}
                    </Tabs.Tab>
                  ))}
                </Tabs.List>
                <Tabs.Panel value="details">
                  <ConsultationForm patientId={id} />
                </Tabs.Panel>
                <Tabs.Panel value="documents">
                  <PatientDocuments patientId={id} />
                </Tabs.Panel>
                <Tabs.Panel value="consults">
                  <ConsultsTab patient={patient} />
                </Tabs.Panel>
                <Tabs.Panel value="appointments">
                  <AppointmentsTab patient={patient} />
                </Tabs.Panel>
              </Tabs>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 3 }} order={{ base: 1, lg: 2 }}>
              <PatientSidePanel patient={patient} onEdit={editModal.open} />
              <PatientPrivacyPanel
                patientId={id}
                patientName={patient.patient}
                onAnonymised={() => qc.invalidateQueries({ queryKey: patientKeys.all })}
              />
            </Grid.Col>
          </Grid>
          <EditPatientModal patient={patient} opened={editing} onClose={editModal.close} />
          <AddToWaitlistModal
            patientId={id}
            opened={waitlisting}
            onClose={waitlistModal.close}
            calendars={calendars.data ?? []}
            doctors={doctors.data ?? []}
          />
        </>
      )}
    </Stack>
  );
}

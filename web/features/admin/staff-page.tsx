/** /app/admin/staff: staff accounts, invitations, flags, deactivation, two-factor reset. */
import 'mantine-datatable/styles.css';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import {
  IconCheck,
  IconDots,
  IconKeyOff,
  IconMailForward,
  IconPencil,
  IconPlayerPlay,
  IconUserCheck,
  IconUserOff,
  IconUserPlus,
} from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import {
  INVITATION_DELIVERY_LABELS,
  type InvitationDelivery,
  ROLE_LABELS,
  type StaffRow,
} from '../../../domain/admin';
import { formatDateTime } from '../../../domain/dates';
import { useCurrentUser } from '../../app/current-user';
import { withNotify } from '../../lib/notify';
import {
  type StaffAction,
  useSaveSettings,
  useSettings,
  useStaff,
  useStaffAction,
  useUpdateStaff,
} from './api';
import { EditStaffModal, InviteModal } from './staff-modals';

const yes = (on: boolean, label: string) =>
  on ? <IconCheck size={18} color="var(--mantine-color-green-7)" aria-label={label} role="img" /> : null;

const INVITATION_COLORS: Record<InvitationDelivery, string> = { queued: 'blue', sent: 'teal', failed: 'red' };

function StatusBadges({ p }: { p: StaffRow }) {
  return (
    <Group gap={4}>
      {!p.active && (
        <Badge color="gray" variant="dot">
          Dezactivat
        </Badge>
      )}
      {p.active && !p.authorized && (
        <Badge color="orange" variant="dot">
          Neautorizat
        </Badge>
      )}
      {p.active && p.authorized && !p.hasPassword && (
        <Badge color="blue" variant="dot">
          Invitat
        </Badge>
      )}
      {p.active && p.invitation && (
        <Badge color={INVITATION_COLORS[p.invitation]} variant="light" data-testid="invitation-delivery">
          {INVITATION_DELIVERY_LABELS[p.invitation]}
        </Badge>
      )}
      {p.active && p.authorized && p.hasPassword && (
        <Badge color="green" variant="dot">
          Activ
        </Badge>
      )}
      {p.twoFactorEnabled && (
        <Badge color="grape" variant="light">
          2FA
        </Badge>
      )}
    </Group>
  );
}

function TwoFactorSetting() {
  const settings = useSettings();
  const save = useSaveSettings();
  return (
    <Card withBorder padding="md">
      <Switch
        label="Autentificare în doi pași obligatorie pentru tot personalul"
        description="Cine nu a configurat-o este trimis la pagina contului să o configureze înainte de a folosi aplicația."
        checked={settings.data?.requireTwoFactor ?? false}
        disabled={!settings.data || save.isPending}
        onChange={(e) => {
          const requireTwoFactor = e.currentTarget.checked;
          void withNotify(() => save.mutateAsync({ requireTwoFactor }));
        }}
      />
    </Card>
  );
}

export default function StaffPage() {
  const me = useCurrentUser();
  const staff = useStaff();
  const action = useStaffAction();
  const update = useUpdateStaff();
  const [inviteOpened, invite] = useDisclosure(false);
  const [editing, setEditing] = useState<StaffRow | null>(null);

  const run = (p: StaffRow, a: StaffAction) => withNotify(() => action.mutateAsync({ id: p.id, action: a }));
  const confirm = (title: string, text: string, onConfirm: () => void, danger = true) =>
    modals.openConfirmModal({
      title,
      children: <Text size="sm">{text}</Text>,
      confirmProps: { color: danger ? 'red' : undefined },
      onConfirm,
    });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Personal</Title>
        <Button leftSection={<IconUserPlus size={16} />} onClick={invite.open}>
          Invită o persoană
        </Button>
      </Group>
      <TwoFactorSetting />
      <DataTable<StaffRow>
        withTableBorder
        borderRadius="sm"
        highlightOnHover
        striped
        minHeight={200}
        fetching={staff.isFetching}
        records={staff.data ?? []}
        noRecordsText="Nici un cont"
        idAccessor="id"
        columns={[
          {
            accessor: 'name',
            title: 'Nume',
            render: (p) => (
              <Stack gap={0}>
                <Text size="sm" fw={500}>
                  {`${p.firstName} ${p.lastName}`.trim() || p.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {p.email}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: 'role',
            title: 'Rol',
            render: (p) => ROLE_LABELS[p.role as keyof typeof ROLE_LABELS] ?? p.role,
          },
          { accessor: 'doctor', title: 'Medic', textAlign: 'center', render: (p) => yes(p.doctor, 'Medic') },
          {
            accessor: 'superadmin',
            title: 'Superadmin',
            textAlign: 'center',
            render: (p) => yes(p.superadmin, 'Superadministrator'),
          },
          {
            accessor: 'authorized',
            title: 'Autorizat',
            textAlign: 'center',
            render: (p) =>
              p.authorized ? (
                yes(true, 'Autorizat')
              ) : (
                <Button
                  size="compact-xs"
                  variant="light"
                  leftSection={<IconUserCheck size={14} />}
                  onClick={() => withNotify(() => update.mutateAsync({ id: p.id, authorized: true }))}
                >
                  Autorizează
                </Button>
              ),
          },
          { accessor: 'active', title: 'Stare', render: (p) => <StatusBadges p={p} /> },
          {
            accessor: 'lastSignInAt',
            title: 'Ultima autentificare',
            render: (p) =>
              p.lastSignInAt ? formatDateTime(p.lastSignInAt) : <Text c="dimmed">niciodată</Text>,
          },
          {
            accessor: 'actions',
            title: <VisuallyHidden>Acțiuni</VisuallyHidden>,
            textAlign: 'right',
            render: (p) => (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Tooltip label="Acțiuni">
                    <ActionIcon variant="subtle" aria-label={`Acțiuni pentru ${p.email}`}>
                      <IconDots size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setEditing(p)}>
                    Editează
                  </Menu.Item>
                  {!p.hasPassword && p.active && (
                    <Menu.Item leftSection={<IconMailForward size={16} />} onClick={() => run(p, 'invite')}>
                      Retrimite invitația
                    </Menu.Item>
                  )}
                  {p.twoFactorEnabled && (
                    <Menu.Item
                      leftSection={<IconKeyOff size={16} />}
                      onClick={() =>
                        confirm(
                          'Resetare autentificare în doi pași',
                          `${p.email} va trebui să configureze din nou autentificarea în doi pași.`,
                          () => run(p, 'reset-2fa'),
                        )
                      }
                    >
                      Resetează 2FA
                    </Menu.Item>
                  )}
                  {p.active ? (
                    <Menu.Item
                      color="red"
                      disabled={p.id === me.id}
                      leftSection={<IconUserOff size={16} />}
                      onClick={() =>
                        confirm(
                          'Dezactivare cont',
                          `${p.email} nu se va mai putea autentifica, iar sesiunile deschise se închid imediat.`,
                          () => run(p, 'deactivate'),
                        )
                      }
                    >
                      Dezactivează
                    </Menu.Item>
                  ) : (
                    <Menu.Item
                      leftSection={<IconPlayerPlay size={16} />}
                      onClick={() => run(p, 'reactivate')}
                    >
                      Reactivează
                    </Menu.Item>
                  )}
                </Menu.Dropdown>
              </Menu>
            ),
          },
        ]}
      />
      <InviteModal opened={inviteOpened} onClose={invite.close} />
      <EditStaffModal person={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}

import { NavLink, ScrollArea, Stack } from '@mantine/core';
import {
  IconCalendar,
  IconCalendarCog,
  IconClipboardList,
  IconFiles,
  IconHistory,
  IconHome,
  IconMailForward,
  IconSettings,
  IconShieldLock,
  IconTags,
  IconUserCircle,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link, useLocation } from 'react-router';
import { isAdmin } from '../../domain/auth';
import { useCurrentUser } from './current-user';

type Entry = {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  /** Also for the admin role (not only superadmins). */
  admins?: boolean;
};

/** The left menu of SPEC §2 (labels verbatim). */
export const MAIN_ENTRIES: Entry[] = [
  { label: 'Home', to: '/app/dashboard', icon: IconHome },
  { label: 'Pacienti', to: '/app/patients', icon: IconUsers },
  { label: 'Programari', to: '/app/appointments', icon: IconClipboardList },
  { label: 'Documente', to: '/app/docs', icon: IconFiles },
  { label: 'Calendar', to: '/app/calendars', icon: IconCalendar },
  { label: 'My Account', to: '/app/my-account', icon: IconUserCircle },
];

/** Administration (superadmins; the outbox also admins: the server refuses the others anyway). */
export const ADMIN_ENTRIES: Entry[] = [
  { label: 'Personal', to: '/app/admin/staff', icon: IconUsersGroup },
  { label: 'Calendare și program', to: '/app/admin/calendars', icon: IconCalendarCog },
  { label: 'Statusuri programări', to: '/app/admin/statuses', icon: IconTags },
  { label: 'Jurnal de audit', to: '/app/admin/audit', icon: IconHistory },
  { label: 'Protecția datelor', to: '/app/admin/privacy', icon: IconShieldLock },
  { label: 'Coada de mesaje', to: '/app/admin/outbox', icon: IconMailForward, admins: true },
];

function isActive(pathname: string, to: string) {
  return pathname === to || pathname.startsWith(`${to}/`);
}

export function MainNav({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  const user = useCurrentUser();
  const adminOpen = pathname.startsWith('/app/admin');
  const adminEntries = ADMIN_ENTRIES.filter((e) => user.superadmin || (e.admins && isAdmin(user)));
  return (
    <ScrollArea type="scroll" style={{ flex: 1 }}>
      <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {MAIN_ENTRIES.map(({ label, to, icon: Icon }) => (
          <li key={to}>
            <NavLink
              component={Link}
              to={to}
              label={label}
              leftSection={<Icon size={20} aria-hidden />}
              active={isActive(pathname, to)}
              aria-current={isActive(pathname, to) ? 'page' : undefined}
              onClick={onNavigate}
              variant="light"
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          </li>
        ))}
        {adminEntries.length > 0 && (
          <li>
            <NavLink
              label="Administrare"
              leftSection={<IconSettings size={20} aria-hidden />}
              defaultOpened={adminOpen}
              active={adminOpen}
              variant="subtle"
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            >
              {adminEntries.map(({ label, to, icon: Icon }) => (
                <NavLink
                  key={to}
                  component={Link}
                  to={to}
                  label={label}
                  leftSection={<Icon size={18} aria-hidden />}
                  active={isActive(pathname, to)}
                  aria-current={isActive(pathname, to) ? 'page' : undefined}
                  onClick={onNavigate}
                  variant="light"
                  style={{ borderRadius: 'var(--mantine-radius-md)' }}
                />
              ))}
            </NavLink>
          </li>
        )}
      </Stack>
    </ScrollArea>
  );
}

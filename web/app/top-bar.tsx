import { ActionIcon, Avatar, Burger, Group, Menu, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useFullscreenDocument } from '@mantine/hooks';
import {
  IconChevronDown,
  IconHeartbeat,
  IconLogout,
  IconMaximize,
  IconMinimize,
  IconUserCircle,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { SearchBox } from '../features/search/search-box';
import { displayName, useCurrentUser } from './current-user';
import { useInstitute } from './institute';
import { useSignOut } from './sign-out';
import { ColorSwitch, DarkSwitch } from './theme-controls';

type Props = { menuOpened: boolean; onToggleMenu: () => void };

export function TopBar({ menuOpened, onToggleMenu }: Props) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Burger
          opened={menuOpened}
          onClick={onToggleMenu}
          size="sm"
          aria-label={menuOpened ? 'Ascunde meniul' : 'Arată meniul'}
          aria-expanded={menuOpened}
          aria-controls="meniu-principal"
        />
        <Brand />
      </Group>
      <Group gap="sm" wrap="nowrap">
        <SearchBox />
        <FullscreenToggle />
        <DarkSwitch />
        <ColorSwitch />
        <UserMenu />
      </Group>
    </Group>
  );
}

function Brand() {
  const institute = useInstitute();
  const name = institute.data?.name;
  // The accessible name contains the visible text (the institute's name, from md up), so speech
  // input users can say what they see (WCAG 2.5.3); "Acasă" says where the link goes.
  return (
    <UnstyledButton
      component={Link}
      to="/app/dashboard"
      aria-label={name ? `${name}, Acasă` : 'Acasă'}
      miw={0}
    >
      <Group gap={8} wrap="nowrap" miw={0}>
        <IconHeartbeat size={28} color="var(--mantine-primary-color-filled)" aria-hidden />
        <Text fw={700} truncate="end" visibleFrom="md" maw={340} title={name}>
          {name ?? ''}
        </Text>
      </Group>
    </UnstyledButton>
  );
}

function FullscreenToggle() {
  const { toggle, fullscreen } = useFullscreenDocument();
  const label = fullscreen ? 'Ieșire din ecran complet' : 'Ecran complet';
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="default"
        size="lg"
        onClick={() => void toggle()}
        aria-label={label}
        visibleFrom="xs"
      >
        {fullscreen ? <IconMinimize size={20} aria-hidden /> : <IconMaximize size={20} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
}

function initials(first: string, last: string, email: string) {
  const s = `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();
  return s || email.charAt(0).toUpperCase();
}

function UserMenu() {
  const user = useCurrentUser();
  const signOut = useSignOut();
  const name = displayName(user);
  return (
    <Menu position="bottom-end" withArrow shadow="md" width={220}>
      <Menu.Target>
        <UnstyledButton
          aria-label={`${name}, meniul contului`}
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        >
          <Group gap={8} wrap="nowrap">
            {/* The initials are a picture of the name (drawn from a data attribute, not text),
                so the button's visible text is the name its accessible name starts with. */}
            <Avatar color="initials" name={name} radius="xl" size={34}>
              <span
                className="avatar-initials"
                data-initials={initials(user.firstName, user.lastName, user.email)}
              />
            </Avatar>
            <Text size="sm" fw={600} visibleFrom="sm" data-testid="user-name" truncate="end" maw={180}>
              {name}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item
          component={Link}
          to="/app/my-account"
          leftSection={<IconUserCircle size={16} aria-hidden />}
        >
          Contul meu
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => void signOut()}
        >
          Deconectare
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

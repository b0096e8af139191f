import {
  ActionIcon,
  CheckIcon,
  ColorSwatch,
  Menu,
  Switch,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { IconMoon, IconPalette, IconSun } from '@tabler/icons-react';
import { THEME_COLORS, useThemeColor } from './theme';

/** The dark-mode switch: flips the scheme at once and keeps it in local storage. */
export function DarkSwitch() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  return (
    <Switch
      size="md"
      aria-label="Mod întunecat"
      checked={scheme === 'dark'}
      onChange={(e) => setColorScheme(e.currentTarget.checked ? 'dark' : 'light')}
      onLabel={<IconMoon size={14} aria-hidden />}
      offLabel={<IconSun size={14} aria-hidden />}
    />
  );
}

/** The colour switch: the theme's primary colour, applied at once and kept in local storage. */
export function ColorSwitch() {
  const [color, setColor] = useThemeColor();
  return (
    <Menu position="bottom-end" withArrow shadow="md">
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label="Culoare temă" title="Culoare temă">
          <IconPalette size={20} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Culoare temă</Menu.Label>
        {THEME_COLORS.map((c) => (
          <Menu.Item
            key={c.value}
            aria-current={color === c.value ? 'true' : undefined}
            onClick={() => setColor(c.value)}
            leftSection={
              <ColorSwatch color={c.swatch} size={18}>
                {color === c.value && <CheckIcon size={10} color="white" />}
              </ColorSwatch>
            }
          >
            {c.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

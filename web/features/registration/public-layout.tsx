/** The frame of the public pages: the institute's name (a link home) above, contacts below. */
import { Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useInstituteTitle } from '../../app/institute';
import { HeartbeatIcon } from './icons';
import classes from './public-layout.module.css';

export function PublicLayout({
  title,
  children,
  footerExtra,
  width = 720,
}: {
  title: string;
  children: ReactNode;
  footerExtra?: ReactNode;
  /** Content width in px; the header lines up with it. */
  width?: number;
}) {
  const institute = useInstituteTitle(title);
  const name = institute.data?.name;
  return (
    <Box
      className={classes.root}
      mih="100dvh"
      style={{
        display: 'flex',
        flexDirection: 'column',
        background:
          'linear-gradient(180deg, var(--mantine-primary-color-light) 0, var(--mantine-color-body) 320px)',
      }}
    >
      <Box component="header" py="sm">
        <Container size={width}>
          <Anchor
            component={Link}
            to="/"
            underline="never"
            c="inherit"
            aria-label={name ? `${name}, pagina principală` : 'Pagina principală'}
          >
            <Group gap="xs" wrap="nowrap">
              <HeartbeatIcon
                size={32}
                color="var(--mantine-primary-color-filled)"
                style={{ flexShrink: 0 }}
              />
              <Text fw={700} size="sm" lh={1.3} mih={20}>
                {name ?? ''}
              </Text>
            </Group>
          </Anchor>
        </Container>
      </Box>
      <Box component="main" style={{ flex: 1 }} pb="xl">
        <Container size={width} px={{ base: 'xs', sm: 'md' }}>
          {children}
        </Container>
      </Box>
      <Box component="footer" py="md" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <Container size="md">
          <Stack gap={4} align="center" ta="center">
            {institute.data?.tagline && (
              <Text size="xs" c="dimmed">
                {institute.data.tagline}
              </Text>
            )}
            {institute.data?.contactEmail && (
              <Text size="xs" c="dimmed">
                Contact:{' '}
                <Anchor href={`mailto:${institute.data.contactEmail}`} size="xs" underline="always">
                  {institute.data.contactEmail}
                </Anchor>
              </Text>
            )}
            {footerExtra}
          </Stack>
        </Container>
      </Box>
    </Box>
  );
}

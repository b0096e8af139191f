/** /user/success: the request is registered; confirmation comes within 48 hours (SPEC §2). */
import { Anchor, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { formatDay } from '../../../domain/dates';
import { useInstitute } from '../../app/institute';
import { PublicLayout } from './public-layout';

export default function SuccessPage() {
  const institute = useInstitute();
  const state = useLocation().state as { date?: string } | null;
  const email = institute.data?.contactEmail;
  return (
    <PublicLayout title="Cererea a fost înregistrată">
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }} maw={600} mx="auto" mt="md">
        <Stack gap="md" align="center" ta="center">
          <ThemeIcon size={64} radius="xl" color="green" variant="light">
            <IconCircleCheck size={40} aria-hidden />
          </ThemeIcon>
          <Title order={1} size="h2">
            Cererea a fost înregistrată
          </Title>
          {state?.date && (
            <Text>
              Ați cerut o consultație la distanță pentru data de <b>{formatDay(state.date)}</b>, ora 08:00.
            </Text>
          )}
          <Text>
            Veți primi confirmarea în cel mult <b>48 de ore</b>, printr-o aplicație de mesagerie sau prin
            e-mail.
          </Text>
          <Text size="sm" c="dimmed">
            Trimiteți documentele medicale (scrisori medicale, analize, EKG) la{' '}
            {email ? (
              <Anchor href={`mailto:${email}`} underline="always" inherit>
                {email}
              </Anchor>
            ) : (
              'adresa de e-mail a institutului'
            )}
            , cu numele dumneavoastră și data cererii. În caz de urgență sunați la 112.
          </Text>
          <Group justify="center" mt="sm">
            <Button component={Link} to="/" variant="light">
              Înapoi la pagina principală
            </Button>
          </Group>
        </Stack>
      </Paper>
    </PublicLayout>
  );
}

/** /: the institute, what the remote consultation is and is not, and the way to request one. */
import { Anchor, Button, Card, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconCheck, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useInstitute } from '../../app/institute';
import { PublicLayout } from './public-layout';
import { EmergencyNotice } from './statements';

const IS = [
  'o discuție cu un medic cardiolog printr-o aplicație de mesagerie, de acasă',
  'o părere de specialitate pe baza documentelor medicale pe care ni le trimiteți',
  'confirmată în cel mult 48 de ore; rezultatul ajunge și la medicul de familie',
];
const IS_NOT = [
  'un serviciu de urgență: în caz de urgență sunați la 112',
  'o cale de a obține rețete sau concedii medicale',
  'înregistrată: convorbirile nu sunt înregistrate',
];

function Points({ items, ok }: { items: string[]; ok: boolean }) {
  return (
    <List
      spacing="xs"
      size="sm"
      icon={
        <ThemeIcon size={22} radius="xl" color={ok ? 'green' : 'red'} variant="light">
          {ok ? <IconCheck size={14} aria-hidden /> : <IconX size={14} aria-hidden />}
        </ThemeIcon>
      }
    >
      {items.map((t) => (
        <List.Item key={t}>{t}</List.Item>
      ))}
    </List>
  );
}

export default function LandingPage() {
  const institute = useInstitute();
  return (
    <PublicLayout
      title="Consultații la distanță"
      width={820}
      footerExtra={
        <Anchor component={Link} to="/user/login" size="xs" c="dimmed">
          Autentificare personal
        </Anchor>
      }
    >
      <Stack gap="xl" pt={{ base: 'md', sm: 'xl' }}>
        <Stack gap="sm">
          <Title order={1} size="h1" style={{ fontSize: 'clamp(1.6rem, 6vw, 2.4rem)' }}>
            Consultații cardiologice la distanță
          </Title>
          <Text size="lg" c="dimmed">
            {institute.data?.name ?? 'Institutul'} vă oferă o consultație la distanță cu un medic cardiolog,
            fără drum până la spital.
          </Text>
          <Button
            component={Link}
            to="/user/register"
            size="lg"
            rightSection={<IconArrowRight size={20} aria-hidden />}
            style={{ alignSelf: 'flex-start' }}
          >
            Solicită o consultație
          </Button>
        </Stack>
        <EmergencyNotice />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Card withBorder radius="md" padding="lg">
            <Title order={2} size="h4" mb="sm">
              Consultația la distanță este
            </Title>
            <Points items={IS} ok />
          </Card>
          <Card withBorder radius="md" padding="lg">
            <Title order={2} size="h4" mb="sm">
              Consultația la distanță nu este
            </Title>
            <Points items={IS_NOT} ok={false} />
          </Card>
        </SimpleGrid>
        <Card withBorder radius="md" padding="lg">
          <Title order={2} size="h4" mb="sm">
            Cum funcționează
          </Title>
          <List type="ordered" spacing="xs" size="sm">
            <List.Item>Completați cererea și alegeți o zi lucrătoare.</List.Item>
            <List.Item>
              Trimiteți documentele medicale pe e-mail
              {institute.data?.contactEmail ? (
                <>
                  {' '}
                  la{' '}
                  <Anchor href={`mailto:${institute.data.contactEmail}`} underline="always" inherit>
                    {institute.data.contactEmail}
                  </Anchor>
                </>
              ) : null}
              .
            </List.Item>
            <List.Item>
              În cel mult 48 de ore primiți confirmarea, prin aplicația de mesagerie sau pe e-mail.
            </List.Item>
            <List.Item>La data confirmată, medicul vă contactează prin aplicația de mesagerie.</List.Item>
          </List>
        </Card>
      </Stack>
    </PublicLayout>
  );
}

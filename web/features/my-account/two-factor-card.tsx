import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Image,
  PasswordInput,
  PinInput,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import qrcode from 'qrcode-generator';
import { useMemo, useState } from 'react';
import { MY_ACCOUNT_MESSAGES as M } from '../../../domain/my-account';
import { notifySuccess } from '../../lib/notify';
import { useAuthSession, useTwoFactor } from '../auth';
import { authMessage } from './auth-messages';

function qrDataUrl(text: string): string {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  return qr.createDataURL(5, 2);
}

/** Two-factor sign-in with an authenticator app: set up (password), confirm (code), turn off. */
export function TwoFactorCard() {
  const session = useAuthSession();
  const { enable, verify, disable } = useTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const setup = enable.data;
  const qr = useMemo(() => (setup ? qrDataUrl(setup.totpURI) : null), [setup]);
  const on = session.data?.user.twoFactorEnabled === true;
  const secret = setup ? (new URL(setup.totpURI).searchParams.get('secret') ?? '') : '';

  const start = () => {
    setError(null);
    enable.mutate(password, { onSuccess: () => setPassword(''), onError: (e) => setError(authMessage(e)) });
  };
  const confirm = (value = code) => {
    setError(null);
    verify.mutate(value, {
      onSuccess: () => {
        notifySuccess(M.twoFactorOn);
        enable.reset();
        setCode('');
      },
      onError: (e) => setError(authMessage(e)),
    });
  };
  const turnOff = () => {
    setError(null);
    disable.mutate(password, {
      onSuccess: () => {
        notifySuccess(M.twoFactorOff);
        setPassword('');
      },
      onError: (e) => setError(authMessage(e)),
    });
  };

  return (
    <Stack gap="sm" data-testid="two-factor">
      <Group justify="space-between">
        <Title order={3} size="h5">
          Autentificare în doi pași
        </Title>
        <Badge color={on ? 'green' : 'gray'} variant="light">
          {on ? 'Activă' : 'Inactivă'}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        La autentificare se cere și un cod din aplicația de autentificare (Google Authenticator, Microsoft
        Authenticator, Aegis...).
      </Text>
      {error && (
        <Alert color="red" variant="light">
          {error}
        </Alert>
      )}
      {setup && qr ? (
        <Stack gap="sm">
          <Text size="sm">1. Scanați codul QR cu aplicația (sau introduceți cheia manual):</Text>
          <Group align="flex-start">
            <Image src={qr} alt="Cod QR pentru aplicația de autentificare" w={180} h={180} fit="contain" />
            <Stack gap={4} style={{ flex: 1, minWidth: 200 }}>
              <Text size="xs" c="dimmed">
                Cheie
              </Text>
              <Code block style={{ wordBreak: 'break-all', whiteSpace: 'normal' }}>
                {secret}
              </Code>
              <Text size="xs" c="dimmed" mt="sm">
                Coduri de rezervă (păstrați-le într-un loc sigur; fiecare merge o dată):
              </Text>
              <SimpleGrid cols={2} spacing={4}>
                {setup.backupCodes.map((c) => (
                  <Code key={c}>{c}</Code>
                ))}
              </SimpleGrid>
            </Stack>
          </Group>
          <Text size="sm">2. Introduceți codul de 6 cifre afișat de aplicație:</Text>
          <Group>
            <PinInput
              length={6}
              type="number"
              oneTimeCode
              value={code}
              onChange={setCode}
              onComplete={confirm}
              aria-label="Cod"
            />
            <Button onClick={() => confirm()} loading={verify.isPending} disabled={code.length !== 6}>
              Confirmă
            </Button>
            <Button variant="default" onClick={() => enable.reset()}>
              Renunță
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group align="flex-end">
          <PasswordInput
            label="Parola contului"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            w={{ base: '100%', xs: 260 }}
          />
          {on ? (
            <Button
              color="red"
              variant="light"
              onClick={turnOff}
              loading={disable.isPending}
              disabled={!password}
            >
              Dezactivează
            </Button>
          ) : (
            <Button onClick={start} loading={enable.isPending} disabled={!password}>
              Configurează
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

/**
 * The second sign-in step when the account has two-factor on. The login page renders it when
 * `POST /api/auth/sign-in/email` answers `{ twoFactorRedirect: true }` (better-auth has then set a
 * short-lived two-factor cookie instead of a session): the code from the authenticator app goes
 * to `/api/auth/two-factor/verify-totp`, a backup code to `/api/auth/two-factor/verify-backup-code`;
 * either creates the session, after which `onSuccess` continues as after a normal sign-in.
 */
import { Alert, Anchor, Button, PinInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { api } from '../../lib/api';
import { authMessage } from './auth-messages';

type Props = { onSuccess: () => void; onCancel?: () => void };

export function TwoFactorChallenge({ onSuccess, onCancel }: Props) {
  const [backup, setBackup] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (value: string) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await api.post(backup ? '/auth/two-factor/verify-backup-code' : '/auth/two-factor/verify-totp', {
        code: value.trim(),
      });
      onSuccess();
    } catch (err) {
      setError(authMessage(err));
      setCode('');
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.trim()) void send(code);
  };

  return (
    <form onSubmit={submit} noValidate data-testid="two-factor-challenge">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Autentificare in doi pasi
        </Title>
        <Text size="sm" c="dimmed">
          {backup
            ? 'Introduceti unul dintre codurile de rezerva primite la configurare.'
            : 'Introduceti codul de 6 cifre din aplicatia de autentificare.'}
        </Text>
        {error && (
          <Alert color="red" variant="light">
            {error}
          </Alert>
        )}
        {backup ? (
          <TextInput
            label="Cod de rezerva"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            autoFocus
          />
        ) : (
          <PinInput
            length={6}
            type="number"
            oneTimeCode
            autoFocus
            value={code}
            onChange={setCode}
            onComplete={(v) => void send(v)}
            aria-label="Cod de autentificare"
          />
        )}
        <Button type="submit" loading={busy} disabled={!code.trim()}>
          Verifica
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => {
            setBackup((b) => !b);
            setCode('');
            setError(null);
          }}
        >
          {backup ? 'Folositi codul din aplicatie' : 'Folositi un cod de rezerva'}
        </Anchor>
        {onCancel && (
          <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onCancel}>
            Inapoi la autentificare
          </Anchor>
        )}
      </Stack>
    </form>
  );
}

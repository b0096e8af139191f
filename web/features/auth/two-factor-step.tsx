/**
 * The second step of signing in when the account has two-factor authentication: the 6-digit
 * code from the authenticator app, or one of the backup codes.
 */
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { LOGIN_MESSAGES } from '../../../domain/auth';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { AUTH_MESSAGES, TWO_FACTOR_MESSAGES, verifySecondFactor } from './api';

type Props = { onDone: () => void; onCancel: () => void };

export function TwoFactorStep({ onDone, onCancel }: Props) {
  const [kind, setKind] = useState<'totp' | 'backup'>('totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    if (loading) return;
    if (!value) {
      setError(TWO_FACTOR_MESSAGES.codeRequired);
      return;
    }
    setLoading(true);
    try {
      await verifySecondFactor(value, kind);
      onDone();
    } catch (err) {
      const throttled = err instanceof ApiError && err.status === 429;
      notify('error', throttled ? AUTH_MESSAGES.throttled : TWO_FACTOR_MESSAGES.wrongCode, {
        title: LOGIN_MESSAGES.errorTitle,
        autoClose: 3000,
      });
      setLoading(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {kind === 'totp'
            ? 'Contul are autentificare în doi pași. Introduceți codul de 6 cifre din aplicația de autentificare.'
            : 'Introduceți unul dintre codurile de rezervă primite la activarea autentificării în doi pași.'}
        </Text>
        <TextInput
          label={kind === 'totp' ? 'Cod de autentificare' : 'Cod de rezervă'}
          autoComplete="one-time-code"
          inputMode={kind === 'totp' ? 'numeric' : 'text'}
          autoFocus
          withAsterisk
          value={code}
          error={error}
          onChange={(e) => {
            setCode(e.currentTarget.value);
            setError(null);
          }}
        />
        <Button type="submit" loading={loading} fullWidth size="md">
          Verifică codul
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => {
            setKind(kind === 'totp' ? 'backup' : 'totp');
            setCode('');
            setError(null);
          }}
        >
          {kind === 'totp' ? 'Folosiți un cod de rezervă' : 'Folosiți codul din aplicație'}
        </Anchor>
        <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onCancel}>
          Înapoi la autentificare
        </Anchor>
      </Stack>
    </form>
  );
}

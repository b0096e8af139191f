import { Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { PASSWORD_MESSAGES, STAFF_PASSWORD_MIN } from '../../../domain/auth';
import { MY_ACCOUNT_MESSAGES as M } from '../../../domain/my-account';
import { useChangePassword } from './api';
import { authMessage, toastSuccess } from './toasts';

/** Change password; the other sessions end (better-auth revokeOtherSessions). */
export function PasswordForm() {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ current?: string; next?: string; repeat?: string }>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: typeof errors = {};
    if (!current) found.current = 'Introduceti parola curenta.';
    if (next.length < STAFF_PASSWORD_MIN) found.next = PASSWORD_MESSAGES.tooShort;
    if (repeat !== next) found.repeat = PASSWORD_MESSAGES.mismatch;
    setErrors(found);
    if (Object.keys(found).length) return;
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          toastSuccess(M.passwordChanged);
          setCurrent('');
          setNext('');
          setRepeat('');
        },
        onError: (err) => {
          const message = authMessage(err);
          setErrors(/curenta/.test(message) ? { current: message } : { next: message });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={3} size="h5">
          Schimbare parola
        </Title>
        <PasswordInput
          label="Parola curenta"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.currentTarget.value)}
          error={errors.current}
        />
        <PasswordInput
          label="Parola noua"
          description={`Cel putin ${STAFF_PASSWORD_MIN} caractere, nu o parola des folosita.`}
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.currentTarget.value)}
          error={errors.next}
        />
        <PasswordInput
          label="Repetati parola noua"
          autoComplete="new-password"
          value={repeat}
          onChange={(e) => setRepeat(e.currentTarget.value)}
          error={errors.repeat}
        />
        <Text size="xs" c="dimmed">
          Dupa schimbare, celelalte sesiuni deschise ale contului se inchid.
        </Text>
        <Button type="submit" loading={change.isPending} w="fit-content">
          Schimba parola
        </Button>
      </Stack>
    </form>
  );
}

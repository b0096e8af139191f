import { Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type PasswordChange, passwordChangeSchema, STAFF_PASSWORD_MIN } from '../../../domain/auth';
import { MY_ACCOUNT_MESSAGES as M } from '../../../domain/my-account';
import { notifySuccess } from '../../lib/notify';
import { useChangePassword } from '../auth';
import { authMessage } from './auth-messages';

/** Change password; the other sessions end (better-auth revokeOtherSessions). */
export function PasswordForm() {
  const change = useChangePassword();
  const form = useForm<PasswordChange>({
    initialValues: { currentPassword: '', newPassword: '', repeat: '' },
    validate: schemaResolver(passwordChangeSchema, { sync: true }),
  });

  const submit = form.onSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          notifySuccess(M.passwordChanged);
          form.reset();
        },
        onError: (err) => {
          const message = authMessage(err);
          form.setFieldError(/curent/.test(message) ? 'currentPassword' : 'newPassword', message);
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={3} size="h5">
          Schimbare parolă
        </Title>
        <PasswordInput
          label="Parola curentă"
          autoComplete="current-password"
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          label="Parola nouă"
          description={`Cel puțin ${STAFF_PASSWORD_MIN} caractere, nu o parolă des folosită.`}
          autoComplete="new-password"
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label="Repetați parola nouă"
          autoComplete="new-password"
          {...form.getInputProps('repeat')}
        />
        <Text size="xs" c="dimmed">
          După schimbare, celelalte sesiuni deschise ale contului se închid.
        </Text>
        <Button type="submit" loading={change.isPending} w="fit-content">
          Schimbă parola
        </Button>
      </Stack>
    </form>
  );
}

/** /user/forgot-password: asks for a reset link; the answer never reveals whether the account exists. */
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import * as zm from 'zod/mini';
import { loginSchema } from '../../../domain/auth';
import { ApiError } from '../../lib/api';
import { AUTH_MESSAGES, requestPasswordReset } from './api';
import { AuthLayout } from './auth-layout';

const emailOnly = zm.pick(loginSchema, { email: true });

export default function ForgotPasswordPage() {
  const [loading, setLoading] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: schemaResolver(emailOnly, { sync: true }),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(async ({ email }) => {
    if (loading) return;
    setLoading(true);
    try {
      await requestPasswordReset(email.trim());
      setAnswer({ ok: true, text: AUTH_MESSAGES.resetRequested });
    } catch (err) {
      // Only throttling is worth saying; any other failure gets the same neutral answer.
      if (err instanceof ApiError && err.status === 429)
        setAnswer({ ok: false, text: AUTH_MESSAGES.resetThrottled });
      else setAnswer({ ok: true, text: AUTH_MESSAGES.resetRequested });
    } finally {
      setLoading(false);
    }
  });

  return (
    <AuthLayout title="Resetarea parolei" backToLogin>
      {answer?.ok ? (
        <Alert icon={<IconMailCheck aria-hidden />} role="status" title="Cerere trimisă">
          {answer.text}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Introduceți adresa de e-mail a contului. Vă vom trimite o legătură pentru a alege o parolă nouă.
            </Text>
            {answer && (
              <Alert color="red" role="alert">
                {answer.text}
              </Alert>
            )}
            <TextInput
              label="Email"
              type="email"
              autoComplete="username"
              autoFocus
              withAsterisk
              {...form.getInputProps('email')}
            />
            <Button type="submit" loading={loading} fullWidth>
              Trimite legătura de resetare
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}

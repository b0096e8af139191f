/**
 * /user/reset-password?token=...: the e-mailed link lands here (through the server, which adds
 * the token or `?error=INVALID_TOKEN`). A new password twice; success goes to the login page.
 */
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import * as zm from 'zod/mini';
import { PASSWORD_MESSAGES, STAFF_PASSWORD_MIN } from '../../../domain/auth';
import { ApiError } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { AUTH_MESSAGES, isInvalidToken, resetPassword } from './api';
import { AuthLayout } from './auth-layout';

// zod/mini like the login form: these public pages keep a small first load.
const resetSchema = zm
  .object({
    password: zm.string().check(zm.minLength(STAFF_PASSWORD_MIN, PASSWORD_MESSAGES.tooShort)),
    confirm: zm.string(),
  })
  .check(
    zm.refine((v) => v.password === v.confirm, { message: PASSWORD_MESSAGES.mismatch, path: ['confirm'] }),
  );

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const [invalidLink, setInvalidLink] = useState(!token || params.has('error'));
  const [serverError, setServerError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', confirm: '' },
    validate: schemaResolver(resetSchema, { sync: true }),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(async ({ password }) => {
    if (loading) return;
    setLoading(true);
    setServerError(null);
    try {
      await resetPassword(token, password);
      notifySuccess(AUTH_MESSAGES.resetDone, { title: 'Parola schimbată' });
      navigate('/user/login', { replace: true });
    } catch (err) {
      if (isInvalidToken(err)) setInvalidLink(true);
      else setServerError(err instanceof ApiError ? err.message : AUTH_MESSAGES.resetInvalidLink);
      setLoading(false);
    }
  });

  return (
    <AuthLayout title="Alegeți o parolă nouă" backToLogin>
      {invalidLink ? (
        <Alert color="red" role="alert" title="Legătura nu mai este valabilă">
          {AUTH_MESSAGES.resetInvalidLink}{' '}
          <Anchor component={Link} to="/user/forgot-password">
            Cereți o legătură nouă
          </Anchor>
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {serverError && (
              <Alert color="red" role="alert">
                {serverError}
              </Alert>
            )}
            <PasswordInput
              label="Parola nouă"
              description={`Cel puțin ${STAFF_PASSWORD_MIN} caractere; evitați parolele des folosite.`}
              autoComplete="new-password"
              autoFocus
              withAsterisk
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label="Confirmați parola nouă"
              autoComplete="new-password"
              withAsterisk
              {...form.getInputProps('confirm')}
            />
            <Button type="submit" loading={loading} fullWidth>
              Schimbă parola
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}

/**
 * /user/login (SPEC §2, §5, §8): e-mail and password with the spec's own rules and messages,
 * a 'Login Error' toast on failure, and back to where the user was going (`?next=`).
 */
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useField } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LOGIN_MESSAGES, loginSchema } from '../../../domain/auth';
import { safeNext } from '../../app/next-path';
import { API_MESSAGES, ApiError } from '../../lib/api';
import { notify, TOAST_MS } from '../../lib/notify';
import { AUTH_MESSAGES, authKeys, getAuthSession, signIn } from './api';
import { AuthLayout } from './auth-layout';

// Only accounts with two-factor authentication need it: not part of the page's first load.
const TwoFactorStep = lazy(() => import('./two-factor-step').then((m) => ({ default: m.TwoFactorStep })));

/** A field's first message from the shared schema (domain/auth.ts), or null when it is valid. */
function fieldRule(field: keyof typeof loginSchema.shape) {
  return (value: string) => {
    const result = loginSchema.shape[field].safeParse(value);
    return result.success ? null : (result.error.issues[0]?.message ?? null);
  };
}

function failureMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 429) return AUTH_MESSAGES.throttled;
    if (err.status === 0) return API_MESSAGES.network;
    if (err.status === 403) return LOGIN_MESSAGES.refused;
  }
  // The identity service's own wording is English; the spec's default is the Romanian one.
  return LOGIN_MESSAGES.errorDefault;
}

export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState(false);
  const [secondStep, setSecondStep] = useState(false);
  // A refused sign-in (not a wrong password) also stays on the page, beside the toast.
  const [refused, setRefused] = useState(false);

  // Whatever account was cached (expired session, failed load) is forgotten on this page.
  // Someone already signed in (a bookmark, the back button) goes on to the app. Asked of the
  // identity service's session check, which answers 200 with no session when signed out: the
  // account's own route answers 401 then, which the browser logged as an error at every visit
  // of this page (issue 54, item 21); the back office still loads the account from that route.
  useEffect(() => {
    queryClient.removeQueries({ queryKey: authKeys.currentUser });
    let live = true;
    getAuthSession()
      .then((session) => live && session?.user && navigate(safeNext(params.get('next')), { replace: true }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [queryClient, navigate, params]);

  // Mantine's per-field form state (useField: ~1 KB, where useForm is ~7 KB of this public
  // page's budget), checked with the shared login schema on blur and on submit.
  const email = useField({ initialValue: '', validate: fieldRule('email'), validateOnBlur: true });
  const password = useField({ initialValue: '', validate: fieldRule('password'), validateOnBlur: true });

  const enter = () => {
    queryClient.removeQueries({ queryKey: authKeys.currentUser });
    navigate(safeNext(params.get('next')), { replace: true });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (loading) return;
    const errors = await Promise.all([email.validate(), password.validate()]);
    // SPEC §5: nothing is sent while a sign-in is running, with an empty field or a broken rule.
    if (errors.some(Boolean) || !email.getValue().trim() || !password.getValue()) return;
    setLoading(true);
    setRefused(false);
    try {
      const res = await signIn(email.getValue().trim(), password.getValue());
      if (res?.twoFactorRedirect) {
        setSecondStep(true);
        setLoading(false);
        return;
      }
      enter();
    } catch (err) {
      setRefused(err instanceof ApiError && err.status === 403);
      // SPEC §9: the login error toast stays 3000 ms.
      notify('error', failureMessage(err), {
        title: LOGIN_MESSAGES.errorTitle,
        autoClose: TOAST_MS.loginError,
      });
      setLoading(false);
    }
  };

  return (
    <AuthLayout title="Autentificare">
      {secondStep ? (
        <Suspense fallback={null}>
          <TwoFactorStep
            onDone={enter}
            onCancel={() => {
              setSecondStep(false);
              password.reset();
            }}
          />
        </Suspense>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {refused && (
              <Text c="red" size="sm" role="alert" data-testid="login-refused">
                {LOGIN_MESSAGES.refused}
              </Text>
            )}
            <TextInput
              label="Email"
              type="email"
              autoComplete="username"
              autoFocus
              withAsterisk
              {...email.getInputProps()}
            />
            <PasswordInput
              label="Parola"
              autoComplete="current-password"
              withAsterisk
              visibilityToggleButtonProps={{ 'aria-label': 'Arată sau ascunde parola' }}
              {...password.getInputProps()}
            />
            <Button type="submit" loading={loading} fullWidth size="md">
              Autentificare
            </Button>
            <Anchor component={Link} to="/user/forgot-password" size="sm" ta="center">
              Ați uitat parola?
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}

/**
 * The request form (SPEC §2 "Public registration form", §3, §5): the shared schema validates in the
 * browser with the spec's messages; the server's answer decides. Nothing typed is lost on failure.
 */
import {
  Button,
  Checkbox,
  Fieldset,
  NativeSelect,
  type NativeSelectProps,
  Radio,
  Stack,
  TextInput,
} from '@mantine/core';
import { type FormErrors, type UseFormReturnType, useForm } from '@mantine/form';
import { type FocusEvent, type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { TERMS } from '../../../domain/glossary';
import { INSURANCE_LABELS, INSURANCE_STATUSES, VACCINE_OPTIONS } from '../../../domain/insurance';
import { HONEYPOT_FIELD, REGISTRATION_MESSAGES } from '../../../domain/registration-rules';
import { cnpInput } from '../../../domain/validation/cnp';
import type { Institute } from '../../app/institute';
import { ApiError } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { submitRegistration, useConsentText, useConsentTextAtSend, useStates } from './api';
import { DateTimeFields, useDateCheck } from './date-time-fields';
import { EMPTY_VALUES, FIELD_ORDER, type RegistrationValues } from './form-values';
import { SendIcon } from './icons';
import { useProofOfWork } from './proof-of-work';
import { ConsentText } from './statements';
import classes from './statements.module.css';

// The shared schema (zod and the domain's rules, a fifth of the form's code) is fetched when the
// patient first comes to a field, not with the page (docs/decisions/0042-public-form-first-load.md).
let validationChunk: Promise<typeof import('./validation')> | null = null;
const loadValidation = () => {
  validationChunk ??= import('./validation');
  return validationChunk;
};
type Resolver = (values: RegistrationValues) => FormErrors;

const INSURANCE_OPTIONS = INSURANCE_STATUSES.map((value) => ({ value, label: INSURANCE_LABELS[value] }));

function focusFirstError(errors: Record<string, unknown>) {
  const first = FIELD_ORDER.find((f) => errors[f]);
  if (!first) return;
  // After the error texts render, so the screen reader reads the field with its message.
  requestAnimationFrame(() => {
    const host = document.querySelector<HTMLElement>(`[data-field="${first}"]`);
    const el = host?.matches('input, button')
      ? host
      : host?.querySelector<HTMLElement>('input:not([type="hidden"]), button');
    el?.focus();
  });
}

/*
 * The fields fed by the server (the counties, the consent text) are their own components: a
 * query's answer re-renders its component at once, in one task, and here that is only the field,
 * not the whole form (docs/decisions/0066-public-form-first-render.md).
 */

/** The county: a native select whose options arrive from GET /misc/states. */
function CountyField(props: Omit<NativeSelectProps, 'data' | 'label'>) {
  const states = useStates();
  return (
    <NativeSelect
      label={TERMS.county}
      withAsterisk
      data={[
        { value: '', label: states.isLoading ? 'Se încarcă...' : 'Alegeți județul', disabled: true },
        ...(states.data ?? []).map((s) => ({ value: s.iso_code, label: s.name })),
      ]}
      {...props}
    />
  );
}

/** The consent text and the box that agrees to it, usable once the text is there. */
function Agreement({
  form,
  institute,
}: {
  form: UseFormReturnType<RegistrationValues>;
  institute?: Institute;
}) {
  const consent = useConsentText();
  return (
    <>
      <ConsentText text={consent.data?.text ?? null} failed={consent.isError} institute={institute} />
      <Checkbox
        label="Am citit și sunt de acord cu prelucrarea datelor mele, conform textului de mai sus."
        disabled={!consent.data}
        {...form.getInputProps('agreement', { type: 'checkbox' })}
      />
    </>
  );
}

export function RegistrationForm({ institute }: { institute?: Institute }) {
  const navigate = useNavigate();
  const consent = useConsentTextAtSend();
  const [sending, setSending] = useState(false);
  const resolver = useRef<Resolver | null>(null);
  // Fields left before the schema had arrived: checked as soon as it is there.
  const leftEarly = useRef(new Set<keyof RegistrationValues>());
  const form = useForm<RegistrationValues>({
    mode: 'controlled',
    initialValues: EMPTY_VALUES,
    validate: (values) => resolver.current?.(values) ?? {},
    validateInputOnBlur: true,
  });
  const loadSchema = async () => {
    if (resolver.current) return resolver.current;
    resolver.current = (await loadValidation()).resolveRegistration as Resolver;
    for (const name of leftEarly.current) form.validateField(name);
    leftEarly.current.clear();
    return resolver.current;
  };
  const onBlurCapture = (event: FocusEvent<HTMLFormElement>) => {
    if (resolver.current) return;
    const name = (event.target as HTMLElement).closest('[data-field]')?.getAttribute('data-field');
    if (name && name in EMPTY_VALUES) leftEarly.current.add(name as keyof RegistrationValues);
  };
  const date = useDateCheck(form);
  const proofOfWork = useProofOfWork();

  const validateAndSend = form.onSubmit(
    async (values) => {
      if (sending) return;
      if (date.state.kind === 'bad') {
        form.setFieldError('appt_date', date.state.message);
        return focusFirstError({ appt_date: true });
      }
      setSending(true);
      try {
        const send = async (fresh: boolean) =>
          submitRegistration({
            ...values,
            consent_version: consent.version(),
            altcha: await proofOfWork.take({ fresh }),
          });
        try {
          await send(false);
        } catch (err) {
          // The proof was refused (expired while the page slept, never solved): nothing was
          // written, so a new one is solved and the same request sent again, without a second
          // tap (issue 54, item 19). A second refusal is shown.
          if (!(err instanceof ApiError && err.errors?.altcha)) throw err;
          await send(true);
        }
        notifySuccess(REGISTRATION_MESSAGES.registered, { title: 'Cerere trimisă' });
        navigate('/user/success', { state: { date: values.appt_date } });
      } catch (err) {
        notifyError(err, { title: 'Cererea nu a fost trimisă' });
        if (err instanceof ApiError && err.errors) {
          if (err.errors.agreement === REGISTRATION_MESSAGES.consentChanged) {
            // The text changed since the page loaded: show the new one, to be read and agreed again.
            form.setFieldValue('agreement', false);
            void consent.reload();
          }
          if (err.errors.appt_date === REGISTRATION_MESSAGES.unavailable) {
            date.setState({ kind: 'bad', message: REGISTRATION_MESSAGES.unavailable });
            form.setFieldValue('appt_time', '');
          }
          form.setErrors(err.errors);
          focusFirstError(err.errors);
        }
        setSending(false);
      }
    },
    (errors) => focusFirstError(errors),
  );
  // A submit before the schema has arrived waits for it (never unchecked).
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    await loadSchema();
    validateAndSend(event);
  };

  const field = (name: keyof RegistrationValues) => ({ 'data-field': name });

  return (
    <form
      onSubmit={submit}
      onFocusCapture={() => {
        proofOfWork.start();
        void loadSchema();
      }}
      onBlurCapture={onBlurCapture}
      noValidate
      aria-label="Cerere de consultație la distanță"
    >
      <Stack gap="lg">
        <Fieldset legend="Programarea" radius="md">
          <DateTimeFields form={form} state={date.state} onChoose={date.choose} />
        </Fieldset>

        <Fieldset legend="Datele pacientului" radius="md">
          <Stack gap="sm">
            <TextInput
              label="Nume și prenume"
              withAsterisk
              autoComplete="name"
              {...field('name')}
              {...form.getInputProps('name')}
            />
            <TextInput
              label="CNP"
              description="Codul numeric personal, 13 cifre"
              withAsterisk
              inputMode="numeric"
              autoComplete="off"
              {...field('cnp')}
              {...form.getInputProps('cnp')}
              // Spaces out before the 13-character limit (a pasted " 1850314401239").
              onChange={(e) => form.setFieldValue('cnp', cnpInput(e.currentTarget.value))}
            />
            <div className={classes.pair}>
              <TextInput
                label="Telefon"
                description="Ex.: 0722 123 456"
                withAsterisk
                type="tel"
                autoComplete="tel"
                {...field('phone')}
                {...form.getInputProps('phone')}
              />
              <TextInput
                label="E-mail"
                description="Opțional, pentru confirmare"
                type="email"
                autoComplete="email"
                {...field('email')}
                {...form.getInputProps('email')}
              />
            </div>
            {/* Native selects: the phone's own picker, and no dropdown library on the first load. */}
            <CountyField {...field('state_residency')} {...form.getInputProps('state_residency')} />
            <NativeSelect
              label={TERMS.insuranceStatus}
              withAsterisk
              data={[{ value: '', label: 'Alegeți statutul', disabled: true }, ...INSURANCE_OPTIONS]}
              {...field('insurance_status')}
              {...form.getInputProps('insurance_status')}
            />
            <Radio.Group
              label="Sunteți vaccinat(ă) împotriva COVID-19?"
              withAsterisk
              {...field('vaccine')}
              {...form.getInputProps('vaccine')}
            >
              <Stack gap="xs" mt="xs">
                {[...VACCINE_OPTIONS].reverse().map((o) => (
                  <Radio key={o.value} value={o.value} label={o.label} />
                ))}
              </Stack>
            </Radio.Group>
          </Stack>
        </Fieldset>

        <Fieldset legend="Medicul de familie (opțional)" radius="md">
          <Stack gap="sm">
            <TextInput
              label={TERMS.familyDoctor}
              autoComplete="off"
              {...field('gp_name')}
              {...form.getInputProps('gp_name')}
            />
            <div className={classes.pair}>
              <TextInput
                label={TERMS.familyDoctorEmail}
                type="email"
                autoComplete="off"
                {...field('gp_email')}
                {...form.getInputProps('gp_email')}
              />
              <TextInput
                label={TERMS.familyDoctorPhone}
                type="tel"
                autoComplete="off"
                {...field('gp_phone')}
                {...form.getInputProps('gp_phone')}
              />
            </div>
          </Stack>
        </Fieldset>

        {/* Honeypot: hidden from people and assistive technology; only bots fill it in. */}
        <div
          aria-hidden="true"
          style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}
        >
          <label>
            Website
            <input
              type="text"
              name={HONEYPOT_FIELD}
              tabIndex={-1}
              autoComplete="off"
              {...form.getInputProps(HONEYPOT_FIELD)}
            />
          </label>
        </div>

        <Stack gap="xs" {...field('agreement')}>
          <Agreement form={form} institute={institute} />
        </Stack>

        <Button type="submit" size="md" loading={sending} leftSection={<SendIcon size={18} />} fullWidth>
          Trimite cererea
        </Button>
      </Stack>
    </form>
  );
}

/**
 * Appointment date and time (SPEC §4 "Registration"): weekends, past days and days beyond 60 months
 * cannot be picked; a chosen day is checked with the server; OK offers the single 08:00 slot, BAD
 * shows the spec's message and no time.
 */
import { Button, Group, Input, InputBase, Loader, Radio, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type ComponentType, type Ref, useCallback, useRef, useState, useSyncExternalStore } from 'react';
import { clinicToday } from '../../../domain/dates';
import { lastRegistrationDate, REGISTRATION_SLOT } from '../../../domain/registration-rules';
import { API_MESSAGES, ApiError } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { checkRegisterDate, closedDaysQuery } from './api';
import type { DatePickerProps } from './date-picker';
import { DATE_DESCRIPTION, DATE_LABEL, DATE_PLACEHOLDER } from './date-picker-labels';
import type { DateState, RegistrationValues } from './form-values';
import { CalendarIcon } from './icons';

type Form = UseFormReturnType<RegistrationValues>;

const DATE_CHECK_NETWORK =
  'Data aleasă nu a putut fi verificată: nu există legătură cu serverul. Verificați conexiunea și încercați din nou.';

// The calendar (with dayjs, its locale and Mantine's popover and modal) is the heaviest part of
// the form: fetched only when the patient comes to the date field (pointer over it, focus, touch),
// not with the page (docs/decisions/0042-public-form-first-load.md, bench/web-size.mjs).
// The days it does not offer (holidays, full days) are asked for at the same moment.
let pickerChunk: Promise<typeof import('./date-picker')> | null = null;
const loadPicker = () => {
  if (!pickerChunk) void queryClient.prefetchQuery(closedDaysQuery());
  pickerChunk ??= import('./date-picker');
  return pickerChunk;
};

/**
 * The date field before the calendar's code is there: the same button, label and messages as
 * the picker, so it is found, focused and announced the same way. Coming to it (pointer over
 * it, touch, focus) fetches the calendar; pressing it opens the calendar as soon as it arrives.
 */
function PickerPlaceholder({
  error,
  waiting,
  onCome,
  onPress,
  ref,
}: {
  error?: string;
  waiting: boolean;
  onCome: () => void;
  onPress: () => void;
  ref: Ref<HTMLButtonElement>;
}) {
  return (
    <InputBase
      component="button"
      type="button"
      ref={ref}
      pointer
      label={DATE_LABEL}
      description={DATE_DESCRIPTION}
      withAsterisk
      leftSection={<CalendarIcon size={18} />}
      rightSection={waiting ? <Loader size={16} aria-label="Se încarcă calendarul" /> : undefined}
      error={error}
      data-testid="appt-date"
      data-field="appt_date"
      onPointerEnter={onCome}
      onTouchStart={onCome}
      onFocus={onCome}
      onClick={onPress}
    >
      <Input.Placeholder>{DATE_PLACEHOLDER}</Input.Placeholder>
    </InputBase>
  );
}

const noSubscription = () => () => {};

/**
 * The build-time first paint (web/prerender.tsx) shows the field as it looked before: a disabled
 * input, not a button. That copy is inert, but a second button with the same name in the page
 * would be found, and focused in vain, before the app has rendered its own.
 */
function StaticPlaceholder() {
  return (
    <TextInput
      label={DATE_LABEL}
      description={DATE_DESCRIPTION}
      placeholder={DATE_PLACEHOLDER}
      withAsterisk
      disabled
      leftSection={<CalendarIcon size={18} />}
    />
  );
}

type Picker = { Component: ComponentType<DatePickerProps>; focus: boolean; open: boolean };

/**
 * The placeholder until the patient comes to it, then the picker in its place. The clinic's today
 * (the first and last days the calendar offers) is read when the picker arrives: reading it sooner
 * would load the browser's time-zone data into the page's first render (decision 0066).
 */
function DateField(props: Omit<DatePickerProps, 'focusRequested' | 'openRequested' | 'today' | 'maxDate'>) {
  const [picker, setPicker] = useState<Picker | null>(null);
  const [pressed, setPressed] = useState(false);
  const placeholder = useRef<HTMLButtonElement>(null);
  // false only when rendered to static markup at build time (the server snapshot).
  const live = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const come = useCallback((press: boolean) => {
    void loadPicker().then((m) => {
      // The placeholder's focus and press carry over to the picker that takes its place, unless
      // the patient has gone on to another field meanwhile.
      const active = document.activeElement;
      const stayed = active === placeholder.current || active === document.body || active === null;
      setPicker((p) => p ?? { Component: m.default, focus: active === placeholder.current, open: false });
      if (press && stayed) setPicker((p) => p && { ...p, focus: true, open: true });
    });
  }, []);
  if (!live) return <StaticPlaceholder />;
  if (picker) {
    const today = clinicToday(new Date());
    return (
      <picker.Component
        {...props}
        today={today}
        maxDate={lastRegistrationDate(today)}
        focusRequested={picker.focus}
        openRequested={picker.open}
      />
    );
  }
  return (
    <PickerPlaceholder
      ref={placeholder}
      error={props.error}
      waiting={pressed}
      onCome={() => come(false)}
      onPress={() => {
        setPressed(true);
        come(true);
      }}
    />
  );
}

/** Runs the server check for each chosen day; a late answer for an older choice is ignored. */
export function useDateCheck(form: Form) {
  const [state, setState] = useState<DateState>({ kind: 'none' });
  const latest = useRef<string | null>(null);
  const choose = useCallback(
    async (day: string | null) => {
      latest.current = day;
      form.setFieldValue('appt_date', day);
      form.setFieldValue('appt_time', '');
      form.clearFieldError('appt_time');
      if (!day) {
        setState({ kind: 'none' });
        return;
      }
      setState({ kind: 'checking' });
      try {
        const answer = await checkRegisterDate(day);
        if (latest.current !== day) return;
        if (answer.ok) {
          setState({ kind: 'ok' });
          form.clearFieldError('appt_date');
          // The day's only time, chosen for the patient.
          form.setFieldValue('appt_time', REGISTRATION_SLOT);
        } else {
          setState({ kind: 'bad', message: answer.message });
          form.setFieldError('appt_date', answer.message);
        }
      } catch (err) {
        if (latest.current !== day) return;
        // No answer at all (offline, server unreachable) is not a "no times" answer.
        const network = !(err instanceof ApiError) || err.status === 0;
        const message = network ? DATE_CHECK_NETWORK : err.message || API_MESSAGES.generic;
        setState({ kind: 'error', message, network });
        form.setFieldError('appt_date', message);
      }
    },
    [form],
  );
  return { state, setState, choose };
}

export function DateTimeFields({
  form,
  state,
  onChoose,
}: {
  form: Form;
  state: DateState;
  onChoose: (day: string | null) => void;
}) {
  return (
    <Stack gap="md">
      <DateField
        value={form.values.appt_date}
        checking={state.kind === 'checking'}
        error={form.errors.appt_date as string | undefined}
        onChange={onChoose}
      />
      <Radio.Group
        data-field="appt_time"
        label="Ora programării"
        withAsterisk
        value={form.values.appt_time}
        onChange={(v) => {
          form.setFieldValue('appt_time', v);
          form.clearFieldError('appt_time');
        }}
        error={form.errors.appt_time}
        description={state.kind === 'ok' ? 'Pentru data aleasă este disponibilă o singură oră.' : undefined}
      >
        {state.kind === 'ok' ? (
          <Radio value={REGISTRATION_SLOT} label={REGISTRATION_SLOT} mt="xs" data-testid="slot-0800" />
        ) : state.kind === 'error' && state.network ? (
          <Group gap="sm" mt={4} aria-live="polite">
            <Text size="sm" c="red">
              Nu s-a putut verifica data.
            </Text>
            <Button size="compact-sm" variant="light" onClick={() => onChoose(form.values.appt_date)}>
              Încearcă din nou
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed" mt={4} aria-live="polite">
            {state.kind === 'checking'
              ? 'Se verifică data aleasă...'
              : state.kind === 'bad' || state.kind === 'error'
                ? 'Nu există ore disponibile pentru data aleasă. Alegeți altă dată.'
                : 'Alegeți mai întâi data programării.'}
          </Text>
        )}
      </Radio.Group>
    </Stack>
  );
}

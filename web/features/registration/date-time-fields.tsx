/**
 * Appointment date and time (SPEC §4 "Registration"): weekends, past days and days beyond 60 months
 * cannot be picked; a chosen day is checked with the server; OK offers the single 08:00 slot, BAD
 * shows the spec's message and no time.
 */
import { Loader, Radio, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendar } from '@tabler/icons-react';
import { useCallback, useRef, useState } from 'react';
import {
  bucharestToday,
  isWeekend,
  lastRegistrationDate,
  REGISTRATION_SLOT,
} from '../../../domain/registration';
import { API_MESSAGES, ApiError } from '../../lib/api';
import { checkRegisterDate } from './api';
import type { DateState, RegistrationValues } from './form-values';

type Form = UseFormReturnType<RegistrationValues>;

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
        } else {
          setState({ kind: 'bad', message: answer.message });
          form.setFieldError('appt_date', answer.message);
        }
      } catch (err) {
        if (latest.current !== day) return;
        const message = err instanceof ApiError ? err.message : API_MESSAGES.generic;
        setState({ kind: 'error', message });
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
  const small = useMediaQuery('(max-width: 36em)');
  const today = bucharestToday(new Date());
  return (
    <Stack gap="md">
      <DatePickerInput
        label="Data programării"
        description="De luni până vineri, începând de astăzi"
        placeholder="Alegeți data"
        withAsterisk
        valueFormat="DD.MM.YYYY"
        minDate={today}
        maxDate={lastRegistrationDate(today)}
        excludeDate={isWeekend}
        dropdownType={small ? 'modal' : 'popover'}
        modalProps={{ title: 'Data programării', centered: true }}
        leftSection={<IconCalendar size={18} aria-hidden />}
        rightSection={
          state.kind === 'checking' ? <Loader size={16} aria-label="Se verifică data" /> : undefined
        }
        ariaLabels={{
          previousMonth: 'Luna anterioară',
          nextMonth: 'Luna următoare',
          monthLevelControl: 'Alegeți luna',
        }}
        value={form.values.appt_date}
        onChange={(v) => onChoose(v ? String(v).slice(0, 10) : null)}
        error={form.errors.appt_date}
        data-testid="appt-date"
        data-field="appt_date"
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

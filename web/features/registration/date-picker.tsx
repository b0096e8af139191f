/**
 * The appointment date picker: weekends, past days, days beyond 60 months and the days the public
 * calendar does not take (its holidays and closures, the full days: GET /appointment/closed-days)
 * cannot be picked.
 * Its own chunk (the calendar and its positioning library are the heaviest part of the form),
 * fetched when the patient comes to the date field (date-time-fields.tsx), not with the page.
 */
import { Loader } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { isWeekend } from '../../../domain/dates';
import { RomanianDates } from '../../lib/romanian-dates';
import { closedDaysQuery } from './api';
import { DATE_DESCRIPTION, DATE_LABEL, DATE_PLACEHOLDER } from './date-picker-labels';
import { CalendarIcon } from './icons';

export type DatePickerProps = {
  value: string | null;
  today: string;
  maxDate: string;
  checking: boolean;
  error?: string;
  onChange: (day: string | null) => void;
  /** Takes the focus once this is set (the placeholder it replaces had it, or was pressed). */
  focusRequested?: boolean;
  /** Opens once this is set (the placeholder was pressed before the calendar's code had arrived). */
  openRequested?: boolean;
};

export default function DatePicker({
  value,
  today,
  maxDate,
  checking,
  error,
  onChange,
  focusRequested = false,
  openRequested = false,
}: DatePickerProps) {
  // Read at the first render: a picker opened at once must already be the phone's modal.
  const small = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false });
  const button = useRef<HTMLButtonElement>(null);
  const done = useRef({ focus: false, open: false }); // once each, also where effects run twice
  // Until they arrive (or if they cannot be loaded) only weekends are excluded: the date check
  // still refuses a closed day with its message.
  const closed = useQuery(closedDaysQuery()).data;
  const excluded = useCallback(
    (day: string) => isWeekend(day) || (closed ?? []).some((r) => r.from <= day && day <= r.to),
    [closed],
  );
  useEffect(() => {
    if (focusRequested && !done.current.focus) {
      done.current.focus = true;
      button.current?.focus();
    }
    if (openRequested && !done.current.open) {
      done.current.open = true;
      button.current?.click();
    }
  }, [focusRequested, openRequested]);
  return (
    <RomanianDates>
      <DatePickerInput
        label={DATE_LABEL}
        description={DATE_DESCRIPTION}
        placeholder={DATE_PLACEHOLDER}
        withAsterisk
        valueFormat="DD.MM.YYYY"
        minDate={today}
        maxDate={maxDate}
        excludeDate={excluded}
        dropdownType={small ? 'modal' : 'popover'}
        modalProps={{ title: DATE_LABEL, centered: true }}
        // After a day is chosen the focus comes back to the field, not to the page's start.
        popoverProps={{ returnFocus: true }}
        leftSection={<CalendarIcon size={18} />}
        rightSection={checking ? <Loader size={16} aria-label="Se verifică data" /> : undefined}
        ariaLabels={{
          previousMonth: 'Luna anterioară',
          nextMonth: 'Luna următoare',
          monthLevelControl: 'Alegeți luna',
        }}
        value={value}
        onChange={(v) => onChange(v ? String(v).slice(0, 10) : null)}
        error={error}
        ref={button}
        data-testid="appt-date"
        data-field="appt_date"
      />
    </RomanianDates>
  );
}

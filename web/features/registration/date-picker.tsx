/**
 * The appointment date picker: weekends, past days and days beyond 60 months cannot be picked.
 * Its own chunk (the calendar and its positioning library are the heaviest part of the form),
 * fetched as soon as the form's code runs, so the page text shows before it arrives.
 */
import { Loader } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { isWeekend } from '../../../domain/dates';
import { RomanianDates } from '../../lib/romanian-dates';
import { DATE_DESCRIPTION, DATE_LABEL, DATE_PLACEHOLDER } from './date-picker-labels';
import { CalendarIcon } from './icons';

export type DatePickerProps = {
  value: string | null;
  today: string;
  maxDate: string;
  checking: boolean;
  error?: string;
  onChange: (day: string | null) => void;
};

export default function DatePicker({ value, today, maxDate, checking, error, onChange }: DatePickerProps) {
  const small = useMediaQuery('(max-width: 36em)');
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
        excludeDate={isWeekend}
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
        data-testid="appt-date"
        data-field="appt_date"
      />
    </RomanianDates>
  );
}

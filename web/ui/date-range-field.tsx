/**
 * A first and last day picked in one calendar (DD.MM.YYYY), one click giving a single day: the
 * time-off, waitlist, unavailable-days and audit forms. Days go in and out as YYYY-MM-DD; an
 * end not chosen yet, or a cleared field, is null. Every other prop is Mantine's.
 */
import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import type { ReactNode } from 'react';

type Props = Omit<
  DatePickerInputProps<'range'>,
  'type' | 'value' | 'onChange' | 'valueFormat' | 'allowSingleDateInRange'
> & {
  from: string | null | undefined;
  to: string | null | undefined;
  onChange: (from: string | null, to: string | null) => void;
};

const day = (v: string | null) => (v ? String(v).slice(0, 10) : null);

export function DateRangeField({ from, to, onChange, ...props }: Props) {
  return (
    <DatePickerInput
      type="range"
      allowSingleDateInRange
      valueFormat="DD.MM.YYYY"
      {...props}
      value={[from || null, to || null]}
      onChange={([start, end]) => onChange(day(start), day(end))}
    />
  );
}

/** The part of a Mantine form (`useForm`) with a range's `from` and `to` (YYYY-MM-DD, '' unset). */
type RangeForm = {
  getValues(): { from: string; to: string };
  setValues(values: { from: string; to: string }): void;
  errors: Record<string, ReactNode>;
  clearErrors(): void;
};

/**
 * The field bound to a form's `from` and `to`: a new choice sets both and clears the form's
 * errors, and either end's error shows under the field.
 */
export function FormDateRangeField({
  form,
  ...props
}: Omit<Props, 'from' | 'to' | 'onChange' | 'error' | 'form'> & { form: RangeForm }) {
  const { from, to } = form.getValues();
  return (
    <DateRangeField
      {...props}
      from={from}
      to={to}
      onChange={(start, end) => {
        form.setValues({ from: start ?? '', to: end ?? '' });
        form.clearErrors();
      }}
      error={form.errors.from ?? form.errors.to}
    />
  );
}

/**
 * A first and last day picked in one calendar (DD.MM.YYYY), one click giving a single day: the
 * time-off, waitlist, unavailable-days and audit forms. Days go in and out as YYYY-MM-DD; an
 * end not chosen yet, or a cleared field, is null. Every other prop is Mantine's.
 */
import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';

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

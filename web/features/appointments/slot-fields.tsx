/**
 * Calendar, date and time pickers of the new-appointment and set-appointment modals (SPEC §4):
 * changing the calendar resets date and time, changing the date resets the time; dates run from
 * today to +60 months without unavailable days and the doctor's time off; times are that
 * weekday's entries minus the starts already taken; a time an open waitlist offer holds says until
 * when, and taking it is asked first (issue 54, item 11).
 */
import { Select, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { modals } from '@mantine/modals';
import { useMemo } from 'react';
import type { CalendarRef } from '../../../domain/appointment-replies';
import { APPOINTMENT_MESSAGES } from '../../../domain/appointments';
import { clinicToday } from '../../../domain/dates';
import {
  availableTimes,
  type DayRange,
  isClosedDay,
  lastBookableDay,
  takenStarts,
} from '../../../domain/slots';
import { heldSlotLabel } from '../../../domain/waitlist';
import { ApiError } from '../../lib/api';
import { useMutedColor } from '../../ui/muted';
import { useAvailability } from './api';

export type Slot = { calendar_id: number | null; date: string | null; time: string | null };

/**
 * The server refused the time because it was just taken (in the calendar or by the doctor): the
 * modal clears that time and keeps the rest; the free times reload with every write (api.ts).
 */
export function isTakenTime(err: unknown): boolean {
  return (
    err instanceof ApiError &&
    err.status === 409 &&
    (err.message === APPOINTMENT_MESSAGES.slotTaken || err.message === APPOINTMENT_MESSAGES.doctorSlotTaken)
  );
}

/** Until when an open waitlist offer holds the chosen time, or null (the day's availability, cached). */
export function useHeldUntil(slot: Slot, doctorId: string | null): Date | null {
  const day = useAvailability(slot.calendar_id, doctorId, slot.date);
  const hold = day.data?.held.find((h) => h.selected_date === slot.date && h.selected_time === slot.time);
  return hold ? new Date(hold.until) : null;
}

/**
 * Asks before taking a time held for a patient on the waitlist: they were told by SMS that it is
 * kept for them. Confirmed, the booking is sent with `take_held`; their offer then ends.
 */
export function askTakeHeld(until: Date, onConfirm: () => void) {
  modals.openConfirmModal({
    title: 'Locul este rezervat pentru lista de așteptare',
    children: (
      <Text size="sm">
        Ora aleasă este {heldSlotLabel(until, new Date())}. Pacientul a primit un mesaj că locul este păstrat
        pentru el. Dacă îl luați, oferta lui se încheie, iar el rămâne pe lista de așteptare.
      </Text>
    ),
    labels: { confirm: 'Ia locul', cancel: 'Renunță' },
    closeButtonProps: { 'aria-label': 'Închide' },
    onConfirm,
  });
}

type Props = {
  calendars: CalendarRef[];
  value: Slot;
  onChange: (slot: Slot) => void;
  doctorId: string | null;
  vacations?: DayRange[];
  errors?: Partial<Record<keyof Slot, string>>;
  /** The slot the appointment already holds: offered again when editing it. */
  ownSlot?: { calendar_id: number; date: string; time: string } | null;
  /** Show the date only once a calendar is chosen, and the time once a date is. */
  progressive?: boolean;
};

export function SlotFields({
  calendars,
  value,
  onChange,
  doctorId,
  vacations = [],
  errors = {},
  ownSlot,
  progressive,
}: Props) {
  const today = clinicToday(new Date());
  const mutedColor = useMutedColor();
  const base = useAvailability(value.calendar_id, doctorId);
  const day = useAvailability(value.calendar_id, doctorId, value.date);
  const unavailable = useMemo(() => new Set(base.data?.unavailableDays ?? []), [base.data]);
  // A weekday without availability entries has no time to offer: not selectable either.
  const openWeekdays = useMemo(
    () => new Set((base.data?.availability ?? []).map((e) => e.weekday)),
    [base.data],
  );

  const times = useMemo(() => {
    if (!value.date || !base.data) return [];
    const taken = takenStarts({
      date: value.date,
      calendarId: value.calendar_id,
      booked: day.data?.appointments ?? [],
      own: ownSlot,
    });
    const options = availableTimes({ date: value.date, today, availability: base.data.availability, taken });
    const held = new Map(
      (day.data?.held ?? [])
        .filter((h) => h.selected_date === value.date)
        .map((h) => [h.selected_time, h.until]),
    );
    return options.map((o) => {
      const until = held.get(o.value);
      return until ? { ...o, label: `${o.label} · ${heldSlotLabel(new Date(until), new Date())}` } : o;
    });
  }, [value.date, value.calendar_id, base.data, day.data, ownSlot, today]);

  const showDate = !progressive || value.calendar_id !== null;
  const showTime = !progressive || value.date !== null;

  return (
    <Stack gap="sm">
      <Select
        label="Calendar"
        placeholder="Alegeți calendarul"
        data={calendars.map((c) => ({ value: String(c.id), label: c.title }))}
        value={value.calendar_id === null ? null : String(value.calendar_id)}
        onChange={(v) => onChange({ calendar_id: v ? Number(v) : null, date: null, time: null })}
        error={errors.calendar_id}
        withAsterisk
        comboboxProps={{ withinPortal: true }}
      />
      {showDate && (
        <DatePickerInput
          label="Data"
          placeholder="Alegeți data"
          styles={{ placeholder: { color: mutedColor } }}
          valueFormat="DD.MM.YYYY"
          value={value.date}
          onChange={(v) => onChange({ ...value, date: v ? String(v).slice(0, 10) : null, time: null })}
          minDate={today}
          maxDate={lastBookableDay(today)}
          excludeDate={(d) => {
            const date = String(d).slice(0, 10);
            return isClosedDay(date, { unavailable, timeOff: vacations, openWeekdays });
          }}
          disabled={value.calendar_id === null || base.isLoading}
          error={errors.date}
          withAsterisk
          popoverProps={{ withinPortal: true }}
          ariaLabels={{
            previousMonth: 'Luna anterioară',
            nextMonth: 'Luna următoare',
            monthLevelControl: 'Alegeți luna',
          }}
        />
      )}
      {showTime && (
        <Select
          label="Ora"
          placeholder={
            value.date && !day.isLoading && times.length === 0 ? 'Nu mai sunt ore libere' : 'Alegeți ora'
          }
          data={times}
          value={value.time}
          onChange={(v) => onChange({ ...value, time: v })}
          disabled={value.date === null || day.isLoading}
          error={errors.time}
          withAsterisk
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </Stack>
  );
}

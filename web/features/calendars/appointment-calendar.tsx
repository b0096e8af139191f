/**
 * FullCalendar 7 with the back office's look: month grid, week and day views, prev/next/today,
 * events for the visible range given by the parent (which fetches them), a click opening the
 * appointment. The default export is lazy-loaded so FullCalendar stays out of the first chunk.
 */
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import './appointment-calendar.css';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import roLocale from '@fullcalendar/react/locales/ro';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import { Box } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { CalendarEvent } from '../../../domain/dashboard';

export type VisibleRange = { start: string; end: string };
export type Shading = { start: string; end: string; title: string; kind: 'unavailable' | 'time-off' };

type Props = {
  events: CalendarEvent[];
  shading?: Shading[];
  onRangeChange: (range: VisibleRange) => void;
  /** e.g. "calendar-1" so a browser test can tell calendars apart */
  testId?: string;
};

/** Event colours by status (SPEC §4: primary for appointment_request, secondary otherwise). */
function colorOf(status: string): string {
  if (status === 'appointment_request' || status === 'request') return 'var(--mantine-primary-color-filled)';
  if (status === 'custom' || status === 'scheduled') return 'var(--mantine-color-teal-7)';
  return 'var(--mantine-color-gray-6)';
}

const SHADE = {
  unavailable: 'var(--mantine-color-gray-5)',
  'time-off': 'var(--mantine-color-orange-4)',
};

export default function AppointmentCalendar({ events, shading = [], onRangeChange, testId }: Props) {
  const navigate = useNavigate();
  return (
    <Box className="clinic-calendar" data-testid={testId}>
      <FullCalendar
        plugins={[classicThemePlugin, dayGridPlugin, timeGridPlugin, interactionPlugin]}
        locale={roLocale}
        initialView="dayGridMonth"
        headerToolbar={{
          start: 'prev,next today',
          center: 'title',
          end: 'dayGridMonth,timeGridWeek,timeGridDay',
        }}
        buttons={{
          today: { text: 'Azi', hint: 'Azi' },
          prev: { hint: 'Inapoi' },
          next: { hint: 'Inainte' },
          dayGridMonth: { text: 'Luna' },
          timeGridWeek: { text: 'Saptamana' },
          timeGridDay: { text: 'Zi' },
        }}
        firstDay={1}
        height="auto"
        dayMaxEvents={3}
        // A crowded slot (the 08:00 public requests) shows three events and '+alte N', not slivers.
        eventMaxStack={3}
        slotMinTime="07:00:00"
        slotMaxTime="20:00:00"
        allDaySlot={false}
        eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        slotHeaderFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        datesSet={(info) =>
          onRangeChange({ start: info.startStr.slice(0, 10), end: info.endStr.slice(0, 10) })
        }
        events={[
          ...events.map((e) => ({
            id: String(e.id),
            // FullCalendar shows the time itself; the title keeps the patient (and doctor, if any).
            title: e.doctor ? `${e.patient} (${e.doctor})` : e.patient,
            start: e.start,
            end: e.end,
            color: colorOf(e.status),
            extendedProps: { status: e.status },
          })),
          // Twice: all-day for the month grid, and midnight to midnight for the week and day
          // views, which have no all-day row (and where all-day shading would not show).
          ...shading.flatMap((s) =>
            [
              { start: s.start, end: s.end, allDay: true },
              { start: `${s.start}T00:00:00`, end: `${s.end}T00:00:00`, allDay: false },
            ].map((when) => ({
              ...when,
              title: s.title,
              display: 'background',
              color: SHADE[s.kind],
              classNames: [`shade-${s.kind}`],
            })),
          ),
        ]}
        eventClick={(info) => {
          if (info.event.display === 'background' || !info.event.id) return;
          info.jsEvent.preventDefault();
          navigate(`/app/appointments/${info.event.id}`);
        }}
      />
    </Box>
  );
}

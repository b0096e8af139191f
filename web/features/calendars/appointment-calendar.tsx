/**
 * FullCalendar 7 with the back office's look: month grid, week and day views, prev/next/today,
 * events for the visible range given by the parent (which fetches what `onQueryChange` asks), a
 * click opening the appointment. The month grid asks for the first MONTH_PER_DAY events of each
 * day only (docs/decisions/0043-calendar-month-as-shown.md); its "+alte N" opens that day in the
 * day view, which has them all. The default export is lazy-loaded so FullCalendar stays out of
 * the first chunk.
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
import { Box, Group, Switch, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { STATUS_LABELS } from '../../../domain/appointments';
import type { CalendarEvent, DayMore } from '../../../domain/dashboard';
import { type CalendarQuery, MONTH_PER_DAY } from './query';

export type Shading = { start: string; end: string; title: string; kind: 'unavailable' | 'time-off' };

type Props = {
  /** In display order, as the server sends them. */
  events: CalendarEvent[];
  /** The month grid's days with more events than sent. */
  more?: DayMore[];
  /** Appointments in the range that do not happen (the switch's label). */
  inactiveCount: number;
  shading?: Shading[];
  onQueryChange: (query: CalendarQuery) => void;
  /** e.g. "calendar-1" so a browser test can tell calendars apart */
  testId?: string;
};

type Visible = { start: string; end: string; month: boolean };

/** Event colours by status (SPEC §4: primary for the requests), each status its own. */
const STATUS_COLORS: Record<string, string> = {
  // The weekly chart's hues (weekly-chart.tsx), dark enough for white text.
  request: 'var(--mantine-color-orange-9)',
  appointment_request: 'var(--mantine-primary-color-filled)',
  scheduled: 'var(--mantine-color-indigo-8)',
  scheduled_paperless: 'var(--mantine-color-cyan-9)',
  scheduled_with_papers: 'var(--mantine-color-blue-8)',
  custom: 'var(--mantine-color-teal-9)',
};
const INACTIVE_COLOR = 'var(--mantine-color-gray-6)';

/** The status as staff read it: the custom status's title, else the built-in label. */
const statusLabel = (e: CalendarEvent) =>
  e.status_title ?? STATUS_LABELS[e.status as keyof typeof STATUS_LABELS] ?? e.status;

/** The status, and whether the appointment does not happen. */
const statusOf = (e: CalendarEvent) => `${statusLabel(e)}${e.active ? '' : ' (nu are loc)'}`;

/** Hover and focus text: the full name, the time and the status (month cells cut the name). */
const describe = (e: CalendarEvent) =>
  `${e.start.slice(11, 16)} ${e.patient} · ${statusOf(e)}${e.doctor ? ` · ${e.doctor}` : ''}`;

const SHADE = {
  unavailable: 'var(--mantine-color-gray-5)',
  'time-off': 'var(--mantine-color-orange-4)',
};

export default function AppointmentCalendar({
  events,
  more = [],
  inactiveCount,
  shading = [],
  onQueryChange,
  testId,
}: Props) {
  const navigate = useNavigate();
  // Appointments that do not happen (cancelled, closed without appointment) only on demand:
  // asked from the server, and hidden at once while its answer comes.
  const [showInactive, setShowInactive] = useState(false);
  const visible = useRef<Visible | null>(null);
  const ask = (v: Visible, includeInactive: boolean) =>
    onQueryChange({
      start: v.start,
      end: v.end,
      ...(v.month ? { perDay: MONTH_PER_DAY } : {}),
      includeInactive,
    });
  const shown = showInactive ? events : events.filter((e) => e.active);
  const byId = new Map(events.map((e) => [String(e.id), e]));
  const month = visible.current?.month ?? true;
  const present = [...new Set(shown.filter((e) => e.active).map((e) => e.status))];
  return (
    <Box className="clinic-calendar" data-testid={testId}>
      <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
        <Group gap="sm" wrap="wrap" data-testid="calendar-legend">
          {present.map((status) => (
            <Group key={status} gap={4} wrap="nowrap">
              <span
                className="clinic-calendar-swatch"
                style={{ background: STATUS_COLORS[status] ?? INACTIVE_COLOR }}
              />
              <Text size="xs">{STATUS_LABELS[status as keyof typeof STATUS_LABELS] ?? status}</Text>
            </Group>
          ))}
        </Group>
        <Switch
          size="sm"
          label={`Arată programările anulate (${inactiveCount})`}
          checked={showInactive}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            setShowInactive(on);
            if (visible.current) ask(visible.current, on);
          }}
          disabled={inactiveCount === 0 && !showInactive}
        />
      </Group>
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
          prev: { hint: 'Înapoi' },
          next: { hint: 'Înainte' },
          dayGridMonth: { text: 'Lună' },
          timeGridWeek: { text: 'Săptămână' },
          timeGridDay: { text: 'Zi' },
        }}
        firstDay={1}
        height="auto"
        dayMaxEvents={MONTH_PER_DAY}
        // A crowded slot (the 08:00 public requests) shows three events and '+alte N', not slivers.
        eventMaxStack={3}
        slotMinTime="07:00:00"
        slotMaxTime="20:00:00"
        allDaySlot={false}
        eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        slotHeaderFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        // The week view's columns carry their dates ("lun. 23.11") where they fit, not only the weekday,
        // and the title says which days ("23 – 29 nov. 2026"), also on a phone.
        views={{
          // "+alte N" stands for events not fetched: it opens that day, which fetches them all.
          dayGridMonth: {
            moreLinkClick: 'timeGridDay',
            moreLinkHint: 'Deschide ziua cu toate programările ei',
          },
          timeGridWeek: {
            dayHeaderFormat: { weekday: 'short', day: '2-digit', month: '2-digit' },
            titleFormat: { year: 'numeric', month: 'short', day: 'numeric' },
          },
        }}
        // The server's order (by time, at one time the appointments that happen before the
        // cancelled ones); the month grid's stand-ins for the events not sent last.
        // Their own classes: a phone's narrow cell sets a shaded day's reason under the day's
        // number, and a wider one keeps an event's time whole while its name is cut.
        backgroundEventTitleClass="clinic-shade-title"
        eventTimeClass="clinic-event-time"
        eventOrder="standIn,start,-active,order"
        eventDidMount={(info) => {
          const e = byId.get(info.event.id);
          if (!e) return;
          if (!e.active) info.el.classList.add('event-inactive');
          // Its name is what it shows (the time and the title: WCAG 2.5.3, label in name); the
          // full name, the status and the doctor are its description and hover text.
          info.el.setAttribute('title', describe(e));
        }}
        datesSet={(info) => {
          visible.current = {
            start: info.startStr.slice(0, 10),
            end: info.endStr.slice(0, 10),
            month: info.view.type === 'dayGridMonth',
          };
          ask(visible.current, showInactive);
        }}
        events={[
          ...shown.map((e, order) => ({
            id: String(e.id),
            // FullCalendar shows the time itself; the title keeps the patient (and doctor, if any).
            title: e.doctor ? `${e.patient} (${e.doctor})` : e.patient,
            start: e.start,
            end: e.end,
            color: e.active ? (STATUS_COLORS[e.status] ?? INACTIVE_COLOR) : INACTIVE_COLOR,
            extendedProps: { status: e.status, active: e.active ? 1 : 0, order, standIn: 0 },
          })),
          // A stand-in per event the month grid was not sent, so FullCalendar's own "+alte N"
          // counts exactly; they come after the day's events and are never drawn.
          ...(month ? more : []).flatMap((m) =>
            Array.from({ length: m.count }, (_, i) => ({
              id: `more-${m.date}-${i}`,
              title: '',
              start: `${m.date}T23:58:00`,
              end: `${m.date}T23:59:00`,
              extendedProps: { standIn: 1, active: 1, order: i },
            })),
          ),
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
              className: `shade-${s.kind}`,
            })),
          ),
        ]}
        eventClick={(info) => {
          if (info.event.display === 'background' || !byId.has(info.event.id)) return;
          info.jsEvent.preventDefault();
          navigate(`/app/appointments/${info.event.id}`);
        }}
      />
    </Box>
  );
}

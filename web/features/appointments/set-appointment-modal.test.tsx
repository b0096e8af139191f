/**
 * The set-appointment modal (SPEC §4): for the chosen date, the times are that weekday's
 * availability entries minus the starts already taken that day, each "start - end" with the start
 * as value; a status without appointment asks for no calendar, date or time ('Setează status').
 */
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageReply } from '../../../domain/api';
import type { StatusRef } from '../../../domain/appointment-replies';
import { stubFetch } from '../../test/fetch';
import { render } from '../../test/render';
import { SetAppointmentModal } from './set-appointment-modal';
import {
  appointmentDetail,
  availabilityReply,
  CONSULT,
  NEXT_MONDAY,
  NOW,
  optionsReply,
  REFERRED,
} from './test-replies';

const saved: MessageReply = { status: 1, message: 'Statusul a fost setat' };

/** Calendar 10 has 09:30 booked on every day asked for; calendar 11 nothing. */
function stubServer() {
  return stubFetch({
    'GET /appointment/new-appointment': optionsReply,
    'GET /appointment/calendar/10/availability': (c) =>
      availabilityReply(['09:30:00'], c.query.get('date') ?? undefined),
    'GET /appointment/calendar/11/availability': (c) =>
      availabilityReply([], c.query.get('date') ?? undefined),
    'POST /appointment/set-appointment': saved,
  });
}

/** Calendar 11 with 10:00 on 11 March 2030 held for a patient on the waitlist until 11:30 that day. */
function stubHeld() {
  return stubFetch({
    'GET /appointment/new-appointment': optionsReply,
    'GET /appointment/calendar/11/availability': (c) => {
      const date = c.query.get('date') ?? undefined;
      const reply = availabilityReply([], date);
      return date === NEXT_MONDAY
        ? {
            ...reply,
            data: {
              ...reply.data,
              held: [
                { selected_date: NEXT_MONDAY, selected_time: '10:00', until: '2030-03-11T09:30:00.000Z' },
              ],
            },
          }
        : reply;
    },
    'POST /appointment/set-appointment': saved,
  });
}

type User = ReturnType<typeof render>['user'];

async function choose(user: User, label: string, option: string) {
  await user.click(await screen.findByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function timesOn(user: User, calendar: string, day: string) {
  await choose(user, 'Calendar', calendar);
  await user.click(screen.getByRole('button', { name: 'Data' }));
  await user.click(await screen.findByRole('button', { name: day }));
  await user.click(screen.getByRole('combobox', { name: 'Ora' }));
  // The times come with the day's answer.
  await screen.findAllByRole('option');
  return screen.getAllByRole('option').map((o) => o.textContent);
}

function renderModal(status: StatusRef, overrides: Parameters<typeof appointmentDetail>[0] = {}) {
  const onClose = vi.fn();
  const view = render(
    <SetAppointmentModal appointment={appointmentDetail(overrides)} status={status} onClose={onClose} />,
  );
  return { ...view, onClose };
}

describe('SetAppointmentModal', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it("offers the weekday's entries minus the starts taken that day, as 'start - end'", async () => {
    const net = stubServer();
    const { user } = renderModal(CONSULT);

    expect(await screen.findByRole('dialog', { name: 'Setează programarea' })).toBeInTheDocument();
    expect(screen.getByText('Consult cardiologic')).toBeInTheDocument();

    // Monday: 09:00, 09:30 and 10:00, with 09:30 booked; the Wednesday entry is not offered.
    expect(await timesOn(user, 'Cardiologie', '11 Martie 2030')).toEqual(['09:00 - 09:30', '10:00 - 10:30']);
    const asked = net.callsTo('GET /appointment/calendar/10/availability');
    expect(asked.map((c) => [c.query.get('doctor_id'), c.query.get('date')])).toContainEqual([
      'doc-ana',
      NEXT_MONDAY,
    ]);
    expect(net.unexpected).toEqual([]);
  });

  it('offers every entry of a day with nothing booked, and only that weekday', async () => {
    stubServer();
    const { user } = renderModal(CONSULT);
    expect(await timesOn(user, 'Ecografie', '11 Martie 2030')).toEqual([
      '09:00 - 09:30',
      '09:30 - 10:00',
      '10:00 - 10:30',
    ]);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Data' }));
    await user.click(await screen.findByRole('button', { name: '13 Martie 2030' }));
    await user.click(screen.getByRole('combobox', { name: 'Ora' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['11:00 - 11:30']);
  });

  it('offers again the slot the appointment itself holds', async () => {
    stubServer();
    const { user } = renderModal(CONSULT, {
      holds_slot: true,
      calendar: { id: 10, title: 'Cardiologie' },
      selected_date: NEXT_MONDAY,
      selected_time: '09:30:00',
    });
    expect(await timesOn(user, 'Cardiologie', '11 Martie 2030')).toEqual([
      '09:00 - 09:30',
      '09:30 - 10:00',
      '10:00 - 10:30',
    ]);
  });

  it('sends the start as the time, with the calendar and the date', async () => {
    const net = stubServer();
    const { user, onClose } = renderModal(CONSULT);
    await timesOn(user, 'Cardiologie', '11 Martie 2030');
    await user.click(screen.getByRole('option', { name: '10:00 - 10:30' }));
    expect(screen.getByRole('combobox', { name: 'Ora' })).toHaveValue('10:00 - 10:30');

    await user.click(screen.getByRole('button', { name: 'Setează programarea' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(net.callsTo('POST /appointment/set-appointment').map((c) => c.body)).toEqual([
      {
        appointment_id: 42,
        status_id: CONSULT.id,
        without_appointment: false,
        calendar_id: 10,
        date: NEXT_MONDAY,
        time: '10:00',
      },
    ]);
  });

  it("a status without appointment: 'Setează status', no calendar, date or time", async () => {
    const net = stubServer();
    const { user, onClose } = renderModal(REFERRED);

    expect(await screen.findByRole('dialog', { name: 'Setează status' })).toBeInTheDocument();
    expect(screen.getByText('Acest status nu necesită calendar, dată și oră.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Calendar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Data' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Ora' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Setează status' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(net.callsTo('POST /appointment/set-appointment').map((c) => c.body)).toEqual([
      { appointment_id: 42, status_id: REFERRED.id, without_appointment: true },
    ]);
    expect(net.calls.some((c) => c.path.includes('/availability'))).toBe(false);
  });

  it('says a time is held for a waiting patient until when, and takes it only once staff confirm (take_held)', async () => {
    const net = stubHeld();
    const { user, onClose } = renderModal(CONSULT);
    expect(await timesOn(user, 'Ecografie', '11 Martie 2030')).toEqual([
      '09:00 - 09:30',
      '09:30 - 10:00',
      '10:00 - 10:30 · rezervat pentru un pacient de pe lista de așteptare până la 11.03.2030, ora 11:30',
    ]);
    await user.click(screen.getByRole('option', { name: /^10:00 - 10:30/ }));
    await user.click(screen.getByRole('button', { name: 'Setează programarea' }));
    const ask = await screen.findByRole('dialog', { name: 'Locul este rezervat pentru lista de așteptare' });
    expect(ask).toHaveTextContent('oferta lui se încheie');
    expect(net.callsTo('POST /appointment/set-appointment')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Ia locul' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(net.callsTo('POST /appointment/set-appointment').map((c) => c.body)).toEqual([
      {
        appointment_id: 42,
        status_id: CONSULT.id,
        without_appointment: false,
        calendar_id: 11,
        date: NEXT_MONDAY,
        time: '10:00',
        take_held: true,
      },
    ]);
  });
});

/**
 * The new-appointment modal's progressive steps (SPEC §4): doctor, then the patient search (at
 * least 2 letters), then the patient, then the status, then (when the status needs a slot)
 * calendar, date and time; changing the calendar resets date and time, changing the date resets
 * the time; closing resets everything; Save waits for doctor, patient and status.
 */
import { Button } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch';
import { render } from '../../test/render';
import { NewAppointmentModal } from './new-appointment-modal';
import { availabilityReply, NEXT_MONDAY, NOW, optionsReply, patientsReply } from './test-replies';

function Harness() {
  const [opened, setOpened] = useState(true);
  return (
    <>
      <Button onClick={() => setOpened(true)}>Deschide</Button>
      <NewAppointmentModal opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

function stubServer() {
  return stubFetch({
    'GET /appointment/new-appointment': optionsReply,
    'GET /appointment/appointment-patients': patientsReply,
    'GET /appointment/calendar/10/availability': (c) =>
      availabilityReply(['09:30:00'], c.query.get('date') ?? undefined),
    'GET /appointment/calendar/11/availability': (c) =>
      availabilityReply([], c.query.get('date') ?? undefined),
  });
}

type User = ReturnType<typeof render>['user'];
const field = (name: string) => screen.queryByRole('combobox', { name });
const saveButton = () => screen.getByRole('button', { name: 'Salvează' });

async function choose(user: User, label: string, option: string) {
  await user.click(await screen.findByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function pickDay(user: User, label: string, ariaDay: string) {
  await user.click(screen.getByRole('button', { name: label }));
  await user.click(await screen.findByRole('button', { name: ariaDay }));
}

/** Doctor, two letters, the patient: the steps before the status. */
async function upToStatus(user: User) {
  await choose(user, 'Medic', 'Dr. Ana Pop');
  await user.type(screen.getByRole('textbox', { name: 'Caută pacient' }), 'Io');
  await choose(user, 'Pacient', 'Ion Popescu · 180******1234 · n. 15.01.1980');
}

describe('NewAppointmentModal', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('asks for the doctor first, then the patient search; the patient list needs 2 letters', async () => {
    const net = stubServer();
    const { user } = render(<Harness />);

    expect(await screen.findByRole('combobox', { name: 'Medic' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Caută pacient' })).toBeNull();
    expect(field('Pacient')).toBeNull();
    expect(field('Status')).toBeNull();
    expect(saveButton()).toBeDisabled();

    await choose(user, 'Medic', 'Dr. Ana Pop');
    const search = screen.getByRole('textbox', { name: 'Caută pacient' });
    expect(search).toHaveAccessibleDescription('Introduceți cel puțin 2 litere');

    await user.type(search, 'I');
    // One letter: no list, and the server is not asked.
    await new Promise((r) => setTimeout(r, 400));
    expect(field('Pacient')).toBeNull();
    expect(net.callsTo('GET /appointment/appointment-patients')).toHaveLength(0);

    await user.type(search, 'o');
    await user.click(await screen.findByRole('combobox', { name: 'Pacient' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Ion Popescu · 180******1234 · n. 15.01.1980',
      'Ioana Marin · 295******5678',
    ]);
    const asked = net.callsTo('GET /appointment/appointment-patients');
    expect(asked.map((c) => c.query.get('filters'))).toEqual([JSON.stringify({ name: 'Io' })]);
    expect(field('Status')).toBeNull();
    expect(saveButton()).toBeDisabled();
    expect(net.unexpected).toEqual([]);
  });

  it('offers the status after the patient; Save is enabled once doctor, patient and status are chosen', async () => {
    const net = stubServer();
    const { user } = render(<Harness />);
    await upToStatus(user);

    expect(screen.getByRole('combobox', { name: 'Status' })).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();

    await choose(user, 'Status', 'Consult cardiologic');
    expect(saveButton()).toBeEnabled();
    // The status needs a slot: the calendar comes next, the date only after it.
    expect(screen.getByRole('combobox', { name: 'Calendar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Data' })).toBeNull();
    expect(field('Ora')).toBeNull();
    expect(net.unexpected).toEqual([]);
  });

  it('asks no calendar, date or time for a status that needs no slot', async () => {
    stubServer();
    const { user } = render(<Harness />);
    await upToStatus(user);
    await choose(user, 'Status', 'Trimis la alt medic');

    expect(screen.getByText('Acest status nu necesită dată și oră.')).toBeInTheDocument();
    expect(field('Calendar')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Data' })).toBeNull();
    expect(saveButton()).toBeEnabled();
  });

  it('calendar, then date, then time; a new calendar resets date and time, a new date the time', async () => {
    const net = stubServer();
    const { user } = render(<Harness />);
    await upToStatus(user);
    await choose(user, 'Status', 'Consult cardiologic');

    await choose(user, 'Calendar', 'Cardiologie');
    const date = await screen.findByRole('button', { name: 'Data' });
    expect(field('Ora')).toBeNull();
    // Only the weekdays with availability entries can be chosen (Mondays, Wednesdays).
    await user.click(date);
    expect(await screen.findByRole('button', { name: '12 Martie 2030' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '13 Martie 2030' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: '11 Martie 2030' }));
    expect(date).toHaveTextContent('11.03.2030');

    await choose(user, 'Ora', '10:00 - 10:30');
    expect(screen.getByRole('combobox', { name: 'Ora' })).toHaveValue('10:00 - 10:30');

    // Another date: the time goes.
    await pickDay(user, 'Data', '13 Martie 2030');
    expect(screen.getByRole('button', { name: 'Data' })).toHaveTextContent('13.03.2030');
    expect(screen.getByRole('combobox', { name: 'Ora' })).toHaveValue('');

    await choose(user, 'Ora', '11:00 - 11:30');
    // Another calendar: date and time go, and the time waits for a date again.
    await choose(user, 'Calendar', 'Ecografie');
    expect(screen.getByRole('button', { name: 'Data' })).not.toHaveTextContent(/\d/);
    expect(field('Ora')).toBeNull();

    const days = net.callsTo('GET /appointment/calendar/10/availability').map((c) => c.query.get('date'));
    expect(days).toContain(NEXT_MONDAY);
    expect(net.unexpected).toEqual([]);
  });

  it('closing the modal resets every step', async () => {
    stubServer();
    const { user } = render(<Harness />);
    await upToStatus(user);
    await choose(user, 'Status', 'Consult cardiologic');
    await choose(user, 'Calendar', 'Cardiologie');
    await pickDay(user, 'Data', '11 Martie 2030');

    await user.click(screen.getByRole('button', { name: 'Renunță' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // A person's pause before opening it again: the emptied search settles after its debounce
    // (250 ms); reopened and given a doctor sooner, the old list shows until then.
    await new Promise((r) => setTimeout(r, 300));
    await user.click(screen.getByRole('button', { name: 'Deschide' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('combobox', { name: 'Medic' })).toHaveValue('');
    expect(within(dialog).queryByRole('textbox', { name: 'Caută pacient' })).toBeNull();
    expect(field('Pacient')).toBeNull();
    expect(field('Status')).toBeNull();
    expect(field('Calendar')).toBeNull();
    expect(saveButton()).toBeDisabled();

    // The search text went too: choosing the doctor again shows an empty search.
    await choose(user, 'Medic', 'Dr. Ana Pop');
    expect(screen.getByRole('textbox', { name: 'Caută pacient' })).toHaveValue('');
    expect(field('Pacient')).toBeNull();
  });
});

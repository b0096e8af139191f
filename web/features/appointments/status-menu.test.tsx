/**
 * The status menu per status (SPEC §4, domain/appointments.ts allowedActions): a request is
 * confirmed without papers, scheduled_paperless with papers, scheduled and scheduled_with_papers
 * (and a custom status) get the custom statuses; a status that needs no slot is offered from
 * every status; 'Neprezentat' once the appointment's time has passed.
 */
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageReply } from '../../../domain/api';
import { stubFetch } from '../../test/fetch';
import { render } from '../../test/render';
import { StatusMenu } from './status-menu';
import { appointmentDetail, CONSULT, NOW, optionsReply, REFERRED } from './test-replies';

const confirmed: MessageReply = { status: 1, message: 'Programarea a fost confirmata' };

async function openMenu(status: string, overrides: Parameters<typeof appointmentDetail>[0] = {}) {
  const net = stubFetch({
    'GET /appointment/new-appointment': optionsReply,
    'POST /appointment/confirm': confirmed,
  });
  const onChooseStatus = vi.fn();
  const view = render(
    <StatusMenu
      appointment={appointmentDetail({ status, appointment_status: status, ...overrides })}
      onChooseStatus={onChooseStatus}
    />,
  );
  // The custom statuses arrive with the options: wait for them before opening.
  await vi.waitFor(() => expect(net.callsTo('GET /appointment/new-appointment')).toHaveLength(1));
  const button = screen.getByRole('button', { name: 'Schimbă statusul' });
  await view.user.click(button);
  await screen.findByRole('menu');
  return { ...view, net, onChooseStatus, button };
}

const items = () => screen.getAllByRole('menuitem').map((i) => i.textContent);

describe('StatusMenu', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it.each(['request', 'appointment_request'])(
    '%s: confirm without papers, and the statuses that need no slot',
    async (status) => {
      await openMenu(status);
      await vi.waitFor(() => expect(items()).toEqual(['Confirmă fără acte', REFERRED.title]));
      expect(screen.getByText('Status personalizat')).toBeInTheDocument();
    },
  );

  it('scheduled_paperless: confirm with papers, and the statuses that need no slot', async () => {
    await openMenu('scheduled_paperless');
    await vi.waitFor(() => expect(items()).toEqual(['Confirmă cu acte', REFERRED.title]));
  });

  it.each(['scheduled', 'scheduled_with_papers', 'custom'])(
    '%s: every custom status, no confirmation',
    async (status) => {
      await openMenu(status);
      await vi.waitFor(() => expect(items()).toEqual([CONSULT.title, REFERRED.title]));
    },
  );

  it("offers 'Neprezentat' once the appointment's time has passed, not before", async () => {
    await openMenu('scheduled_with_papers', {
      holds_slot: true,
      calendar: { id: 10, title: 'Cardiologie' },
      selected_date: '2030-03-01',
      selected_time: '09:00:00',
    });
    await vi.waitFor(() => expect(items()).toEqual(['Neprezentat', CONSULT.title, REFERRED.title]));
  });

  it("does not offer 'Neprezentat' for an appointment still to come", async () => {
    await openMenu('scheduled_with_papers', {
      holds_slot: true,
      calendar: { id: 10, title: 'Cardiologie' },
      selected_date: '2030-03-11',
      selected_time: '09:00:00',
    });
    await vi.waitFor(() => expect(items()).toEqual([CONSULT.title, REFERRED.title]));
  });

  it('confirming a request posts scheduled_paperless for the appointment', async () => {
    const { user, net } = await openMenu('request');
    await user.click(await screen.findByRole('menuitem', { name: 'Confirmă fără acte' }));
    await vi.waitFor(() =>
      expect(net.callsTo('POST /appointment/confirm').map((c) => c.body)).toEqual([
        { appointment_id: 42, status: 'scheduled_paperless' },
      ]),
    );
  });

  it('choosing a custom status hands it to the set-appointment modal', async () => {
    const { user, net, onChooseStatus } = await openMenu('scheduled');
    await user.click(await screen.findByRole('menuitem', { name: CONSULT.title }));
    expect(onChooseStatus).toHaveBeenCalledWith(CONSULT);
    expect(net.callsTo('POST /appointment/confirm')).toHaveLength(0);
  });
});

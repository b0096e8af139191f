/**
 * The remote consultation on the appointment's page (issue 48): "Începe consultația" sends the
 * channel, the consent and the identity check (a refusal without one); while it is held, the wa.me link and "Încheie consultația" with the outcome; nothing is
 * shown for an appointment outside a remote calendar.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type {
  ConsultationActionReply,
  ConsultationStateReply,
  RemoteConsultationView,
} from '../../../domain/remote-consultation';
import { stubFetch } from '../../test/fetch';
import { render } from '../../test/render';
import { RemoteConsultation } from './remote-consultation';

const links = { whatsapp: 'https://wa.me/40722123456', phone: 'tel:+40722123456' };
const held: RemoteConsultationView = {
  id: 5,
  appointment_id: 42,
  patient_id: 7,
  group_guid: '8b0c7a6e-0000-4000-8000-000000000001',
  doctor_id: 'd1',
  channel: 'whatsapp_video',
  channel_other: null,
  consent: 'given',
  consent_at: '2030-03-04T07:00:00.000Z',
  identity_check: 'id_card_video',
  identity_other: null,
  state: 'in_progress',
  outcome: null,
  ended_at: null,
  register: null,
  intervals: [{ started_at: '2030-03-04T07:00:00.000Z', ended_at: null, ended_as: null }],
};
const stateReply = (consultation: RemoteConsultationView | null, remote = true): ConsultationStateReply => ({
  status: 1,
  data: { consultation, remote, links },
});
const action = (data: RemoteConsultationView, message: string): ConsultationActionReply => ({
  status: 1,
  message,
  data,
});

describe('RemoteConsultation', () => {
  it('starts with WhatsApp video, the consent and the identity card, then offers the end', async () => {
    let started = false;
    const net = stubFetch({
      'GET /appointment/42/consultation': () => stateReply(started ? held : null),
      'POST /appointment/42/consultation/start': () => {
        started = true;
        return action(held, 'Consultația a început.');
      },
    });
    const { user } = render(<RemoteConsultation appointmentId={42} />);
    await user.click(await screen.findByRole('button', { name: 'Începe consultația' }));
    expect(screen.getByRole('link', { name: 'Deschide WhatsApp' })).toHaveAttribute('href', links.whatsapp);
    await user.click(screen.getByRole('radio', { name: 'Pacientul este de acord' }));
    await user.click(screen.getByRole('radio', { name: 'Act de identitate arătat pe video' }));
    const dialog = screen.getByRole('dialog');
    await user.click(
      [...dialog.querySelectorAll('button')].find(
        (b) => b.textContent === 'Începe consultația',
      ) as HTMLElement,
    );
    await vi.waitFor(() =>
      expect(net.callsTo('POST /appointment/42/consultation/start').length).toBeGreaterThan(0),
    );
    expect(net.callsTo('POST /appointment/42/consultation/start')[0].body).toEqual({
      channel: 'whatsapp_video',
      consent: 'given',
      identity_check: 'id_card_video',
    });
    expect(await screen.findByRole('button', { name: 'Încheie consultația' })).toBeInTheDocument();
    expect(
      screen.getByText('Consultație la distanță prin WhatsApp video, 04.03.2030, 09:00–…'),
    ).toBeInTheDocument();
  });

  it('sends a refusal without an identity check', async () => {
    const net = stubFetch({
      'GET /appointment/42/consultation': stateReply(null),
      'POST /appointment/42/consultation/start': action(
        {
          ...held,
          consent: 'refused',
          state: 'ended',
          outcome: 'refused',
          identity_check: null,
          intervals: [],
        },
        'Refuzul pacientului a fost consemnat.',
      ),
    });
    const { user } = render(<RemoteConsultation appointmentId={42} />);
    await user.click(await screen.findByRole('button', { name: 'Începe consultația' }));
    await user.click(screen.getByRole('radio', { name: 'Telefon' }));
    await user.click(screen.getByRole('radio', { name: 'Pacientul refuză' }));
    expect(screen.queryByRole('radio', { name: 'Pacient cunoscut' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Consemnează refuzul' }));
    await vi.waitFor(() =>
      expect(net.callsTo('POST /appointment/42/consultation/start')[0]?.body).toEqual({
        channel: 'phone',
        consent: 'refused',
      }),
    );
  });

  it('ends a consultation with the outcome chosen', async () => {
    const net = stubFetch({
      'GET /appointment/42/consultation': stateReply(held),
      'POST /appointment/42/consultation/end': action(
        { ...held, state: 'ended', outcome: 'completed', register: { number: 12, year: 2030 } },
        'Consultația a fost încheiată.',
      ),
    });
    const { user } = render(<RemoteConsultation appointmentId={42} />);
    await user.click(await screen.findByRole('button', { name: 'Încheie consultația' }));
    await user.click(screen.getByRole('radio', { name: 'Efectuată' }));
    const dialog = screen.getByRole('dialog');
    await user.click(
      [...dialog.querySelectorAll('button')].find(
        (b) => b.textContent === 'Încheie consultația',
      ) as HTMLElement,
    );
    await vi.waitFor(() =>
      expect(net.callsTo('POST /appointment/42/consultation/end')[0]?.body).toEqual({ outcome: 'completed' }),
    );
  });

  it('shows nothing for an appointment outside a remote calendar', async () => {
    const net = stubFetch({ 'GET /appointment/42/consultation': stateReply(null, false) });
    render(<RemoteConsultation appointmentId={42} />);
    await vi.waitFor(() => expect(net.callsTo('GET /appointment/42/consultation')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Începe consultația' })).toBeNull();
  });
});

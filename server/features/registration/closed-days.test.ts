/**
 * GET /appointment/closed-days (issue 54, item 21): the public date picker offered the public
 * holidays the server then refused. The days the form cannot take besides weekends come from the
 * server: the public calendar's unavailable days from today on and the days already full, and
 * not another calendar's closures. Each one is a day the date check refuses.
 */
import { describe, expect, it } from 'vitest';
import { closedDaysReply } from '../../../domain/registration';
import { makeCalendar } from '../../test/factories';
import { setupClinic } from '../../test/harness';
import { checkDate, dateFilter, form, NOW, submit } from './test/helpers';

const { ctx, db } = await setupClinic({ at: NOW });
await makeCalendar(db, {
  title: 'Cabinet cardiologie',
  publicRequests: false,
  entries: [],
  unavailable: [{ from: '2026-12-02', to: '2026-12-04', reason: 'Revizie' }],
});
await makeCalendar(db, {
  title: 'Consultatii la distanta',
  publicRequests: true,
  dailyCapacity: 1,
  entries: [],
  unavailable: [
    // Began before today (Wednesday 25 November 2026): only today and after are told.
    { from: '2026-11-20', to: '2026-11-25', reason: 'Inventar' },
    { from: '2026-11-30', to: '2026-12-01', reason: 'Sfântul Andrei, Ziua Națională' },
    { from: '2026-12-25', to: '2026-12-26', reason: 'Crăciunul' },
  ],
});

const closedDays = () =>
  ctx.app.inject({ method: 'GET', url: '/api/appointment/closed-days', remoteAddress: '198.51.100.7' });

describe('GET /api/appointment/closed-days', () => {
  it("answers the public calendar's holidays and full days from today, for anyone", async () => {
    // Thursday 26 November takes one request: then it is full.
    const sent = await submit(ctx, form({ appt_date: '2026-11-26' }));
    expect(sent.statusCode, sent.body).toBe(201);

    const res = await closedDays();
    expect(res.statusCode, res.body).toBe(200);
    const body = closedDaysReply.parse(res.json());
    expect(body.closed).toEqual([
      { from: '2026-11-25', to: '2026-11-25' },
      { from: '2026-11-26', to: '2026-11-26' },
      { from: '2026-11-30', to: '2026-12-01' },
      { from: '2026-12-25', to: '2026-12-26' },
    ]);
  });

  it('names only days the date check refuses', async () => {
    for (const day of ['2026-11-26', '2026-11-30', '2026-12-01', '2026-12-25']) {
      const res = await checkDate(ctx, dateFilter(day));
      expect(res.json(), day).toMatchObject({ status: 0 });
    }
    // The staff calendar's closure is not the public form's: that day is offered and taken.
    expect((await checkDate(ctx, dateFilter('2026-12-02'))).json()).toEqual({ status: 1 });
  });
});

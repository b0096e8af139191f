import { describe, expect, it } from 'vitest';
import './zod-setup';
import {
  APPOINTMENT_MESSAGES,
  allowedActions,
  assignDoctorSchema,
  canDo,
  newAppointmentFormSchema,
  noShowDue,
  setAppointmentFormSchema,
  setAppointmentSchema,
  settableStatuses,
  statusAfter,
  statusBadgeColor,
  statusLabel,
} from './appointments';

describe('transition table (DESIGN §6)', () => {
  it.each([
    ['request', ['confirm_paperless']],
    ['appointment_request', ['confirm_paperless']],
    ['scheduled_paperless', ['confirm_with_papers']],
    ['scheduled_with_papers', ['set_custom']],
    ['scheduled', ['set_custom']],
    ['custom', ['set_custom']],
    ['unknown', []],
  ])('%s allows %j', (status, actions) => {
    expect(allowedActions(status)).toEqual(actions);
  });

  it('refuses every other move', () => {
    expect(canDo('request', 'confirm_with_papers')).toBe(false);
    expect(canDo('request', 'set_custom')).toBe(false);
    expect(canDo('scheduled_paperless', 'confirm_paperless')).toBe(false);
    expect(canDo('scheduled_paperless', 'set_custom')).toBe(false);
    expect(canDo('scheduled_with_papers', 'confirm_paperless')).toBe(false);
    expect(canDo('scheduled_with_papers', 'confirm_with_papers')).toBe(false);
    expect(canDo('custom', 'confirm_paperless')).toBe(false);
  });

  it('names the status each action leads to', () => {
    expect(statusAfter('confirm_paperless')).toBe('scheduled_paperless');
    expect(statusAfter('confirm_with_papers')).toBe('scheduled_with_papers');
    expect(statusAfter('set_custom')).toBe('custom');
  });

  it('colours the badge primary only for appointment_request', () => {
    expect(statusBadgeColor('appointment_request')).toBe('primary');
    expect(statusBadgeColor('request')).toBe('secondary');
    expect(statusBadgeColor('custom')).toBe('secondary');
  });
});

describe('payload schemas', () => {
  it("set-appointment needs calendar, date and time ('Required') unless without_appointment", () => {
    const r = setAppointmentFormSchema.safeParse({ appointment_id: 1, status_id: 2, calendar_id: '' });
    expect(r.success).toBe(false);
    const fields = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(fields).toEqual({
      calendar_id: APPOINTMENT_MESSAGES.required,
      date: APPOINTMENT_MESSAGES.required,
      time: APPOINTMENT_MESSAGES.required,
    });
    expect(
      setAppointmentFormSchema.safeParse({ appointment_id: 1, status_id: 2, without_appointment: true })
        .success,
    ).toBe(true);
    // The server's schema leaves the slot to the status found in the database.
    expect(setAppointmentSchema.safeParse({ appointment_id: 1, status_id: 2 }).success).toBe(true);
  });

  it('set-appointment keeps HH:MM and refuses impossible dates', () => {
    const ok = setAppointmentSchema.parse({
      appointment_id: 1,
      status_id: 2,
      calendar_id: 3,
      date: '2030-01-15',
      time: '09:30:00',
    });
    expect(ok.time).toBe('09:30');
    expect(
      setAppointmentSchema.safeParse({
        appointment_id: 1,
        status_id: 2,
        calendar_id: 3,
        date: '2030-02-30',
        time: '09:30',
      }).success,
    ).toBe(false);
  });

  it('new-appointment requires doctor, patient and status', () => {
    const r = newAppointmentFormSchema.safeParse({ doctor_id: '', without_appointment: true });
    const fields = r.error!.issues.map((i) => i.path.join('.')).sort();
    expect(fields).toEqual(['doctor_id', 'patient_id', 'status_id']);
    const slot = newAppointmentFormSchema.safeParse({ doctor_id: 'd', patient_id: 1, status_id: 2 });
    expect(slot.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['calendar_id', 'date', 'time']);
  });

  it('assign-doctor requires the doctor', () => {
    const r = assignDoctorSchema.safeParse({ appointmentId: 4, doctor_id: '' });
    expect(r.error!.issues[0].message).toBe(APPOINTMENT_MESSAGES.required);
  });
});

describe('statusLabel (issue 22: one name for one status)', () => {
  it('is the custom status title when the appointment carries one', () => {
    expect(statusLabel('custom', 'Anulat de pacient')).toBe('Anulat de pacient');
    expect(statusLabel('scheduled', 'Test de efort')).toBe('Test de efort');
  });
  it('is the built-in label otherwise', () => {
    expect(statusLabel('scheduled', null)).toBe('Programat');
    expect(statusLabel('request')).toBe('Cerere');
    expect(statusLabel('scheduled_with_papers', 'ignored')).toBe('Confirmat cu acte');
  });
});

describe('custom statuses settable from a status (issue 22)', () => {
  const statuses = [
    { id: 1, without_appointment: false },
    { id: 2, without_appointment: true },
  ];
  it.each([
    ['request', [2]],
    ['appointment_request', [2]],
    ['scheduled_paperless', [2]],
    ['scheduled_with_papers', [1, 2]],
    ['scheduled', [1, 2]],
    ['custom', [1, 2]],
  ])('%s offers %j', (status, ids) => {
    expect(settableStatuses(status, statuses).map((s) => s.id)).toEqual(ids);
  });
});

// The status menu offers "Neprezentat" (web/features/appointments/status-menu.tsx) exactly when the server accepts it.
describe('noShowDue', () => {
  const slot = { holdsSlot: true, date: '2026-11-25', time: '09:00' };
  it('is due once the start has passed, in clinic time', () => {
    // 09:00 in Bucharest is 07:00 UTC in November.
    expect(noShowDue(slot, new Date('2026-11-25T06:59:00Z'))).toBe(false);
    expect(noShowDue(slot, new Date('2026-11-25T07:00:00Z'))).toBe(true);
  });
  it('is never due for an appointment without a slot', () => {
    const late = new Date('2027-01-01T00:00:00Z');
    expect(noShowDue({ ...slot, holdsSlot: false }, late)).toBe(false);
    expect(noShowDue({ holdsSlot: true, date: null, time: null }, late)).toBe(false);
  });
});

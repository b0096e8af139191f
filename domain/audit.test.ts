import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, auditActionLabel } from './audit';

describe('audit action labels', () => {
  it('names every action in Romanian, each with its own label', () => {
    const labels = Object.values(AUDIT_ACTION_LABELS);
    expect(new Set(labels).size).toBe(labels.length);
    for (const label of labels) expect(label).not.toMatch(/[şţŞŢ]/); // comma-below ș and ț only
  });

  it('shows a code from an older version as itself', () => {
    expect(auditActionLabel('patient.read')).toBe('Citire fișă pacient');
    expect(auditActionLabel('legacy.action')).toBe('legacy.action');
  });
});

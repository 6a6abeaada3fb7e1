import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  AUDIT_SYSTEM_ACTORS,
  ORDER_AUDIT_ACTIONS,
  ORDER_AUDIT_FIELDS,
} from '../../shared/audit-names.js';
import en from './en.json';
import fr from './fr.json';

/** The catalogue keys with no text (missing or empty) among `keys` under `group`. */
function unlabelled(group: Record<string, unknown>, keys: readonly string[]): string[] {
  return keys.filter((key) => typeof group[key] !== 'string' || (group[key] as string).trim() === '');
}

/**
 * Every name the server writes into the activity log (shared/audit-names.ts) has its words in
 * both catalogues, so the Activity page never falls back to a raw code for a current one.
 */
describe.each([
  ['en', en],
  ['fr', fr],
] as const)('the %s catalogue names every audit name', (_language, catalogue) => {
  const activity = catalogue.backOffice.activity as unknown as Record<string, Record<string, unknown>>;

  it('every action', () => {
    expect(unlabelled(activity.actions!, Object.keys(AUDIT_ACTIONS))).toEqual([]);
  });

  it('every entity, in a row (singular) and in the filter (plural)', () => {
    expect(unlabelled(activity.entities!, Object.keys(AUDIT_ENTITIES))).toEqual([]);
    expect(unlabelled(activity.resources!, Object.keys(AUDIT_ENTITIES))).toEqual([]);
  });

  it("every order action and field, and the shop's own actors", () => {
    expect(unlabelled(activity.orderActions!, ORDER_AUDIT_ACTIONS)).toEqual([]);
    expect(unlabelled(activity.orderFields!, ORDER_AUDIT_FIELDS)).toEqual([]);
    expect(unlabelled(activity.actors!, Object.keys(AUDIT_SYSTEM_ACTORS))).toEqual([]);
  });

  it('no label is left over from a name the shop no longer has', () => {
    expect(Object.keys(activity.actions!).sort()).toEqual(Object.keys(AUDIT_ACTIONS).sort());
    expect(Object.keys(activity.entities!).sort()).toEqual(Object.keys(AUDIT_ENTITIES).sort());
    expect(Object.keys(activity.resources!).sort()).toEqual(Object.keys(AUDIT_ENTITIES).sort());
  });
});

describe('audit names', () => {
  it('are stored values unique within actions and within entities, so each reads back to one label', () => {
    expect(new Set(Object.values(AUDIT_ACTIONS)).size).toBe(Object.keys(AUDIT_ACTIONS).length);
    expect(new Set(Object.values(AUDIT_ENTITIES)).size).toBe(Object.keys(AUDIT_ENTITIES).length);
  });
});

import { describe, expect, it } from 'vitest';

import { loggedInSession, TIES } from '../../testing/session';
import { propertyManagementEntries } from './property-management-entries';

const NOTE = '(You are not allowed to access work account. Contact your work account Admin to allow you in)';
const entries = (ties: Parameters<typeof loggedInSession>[0]) =>
  propertyManagementEntries(loggedInSession(ties));

describe('propertyManagementEntries', () => {
  it('offers only account creation to a user without any account', () => {
    expect(entries(TIES.none)).toEqual([
      { label: 'Create Property management Account', href: '/propertymanagement/createagencyaccount' },
    ]);
  });

  it('offers a landlord linked to an agency, with no work account, the properties it manages for them', () => {
    expect(propertyManagementEntries(loggedInSession(TIES.none), { landlordLinks: 2 })).toEqual([
      { label: 'Create Property management Account', href: '/propertymanagement/createagencyaccount' },
      { label: 'Properties agencies manage for me', href: '/landlord' },
    ]);
    expect(propertyManagementEntries(loggedInSession(TIES.agencyAdmin), { landlordLinks: 1 }).map((e) => e.label)).toEqual([
      'My Agency',
      'Properties agencies manage for me',
    ]);
    expect(entries(TIES.none).map((e) => e.label)).not.toContain('Properties agencies manage for me');
  });

  it('offers My Agency to an agency admin (5100), without account creation', () => {
    expect(entries(TIES.agencyAdmin)).toEqual([
      { label: 'My Agency', href: '/propertymanagement/agency', space: 'agency' },
    ]);
  });

  it('offers My space to a landlord (5200) with no other work', () => {
    expect(entries(TIES.landlord)).toEqual([
      { label: 'My space', href: '/propertymanagement/myspace', space: 'myspace' },
    ]);
  });

  it('adds My Work for a landlord hired by another agency', () => {
    expect(entries(TIES.landlordHired).map((e) => e.label)).toEqual(['My space', 'My Work - Agency Account']);
  });

  it('hides My Work from a landlord whose managing agent is their own account', () => {
    expect(entries({ ...TIES.landlordHired, managingAgentId: 11 }).map((e) => e.label)).toEqual(['My space']);
  });

  it('offers account creation and My Work - Agency Account to an agency employee (5101)', () => {
    expect(entries(TIES.agencyEmployee)).toEqual([
      { label: 'Create Property management Account', href: '/propertymanagement/createagencyaccount' },
      {
        label: 'My Work - Agency Account',
        href: '/propertymanagement/agency',
        space: 'agency',
        disabled: false,
        note: undefined,
      },
    ]);
  });

  it('labels the work entry Landlord Account for a landlord employee (5201)', () => {
    expect(entries(TIES.landlordEmployee).map((e) => e.label)).toContain('My Work - Landlord Account');
  });

  it('disables My Work with the note unless the login status is 1', () => {
    const work = entries({ ...TIES.agencyEmployee, managingAgentUserLoginStatus: 0 }).at(-1);
    expect(work).toMatchObject({ label: 'My Work - Agency Account', disabled: true, note: NOTE });
  });
});

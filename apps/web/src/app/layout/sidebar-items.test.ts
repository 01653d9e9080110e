import { AGENT_TYPE, ROLE_LISTS } from '@makazi/domain';
import { describe, expect, it } from 'vitest';

import { i18n } from '../../lib/i18n';
import type { AllowedList } from '../../lib/session';
import { SIDEBAR_ITEMS, visibleSidebarItems, type SidebarItem } from './sidebar-items';

const labels = (items: SidebarItem[]): string[] =>
  items.flatMap((item) => [i18n.t(item.label), ...labels(item.children ?? [])]);

const designLists = (list: AllowedList): readonly number[] => ROLE_LISTS[list];
const visible = (role: number | null, listOf = designLists) =>
  labels(visibleSidebarItems(SIDEBAR_ITEMS, role, listOf));

describe('visibleSidebarItems', () => {
  it('shows only Home without a role', () => {
    expect(visible(null)).toEqual(['Home']);
  });

  it('shows everything to an agency admin and to a landlord, but the AML records to the agency only', () => {
    const all = [
      'Home',
      'Dashboard',
      'Admin',
      'Money transactions',
      'M-Pesa',
      'Bank statements',
      "Accountant's export",
      'Receipt notices',
      'Landlord money',
      'Audit trail',
      'Data protection',
      'Clients',
      'Add Client',
      'Edit Client',
      'Properties',
      'Maintenance',
      'Tenancies',
      'Tenancies List',
      'Add New Tenacy',
      'Terminate Tenacy',
    ];
    expect(visible(AGENT_TYPE.AGENCY_ADMIN)).toEqual([...all.slice(0, 10), 'Anti-money laundering', ...all.slice(10)]);
    expect(visible(AGENT_TYPE.LANDLORD)).toEqual(all);
  });

  it.each([AGENT_TYPE.AGENCY_EMPLOYEE, AGENT_TYPE.LANDLORD_EMPLOYEE])(
    'hides admin-only items from employee role %i',
    (role) => {
      const shown = visible(role);
      expect(shown).toContain('Money transactions');
      expect(shown).toContain('Tenancies List');
      expect(shown).not.toContain('Admin');
      expect(shown).not.toContain('Receipt notices');
      expect(shown).not.toContain('Bank statements');
      expect(shown).not.toContain("Accountant's export");
      expect(shown).not.toContain('Landlord money');
      expect(shown).not.toContain('Audit trail');
      expect(shown).not.toContain('Terminate Tenacy');
    },
  );

  it('shows nothing but Home to the default role', () => {
    expect(visible(AGENT_TYPE.DEFAULT)).toEqual(['Home']);
  });

  it('reads the lists it is given: no cash-payment permission hides Money transactions', () => {
    const listOf = (list: AllowedList) => (list === 'allowedMakeCashPayments' ? [] : ROLE_LISTS[list]);
    expect(visible(AGENT_TYPE.AGENCY_ADMIN, listOf)).not.toContain('Money transactions');
    expect(visible(AGENT_TYPE.AGENCY_ADMIN, listOf)).toContain('Admin');
  });
});

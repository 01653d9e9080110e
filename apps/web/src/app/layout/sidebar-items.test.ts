import { AGENT_TYPE } from '@makazi/domain';
import { describe, expect, it } from 'vitest';

import { SIDEBAR_ITEMS, visibleSidebarItems, type SidebarItem } from './sidebar-items';

const labels = (items: SidebarItem[]): string[] =>
  items.flatMap((item) => [item.label, ...labels(item.children ?? [])]);

describe('visibleSidebarItems', () => {
  it('shows only Home without a role', () => {
    expect(labels(visibleSidebarItems(SIDEBAR_ITEMS, null))).toEqual(['Home']);
  });

  it('shows everything to an agency admin', () => {
    expect(labels(visibleSidebarItems(SIDEBAR_ITEMS, AGENT_TYPE.AGENCY_ADMIN))).toEqual([
      'Home',
      'Dashboard',
      'Admin',
      'Money transactions',
      'Clients',
      'Add Client',
      'Edit Client',
      'Properties',
      'Tenancies',
      'Tenancies List',
      'Add New Tenacy',
      'Terminate Tenacy',
    ]);
  });

  it('hides admin-only items from an agency employee', () => {
    const visible = labels(visibleSidebarItems(SIDEBAR_ITEMS, AGENT_TYPE.AGENCY_EMPLOYEE));
    expect(visible).toContain('Money transactions');
    expect(visible).toContain('Tenancies List');
    expect(visible).not.toContain('Admin');
    expect(visible).not.toContain('Terminate Tenacy');
  });

  it('shows nothing but Home to the default role', () => {
    expect(labels(visibleSidebarItems(SIDEBAR_ITEMS, AGENT_TYPE.DEFAULT))).toEqual(['Home']);
  });
});

import { isRoleAllowed, ROLE_LISTS } from '@makazi/domain';

import { paths, type Space } from '../../config/paths';

export type SidebarItem = {
  label: string;
  href?: (space: Space) => string;
  /** Roles that see the item; null means everyone. */
  allowed: readonly number[] | null;
  children?: SidebarItem[];
};

export const SIDEBAR_ITEMS: SidebarItem[] = [
  { label: 'Home', href: paths.home.getHref, allowed: null },
  { label: 'Dashboard', href: paths.pm.dashboard.getHref, allowed: ROLE_LISTS.allAllowed },
  { label: 'Admin', href: paths.pm.admin.getHref, allowed: ROLE_LISTS.adminOnlyAllowed },
  {
    label: 'Money transactions',
    href: paths.pm.moneyTransactions.getHref,
    allowed: ROLE_LISTS.allowedMakeCashPayments,
  },
  {
    label: 'Clients',
    allowed: ROLE_LISTS.allAllowed,
    children: [
      { label: 'Add Client', href: paths.pm.addClient.getHref, allowed: ROLE_LISTS.allAllowed },
      { label: 'Edit Client', href: paths.pm.editClient.getHref, allowed: ROLE_LISTS.allAllowed },
    ],
  },
  { label: 'Properties', href: paths.pm.properties.getHref, allowed: ROLE_LISTS.allAllowed },
  {
    label: 'Tenancies',
    allowed: ROLE_LISTS.allAllowed,
    children: [
      { label: 'Tenancies List', href: paths.pm.tenancies.getHref, allowed: ROLE_LISTS.allAllowed },
      { label: 'Add New Tenacy', href: paths.pm.bookTenancy.getHref, allowed: ROLE_LISTS.allAllowed },
      {
        label: 'Terminate Tenacy',
        href: paths.pm.terminateTenancy.getHref,
        allowed: ROLE_LISTS.adminOnlyAllowed,
      },
    ],
  },
];

/** Items (and sub-items) the role may see; a group with no visible children is dropped. */
export function visibleSidebarItems(items: SidebarItem[], role: number | null): SidebarItem[] {
  return items.flatMap((item) => {
    if (item.allowed !== null && !isRoleAllowed(role, item.allowed)) return [];
    if (!item.children) return [item];
    const children = visibleSidebarItems(item.children, role);
    return children.length > 0 ? [{ ...item, children }] : [];
  });
}

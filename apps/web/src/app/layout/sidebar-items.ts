import { isRoleAllowed } from '@makazi/domain';

import { paths, type Space } from '../../config/paths';
import type { AllowedList } from '../../lib/session';

export type SidebarItem = {
  label: string;
  href?: (space: Space) => string;
  /** The session role list whose roles see the item; null means everyone. */
  allowed: AllowedList | null;
  children?: SidebarItem[];
};

export const SIDEBAR_ITEMS: SidebarItem[] = [
  { label: 'Home', href: paths.home.getHref, allowed: null },
  { label: 'Dashboard', href: paths.pm.dashboard.getHref, allowed: 'allAllowed' },
  { label: 'Admin', href: paths.pm.admin.getHref, allowed: 'adminOnlyAllowed' },
  { label: 'Money transactions', href: paths.pm.moneyTransactions.getHref, allowed: 'allowedMakeCashPayments' },
  { label: 'M-Pesa', href: paths.pm.mpesa.getHref, allowed: 'allowedMakeCashPayments' },
  {
    label: 'Clients',
    allowed: 'allAllowed',
    children: [
      { label: 'Add Client', href: paths.pm.addClient.getHref, allowed: 'allAllowed' },
      { label: 'Edit Client', href: paths.pm.editClient.getHref, allowed: 'allAllowed' },
    ],
  },
  { label: 'Properties', href: paths.pm.properties.getHref, allowed: 'allAllowed' },
  {
    label: 'Tenancies',
    allowed: 'allAllowed',
    children: [
      { label: 'Tenancies List', href: paths.pm.tenancies.getHref, allowed: 'allAllowed' },
      { label: 'Add New Tenacy', href: paths.pm.bookTenancy.getHref, allowed: 'allAllowed' },
      { label: 'Terminate Tenacy', href: paths.pm.terminateTenancy.getHref, allowed: 'adminOnlyAllowed' },
    ],
  },
];

/**
 * Items (and sub-items) the role may see, reading each list through `listOf`
 * (the session's lists); a group with no visible children is dropped.
 */
export function visibleSidebarItems(
  items: SidebarItem[],
  role: number | null,
  listOf: (list: AllowedList) => readonly number[],
): SidebarItem[] {
  return items.flatMap((item) => {
    if (item.allowed !== null && !isRoleAllowed(role, listOf(item.allowed))) return [];
    if (!item.children) return [item];
    const children = visibleSidebarItems(item.children, role, listOf);
    return children.length > 0 ? [{ ...item, children }] : [];
  });
}

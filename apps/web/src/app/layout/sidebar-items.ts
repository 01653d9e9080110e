import { AGENT_TYPE, isRoleAllowed } from '@makazi/domain';
import type { ParseKeys } from 'i18next';

import { paths, type Space } from '../../config/paths';
import type { AllowedList } from '../../lib/session';

export type SidebarItem = {
  /** The catalogue key of the item's name. */
  label: ParseKeys;
  href?: (space: Space) => string;
  /** The session role list whose roles see the item; null means everyone. */
  allowed: AllowedList | null;
  children?: SidebarItem[];
  /** Besides the list, only these roles: the AML records are an agency's, not a landlord's own account's (decision 044). */
  onlyRoles?: readonly number[];
};

export const SIDEBAR_ITEMS: SidebarItem[] = [
  { label: 'nav.items.home', href: paths.home.getHref, allowed: null },
  { label: 'nav.items.dashboard', href: paths.pm.dashboard.getHref, allowed: 'allAllowed' },
  { label: 'nav.items.admin', href: paths.pm.admin.getHref, allowed: 'adminOnlyAllowed' },
  {
    label: 'nav.items.moneyTransactions',
    href: paths.pm.moneyTransactions.getHref,
    allowed: 'allowedMakeCashPayments',
  },
  { label: 'nav.items.mpesa', href: paths.pm.mpesa.getHref, allowed: 'allowedMakeCashPayments' },
  { label: 'nav.items.bank', href: paths.pm.bank.getHref, allowed: 'adminOnlyAllowed' },
  { label: 'nav.items.ledgerExport', href: paths.pm.ledgerExport.getHref, allowed: 'adminOnlyAllowed' },
  { label: 'nav.items.receiptNotices', href: paths.pm.outbox.getHref, allowed: 'adminOnlyAllowed' },
  { label: 'nav.items.landlordMoney', href: paths.pm.landlordMoney.getHref, allowed: 'adminOnlyAllowed' },
  { label: 'nav.items.auditTrail', href: (space) => paths.pm.audit.getHref(space), allowed: 'adminOnlyAllowed' },
  { label: 'nav.items.aml', href: paths.pm.aml.getHref, allowed: 'adminOnlyAllowed', onlyRoles: [AGENT_TYPE.AGENCY_ADMIN] },
  { label: 'nav.items.dataProtection', href: paths.pm.dataProtection.getHref, allowed: 'allAllowed' },
  {
    label: 'nav.items.clients',
    allowed: 'allAllowed',
    children: [
      { label: 'nav.items.addClient', href: paths.pm.addClient.getHref, allowed: 'allAllowed' },
      { label: 'nav.items.editClient', href: paths.pm.editClient.getHref, allowed: 'allAllowed' },
    ],
  },
  { label: 'nav.items.properties', href: paths.pm.properties.getHref, allowed: 'allAllowed' },
  { label: 'nav.items.maintenance', href: paths.pm.maintenance.getHref, allowed: 'allAllowed' },
  {
    label: 'nav.items.tenancies',
    allowed: 'allAllowed',
    children: [
      { label: 'nav.items.tenanciesList', href: paths.pm.tenancies.getHref, allowed: 'allAllowed' },
      { label: 'nav.items.bookTenancy', href: paths.pm.bookTenancy.getHref, allowed: 'allAllowed' },
      {
        label: 'nav.items.terminateTenancy',
        href: paths.pm.terminateTenancy.getHref,
        allowed: 'adminOnlyAllowed',
      },
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
    if (item.onlyRoles && !isRoleAllowed(role, item.onlyRoles)) return [];
    if (!item.children) return [item];
    const children = visibleSidebarItems(item.children, role, listOf);
    return children.length > 0 ? [{ ...item, children }] : [];
  });
}

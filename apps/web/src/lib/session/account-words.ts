import { i18n } from '../i18n';
import type { SwitchableAccount } from './switchable-accounts';

/** An account to switch to, named in the reader's language: its title (My space, My Agency, My Work), name and kind. */
export function accountWords(choice: SwitchableAccount): { title: string; name: string; kind: string } {
  const t = i18n.t.bind(i18n);
  const title =
    choice.key === 'work'
      ? t('accounts.myWork')
      : choice.landlord
        ? t('accounts.mySpace')
        : t('accounts.myAgency');
  return {
    title,
    name: choice.key === 'work' && choice.landlord ? t('admin.accountLabel.landlord', { name: choice.ownerName }) : choice.name,
    kind: choice.landlord ? t('accounts.landlordAccount') : t('accounts.agencyAccount'),
  };
}

import type { Catalogue } from '../catalogue';
import { accounts, errorPages } from './account-screens';
import { admin } from './admin-screens';
import { clientScreens } from './client-screens';
import { common, nav } from './common';
import { dashboard } from './dashboard';
import { documents } from './documents';
import { figures } from './figures';
import { ledger } from './ledger-text';
import { messages } from './messages';
import { hiring } from './hiring-screens';
import { money } from './money-screens';
import { audit, outbox } from './office-screens';
import { mpesa } from './mpesa-screens';
import { agency, clients, profile, properties, signIn, signUp, welcome } from './pages';
import { findHouse, houses, propertyList } from './property-screens';
import { tenancies } from './tenancy-screens';
import { landlordView } from './landlord-view';
import { landlordMoney } from './landlord-money';
import { tenantPage } from './tenant-page';
import { reminders } from './reminders';
import { water } from './water';
import { agencyUsers } from './agency-users';
import { mpesaScreens } from './mpesa-screens';
import { bankScreens } from './bank-screens';
import { ledgerExportScreens } from './ledger-export-screens';
import { rentReviews } from './rent-reviews';
import { chargeSettings } from './charge-settings';
import { invoices } from './invoices';
import { reminderOptOut } from './reminder-opt-out';
import { maintenance } from './maintenance';
import { passThrough } from './pass-through';
import { feeTransfers } from './fee-transfers';
import { kyc } from './kyc';
import { openingBalances } from './opening-balances';
import { bookImport } from './book-import';
import { clientMoney } from './client-money';
import { userEmails } from './user-emails';
import { dataProtection } from './data-protection';

/** The Kiswahili catalogue; its words follow docs/glossary.md. */
export const sw: Catalogue = {
  common,
  nav,
  welcome,
  signIn,
  signUp,
  profile,
  clients,
  clientScreens,
  agency,
  properties,
  dashboard,
  propertyList,
  houses,
  findHouse,
  tenancies,
  money,
  hiring,
  accounts,
  errorPages,
  outbox,
  audit,
  mpesa,
  ledger,
  admin,
  messages,
  documents,
  figures,
  tenantPage,
  water,
  rentReviews,
  chargeSettings,
  reminders,
  landlordView,
  agencyUsers,
  mpesaScreens,
  bankScreens,
  ledgerExportScreens,
  landlordMoney,
  invoices,
  reminderOptOut,
  maintenance,
  passThrough,
  feeTransfers,
  kyc,
  openingBalances,
  bookImport,
  clientMoney,
  userEmails,
  dataProtection,
};

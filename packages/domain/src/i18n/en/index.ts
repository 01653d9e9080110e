import { common, nav } from './common';
import { documents } from './documents';
import { messages } from './messages';
import { agency, clients, profile, properties, signIn, signUp, welcome } from './pages';
import { tenantPage } from './tenant-page';
import { reminders } from './reminders';
import { water } from './water';

/** The English catalogue: SPEC's texts word for word, misspellings included. */
export const en = {
  common,
  nav,
  welcome,
  signIn,
  signUp,
  profile,
  clients,
  agency,
  properties,
  messages,
  documents,
  tenantPage,
  water,
  reminders,
};

import type { Catalogue } from '../catalogue';
import { common, nav } from './common';
import { documents } from './documents';
import { messages } from './messages';
import { agency, clients, profile, properties, signIn, signUp, welcome } from './pages';
import { tenantPage } from './tenant-page';
import { reminders } from './reminders';
import { water } from './water';

/** The Kiswahili catalogue; its words follow docs/glossary.md. */
export const sw: Catalogue = {
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

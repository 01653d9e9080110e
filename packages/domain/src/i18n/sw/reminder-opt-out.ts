import type { Catalogue } from '../catalogue';

/** Swichi ya vikumbusho vya malimbikizo ya upangaji. */
export const reminderOptOut: Catalogue['reminderOptOut'] = {
  title: 'Vikumbusho vya malimbikizo',
  label: 'Tuma vikumbusho vya malimbikizo kwa mpangaji huyu kwa SMS',
  on: 'Imewashwa: mpangaji atapata vikumbusho vya malimbikizo vya wakala.',
  off: 'Imezimwa: mpangaji hatapata vikumbusho vya malimbikizo.',
  adminOnly: 'Ni Msimamizi pekee anayeweza kubadilisha hili.',
  optedOut: 'Mpangaji hatapata vikumbusho vya malimbikizo',
  optedIn: 'Mpangaji atapata vikumbusho vya malimbikizo tena',
  failed: 'Hitilafu imetokea',
};

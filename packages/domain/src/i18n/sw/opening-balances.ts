import type { Catalogue } from '../catalogue';

/** Usimamizi → Kuhamia Makazi: mwezi wa kuanza na salio lililoletwa. */
export const openingBalances: Catalogue['openingBalances'] = {
  title: 'Kuhamia Makazi',
  intro: 'Mwezi wa kuanza ni mwezi wa kwanza Makazi inatoza. Madeni na pesa za wapangaji, na unachodaiwa na wenye nyumba, siku ya kuanza huingizwa mara moja kama salio lililoletwa: si risiti, hivyo hakuna nambari ya risiti, kamisheni wala SMS.',
  goLive: {
    title: 'Mwezi wa kuanza',
    month: 'Mwezi wa kwanza Makazi inatoza',
    none: 'Hakuna mwezi wa kuanza: kila mwezi tangu mwezi wa kwanza wa upangaji unatozwa.',
    current: 'Makazi inatoza kuanzia {{month}}.',
    save: 'Hifadhi',
    clear: 'Ondoa',
  },
  tenancy: {
    title: 'Salio lililoletwa la upangaji',
    tenancyId: 'Nambari ya upangaji',
    rent: 'Malimbikizo ya kodi',
    water: 'Malimbikizo ya maji',
    other: 'Malimbikizo mengine (faini na mengineyo)',
    deposit: 'Amana iliyoshikiliwa',
    credit: 'Ziada iliyoshikiliwa kwa mpangaji',
    submit: 'Ingiza salio lililoletwa',
  },
  landlord: {
    title: 'Salio lililoletwa la mwenye nyumba',
    landlordNo: 'Nambari ya mwenye nyumba',
    amount: 'Kiasi anachodaiwa wakala na mwenye nyumba siku ya kuanza',
    submit: 'Ingiza salio lililoletwa',
  },
  list: {
    title: 'Salio lililoletwa lililoingizwa',
    none: 'Hakuna salio lililoletwa lililoingizwa.',
    tenancy: 'Upangaji',
    landlord: 'Mwenye nyumba',
    entry: 'Kipengele',
    amount: 'Kiasi',
    reverse: 'Batilisha',
    reason: 'Sababu',
    submit: 'Batilisha',
  },
};

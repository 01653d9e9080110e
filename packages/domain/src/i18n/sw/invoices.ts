import type { Catalogue } from '../catalogue';

/** Ankara kwa wapangaji: ujumbe kila mpangaji anaopata, na mpangilio wake. */
export const invoices: Catalogue['invoices'] = {
  subject: '{{agency}}: ankara ya {{months}}',
  text: '{{agency}}: ankara ya {{months}}. {{lines}}. Jumla: {{total}}.',
  pay: ' Lipa kupitia Paybill {{paybill}}, akaunti {{account}}.',
  rent: 'Kodi',
  earlier: 'Salio la awali',
  line: '{{kind}} {{amount}}',
  and: 'na',
  setting: 'Tuma ankara kwa kila mpangaji (SMS au barua pepe) uendeshaji wa mwezi unapotoza mwezi',
  settingHelp: 'Kwa lugha ya mpangaji: gharama za mwezi kwa aina, jumla inayodaiwa, na paybill na akaunti ya kulipa.',
  on: 'Wapangaji watapata ankara uendeshaji wa mwezi unapotoza mwezi.',
  off: 'Wapangaji hawatapata ankara kutoka kwa uendeshaji wa mwezi.',
};

/**
 * Every route path in one table. `path` is the router pattern (relative for
 * children), `getHref` builds a link to it.
 */
export const SPACES = ['myspace', 'agency'] as const;
export type Space = (typeof SPACES)[number];

export function isSpace(value: string | undefined): value is Space {
  return SPACES.includes(value as Space);
}

const pm = (space: Space, rest = '') => `/propertymanagement/${space}${rest ? `/${rest}` : ''}`;

export const paths = {
  home: { path: '/', getHref: () => '/' },
  signIn: { path: '/signin', getHref: () => '/signin' },
  findHouse: { path: '/findhouse', getHref: () => '/findhouse' },
  signUp: { path: '/signup', getHref: () => '/signup' },
  settings: { path: '/settings/:id', getHref: (id: string | number) => `/settings/${id}` },
  settingsWork: {
    path: '/settings/:id/work',
    getHref: (id: string | number) => `/settings/${id}/work`,
  },
  unauthorized: { path: '/unauthorized', getHref: () => '/unauthorized' },
  landlordView: { path: '/landlord', getHref: () => '/landlord' },
  landlordInvite: { path: '/landlord-invite/:token', getHref: (token: string) => `/landlord-invite/${token}` },
  createAgencyAccount: {
    path: '/propertymanagement/createagencyaccount',
    getHref: () => '/propertymanagement/createagencyaccount',
  },
  notFound: { path: '*', getHref: () => '/' },
  pm: {
    root: { path: '/propertymanagement/:space', getHref: (space: Space) => pm(space) },
    dashboard: { path: 'dashboard', getHref: (space: Space) => pm(space, 'dashboard') },
    agencySelection: { path: 'agencySelection', getHref: (space: Space) => pm(space, 'agencySelection') },
    admin: { path: 'admin', getHref: (space: Space) => pm(space, 'admin') },
    moneyTransactions: {
      path: 'PMMoneyTransactions',
      getHref: (space: Space) => pm(space, 'PMMoneyTransactions'),
    },
    client: { path: 'client', getHref: (space: Space) => pm(space, 'client') },
    addClient: { path: 'client/addclient', getHref: (space: Space) => pm(space, 'client/addclient') },
    addClientSuccess: {
      path: 'client/addclient/success',
      getHref: (space: Space) => pm(space, 'client/addclient/success'),
    },
    clientUserManagement: {
      path: 'client/usermanagement',
      getHref: (space: Space) => pm(space, 'client/usermanagement'),
    },
    editClient: {
      path: 'client/editclientdetails',
      getHref: (space: Space) => pm(space, 'client/editclientdetails'),
    },
    properties: {
      path: 'propertymanagement',
      getHref: (space: Space) => pm(space, 'propertymanagement'),
    },
    property: {
      path: 'propertymanagement/:PropId',
      getHref: (space: Space, propId: number) => pm(space, `propertymanagement/${propId}`),
    },
    reminders: { path: 'reminders', getHref: (space: Space) => pm(space, 'reminders') },
    openingBalances: { path: 'opening-balances', getHref: (space: Space) => pm(space, 'opening-balances') },
    bookImport: { path: 'book-import', getHref: (space: Space) => pm(space, 'book-import') },
    waterReadings: {
      path: 'propertymanagement/:PropId/water',
      getHref: (space: Space, propId: number) => pm(space, `propertymanagement/${propId}/water`),
    },
    tenancies: {
      path: 'tenancymanagement/tenancies',
      getHref: (space: Space) => pm(space, 'tenancymanagement/tenancies'),
    },
    bookTenancy: {
      path: 'tenancymanagement/booknewtency',
      getHref: (space: Space) => pm(space, 'tenancymanagement/booknewtency'),
    },
    terminateTenancy: {
      path: 'tenancymanagement/terminatetenancy',
      getHref: (space: Space) => pm(space, 'tenancymanagement/terminatetenancy'),
    },
    tenancyDetails: {
      path: 'tenancymanagement/tenancies/:TenancyId',
      getHref: (space: Space, id: number) => pm(space, `tenancymanagement/tenancies/${id}`),
    },
    bookTenancyHouse: {
      path: 'tenancymanagement/booknewtency/:HouseId',
      getHref: (space: Space, houseId: number) => pm(space, `tenancymanagement/booknewtency/${houseId}`),
    },
    mpesa: { path: 'mpesa', getHref: (space: Space) => pm(space, 'mpesa') },
    bank: { path: 'bank', getHref: (space: Space) => pm(space, 'bank') },
    ledgerExport: { path: 'accountant-export', getHref: (space: Space) => pm(space, 'accountant-export') },
    maintenance: { path: 'maintenance', getHref: (space: Space) => pm(space, 'maintenance') },
    aml: { path: 'anti-money-laundering', getHref: (space: Space) => pm(space, 'anti-money-laundering') },
    outbox: { path: 'notices', getHref: (space: Space) => pm(space, 'notices') },
    audit: {
      path: 'audit',
      getHref: (space: Space, record?: { table: string; recordId: number }) =>
        pm(space, record ? `audit?table=${record.table}&recordId=${record.recordId}` : 'audit'),
    },
    dataProtection: { path: 'data-protection', getHref: (space: Space) => pm(space, 'data-protection') },
    mpesaTab: { path: 'mpesa/:tab', getHref: (space: Space, tab: string) => pm(space, `mpesa/${tab}`) },
    landlordMoney: { path: 'landlord-money', getHref: (space: Space) => pm(space, 'landlord-money') },
    // Before landlord-money/:tab in rank (a fixed segment wins): the landlord money page's "Client money" tab opens it.
    clientMoney: { path: 'landlord-money/client-money', getHref: (space: Space) => pm(space, 'landlord-money/client-money') },
    landlordMoneyTab: {
      path: 'landlord-money/:tab',
      getHref: (space: Space, tab: string) => pm(space, `landlord-money/${tab}`),
    },
    moneyTransactionsTab: {
      // The id is optional: one route for the page with or without a tab keeps it mounted while tabs change.
      path: 'PMMoneyTransactions/:id?',
      getHref: (space: Space, id: string) => pm(space, `PMMoneyTransactions/${id}`),
    },
    adminTab: {
      path: 'admin/:tab',
      getHref: (space: Space, tab: string) => pm(space, `admin/${tab}`),
    },
  },
} as const;

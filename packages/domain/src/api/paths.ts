/** Every API call, spelled as SPEC.md §7 spells it, under /api (DESIGN.md §3). */
export const API = {
  health: '/health',
  auth: {
    login: '/userauth/login',
    endPreviousSession: '/userauth/endPreviousSession',
    refreshAccessToken: '/userauth/refreshAccessToken',
    authenticateUser: '/userauth/authenticateuser',
    logout: '/userauth/logout',
    signup: '/userauth/signup',
  },
  client: {
    checkEmailNotTaken: '/client/checkEmailNotTaken',
    getOtp: '/client/getOtp',
    verifyOtp: '/client/verifyOtp',
    register: '/client/register',
    edit: '/client/editclientdetails',
    byClientNo: '/client/getClientByClientNo',
    search: '/client/getclientbyProvideddetails',
    searchAlias: '/client/getClientByProvidedDetails1',
    landlordSearch: '/landlords/getlandlordbyprovided_details',
  },
  users: {
    generalInformation: '/usermanagement/getusersgeneralinformation',
    agentsManagedByUser: '/usermanagement/getagentsmanagedbyuser',
  },
  agents: {
    create: '/agent/createagent',
    byId: '/agent/getagentbyagentid',
  },
  properties: {
    register: '/properties/registerProperty',
    all: '/properties/getAllProperties',
    byAgent: '/properties/getAllPropertiesByAgentId',
  },
  houses: {
    add: '/house/addhouse',
    edit: '/house/edithousedetails',
    all: '/house/getallhouses',
    byProperty: '/house/gethousesbyPropId',
  },
  tenancies: {
    book: '/tenancy/newtenancyinit',
    terminate: '/tenancy/terminatetenancy',
    activeByAgent: '/tenancy/getactivetenanciesbymanagingid',
    activeByLandlord: '/tenancy/getactivetenanciesbylandlordno',
    byId: '/tenancy/gettenancybyid',
    counts: '/tenancy/counts',
    invoicingDetails: '/tenancy/getlatestinvoicingdetailsbyagentno',
    runInvoices: '/tenancy/runmonthlytenancyinvoicesbyagentid',
    invoiceRuns: '/tenancy/invoiceruns',
    automaticInvoicing: '/tenancy/automaticinvoicing',
    settle: '/tenancy/settletenancy',
  },
  money: {
    receipt: '/pmMoneyTransactions/rentreciept',
    ledgers: '/pmMoneyTransactions/getagentledgersbyagentid',
    receipts: '/pmMoneyTransactions/receipts',
    reverse: '/pmMoneyTransactions/reverse',
  },
  findHouse: {
    vacantHouses: '/findhouse/vacanthouses',
    listing: '/agent/vacancylisting',
  },
  statements: {
    tenant: '/financialstatements/gettenantstatement',
    pdf: '/financialstatements/statement.pdf',
  },
} as const;

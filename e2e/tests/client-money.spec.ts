import { readFile, writeFile } from 'node:fs/promises';

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { post } from '../support/api';
import { newPerson, personWithAccount, signInViaUi, withApiSession } from '../support/people';
import { shoot } from '../support/screens';

// Client money (docs/landlord-money.md#client-money): a tenant has paid 30,000
// (deposit 10,000 and rent 20,000); the office adds its client bank account,
// reconciles today's statement balance of 29,950 with the books' 30,000 and a
// bank charge of 50 that explains the rest, sees the reconciliation kept, and
// takes the accountant's year-end pack, whose CSV closes on the same 30,000.

const pm = (rest: string) => `/propertymanagement/agency/${rest}`;
const owner = newPerson('Achieng', 'Odhiambo');
const nairobiToday = () => new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);

test.describe.configure({ mode: 'serial' });

let office: Page;
let request: APIRequestContext;

test.beforeAll(async ({ browser, playwright }) => {
  test.setTimeout(120_000);
  // The server's own clock: the system's (the agreement starts today, the reconciliation is today's).
  await writeFile(process.env.E2E_CLOCK_FILE!, '');
  request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const agentId = await personWithAccount(request, owner, { Self: 0, AgentName: 'Uaminifu Agencies' });
  await withApiSession(request, owner, async (headers) => {
    const landlord = await post(request, '/api/client/register', headers, {
      First_name: 'Kamau',
      Last_name: 'Mwangi',
      Email: `kamau-${Date.now()}@example.com`,
      PhoneNo: '0722000222',
      CapturingAgentId: agentId,
    });
    const property = await post(request, '/api/properties/registerProperty', headers, {
      Property_name: 'Uaminifu Court',
      Rental_units: 1,
      County: 'Nairobi',
      Town: 'Nairobi',
      Area_Estate: 'Parklands',
      LandlordNo: landlord.clientNo,
      managingAgentId: agentId,
    });
    const house = await post(request, '/api/house/addhouse', headers, {
      PropId: property.PropId,
      House_number: 'B2',
      Description: 'One bedroom',
      Rent: '20,000',
      Deposit: '10,000',
      readiness: 0,
    });
    await post(request, '/api/landlord-money/agreement', headers, {
      managingAgentId: agentId,
      PropId: property.PropId,
      EffectiveFrom: nairobiToday(),
      CommissionPercent: '10.00',
      WithholdTax: false,
      PayoutMethod: 'bank',
      PayoutBank: 'KCB',
      PayoutAccount: '1234567890',
      RemittanceDay: 5,
    });
    const tenant = await post(request, '/api/client/register', headers, {
      First_name: 'Wanjiru',
      Last_name: 'Kariuki',
      Email: `wanjiru-${Date.now()}@example.com`,
      PhoneNo: '0708374150',
      CapturingAgentId: agentId,
    });
    const booked = await post(request, '/api/tenancy/newtenancyinit', headers, {
      HouseId: house.HouseId,
      ClientNo: tenant.clientNo,
      Id_number: '23456780',
      Tenant_Employer: 'Kenya Power',
      Tenant_Business: 'Not in business',
      Next_of_kin_name: 'Mama Kariuki',
      Next_of_kin_phone: '0799888666',
    });
    await post(request, '/api/pmMoneyTransactions/rentreciept', headers, {
      tenancyID: booked.TenancyId,
      paymentdetails: 'Cash at office',
      RecievedAmount: '30,000',
      managingAgentId: agentId,
      ledgerName: 'Rent',
      idempotencyKey: `client-money-walk-${Date.now()}`,
    });
  });
  office = await (await browser.newContext({ acceptDownloads: true })).newPage();
});

test.afterAll(async () => {
  await office?.context().close();
  await request?.dispose();
});

test('the office adds its client account and reconciles today to the shilling', async () => {
  // Two screens checked by axe at two widths on a shared machine.
  test.setTimeout(300_000);
  await signInViaUi(office, owner);
  await office.goto(pm('landlord-money/balances'));
  await office.getByRole('tab', { name: 'Client money' }).click();
  await expect(office.getByRole('heading', { name: 'Client money', level: 2 })).toBeVisible();

  const accounts = office.getByRole('region', { name: 'Client accounts' });
  await expect(accounts).toContainText('No client account yet');
  await accounts.getByRole('button', { name: 'Add client account' }).click();
  await accounts.getByLabel('Name').fill('KCB client account');
  await accounts.getByLabel('Account or paybill number').fill('1100223344');
  await accounts.getByRole('button', { name: 'Save account' }).click();
  await expect(accounts.getByRole('table', { name: 'Client accounts' })).toContainText('KCB client account');

  const reconcile = office.getByRole('region', { name: 'Reconcile' });
  await expect(reconcile.getByRole('row', { name: /Must be held/ })).toContainText('Ksh 30,000.00');
  await reconcile.getByLabel('KCB client account: statement balance (Ksh)').fill('29950');
  await expect(reconcile.getByRole('status')).toContainText('Unexplained difference: Ksh 50.00');
  await reconcile.getByRole('button', { name: 'Add item' }).click();
  await reconcile.getByLabel('Item', { exact: true }).click();
  await office.getByRole('option', { name: 'Bank charge' }).click();
  await reconcile.getByLabel('Amount (Ksh)').fill('50');
  await reconcile.getByLabel('Note').fill('Monthly ledger fee');
  await expect(reconcile.getByRole('status')).toContainText('Every shilling is explained');
  await shoot(office, 'client-money-reconcile');
  await reconcile.getByRole('button', { name: 'Record reconciliation' }).click();
  await expect(reconcile.getByRole('status').last()).toContainText('Reconciliation recorded');

  const history = office.getByRole('table', { name: 'Reconciliations' });
  await expect(history).toContainText(nairobiToday());
  await expect(history).toContainText('Bank charge: Ksh 50.00 — Monthly ledger fee');
  await expect(history).toContainText('In force');
});

test('the accountant’s year-end pack closes on what the books hold, on screen and in its CSV', async () => {
  test.setTimeout(300_000);
  const pack = office.getByRole('region', { name: 'Client money: accountant’s year-end pack' });
  await pack.getByRole('button', { name: 'Show' }).click();
  await expect(pack.getByTestId('year-end-agrees')).toContainText('= held at the end Ksh 30,000.00');
  await expect(pack.getByRole('table', { name: 'Client money per the books' }).getByRole('row', { name: /Must be held/ })).toContainText('Ksh 30,000.00');
  await shoot(office, 'client-money-year-end');
  const [download] = await Promise.all([office.waitForEvent('download'), pack.getByRole('button', { name: 'Download CSV' }).click()]);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv).toContain(`Closing,${nairobiToday()},,Held,30000.00`);
  expect(csv).toContain('bank_charge: Monthly ledger fee,50.00');
});

import { writeFile } from 'node:fs/promises';

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { post } from '../support/api';
import { newPerson, personWithAccount, signInViaUi, withApiSession } from '../support/people';
import { shoot } from '../support/screens';

// Issue 32, points 7 and 8, walked as a new agency: rent comes in before any
// agreement, the dashboard asks for the agreement and the KRA PIN, and the
// remittance run confirms count and total, takes a reference per payout and
// names the landlord with the advice PDF. Each screen at 1280 and 390 px with axe.

const pm = (rest: string) => `/propertymanagement/agency/${rest}`;
const owner = newPerson('Zawadi', 'Kamau');
const nairobiToday = () => new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
const landlordName = 'Baraka Mwangi';

test.describe.configure({ mode: 'serial' });

let office: Page;
let request: APIRequestContext;
let agentId = 0;
let propId = 0;
let landlordNo = 0;
let tenancyId = 0;
let headersOf: (fn: (headers: Record<string, string>) => Promise<void>) => Promise<void>;

test.beforeAll(async ({ browser, playwright }) => {
  test.setTimeout(120_000);
  await writeFile(process.env.E2E_CLOCK_FILE!, '');
  request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  agentId = await personWithAccount(request, owner, { Self: 0, AgentName: 'Jamii Agencies' });
  headersOf = (fn) => withApiSession(request, owner, fn);
  await headersOf(async (headers) => {
    const client = await post(request, '/api/client/register', headers, {
      First_name: 'Baraka',
      Last_name: 'Mwangi',
      Email: `baraka-${Date.now()}@example.com`,
      PhoneNo: '0722000222',
      CapturingAgentId: agentId,
    });
    landlordNo = client.clientNo;
    const property = await post(request, '/api/properties/registerProperty', headers, {
      Property_name: 'Jamii Court',
      Rental_units: 1,
      County: 'Nairobi',
      Town: 'Nairobi',
      Area_Estate: 'Lavington',
      LandlordNo: landlordNo,
      managingAgentId: agentId,
    });
    propId = property.PropId;
    const house = await post(request, '/api/house/addhouse', headers, {
      PropId: propId,
      House_number: 'B2',
      Description: 'One bedroom',
      Rent: '20,000',
      Deposit: '0',
      readiness: 0,
    });
    const tenant = await post(request, '/api/client/register', headers, {
      First_name: 'Imani',
      Last_name: 'Wafula',
      Email: `imani-${Date.now()}@example.com`,
      PhoneNo: '0708374150',
      CapturingAgentId: agentId,
    });
    const booked = await post(request, '/api/tenancy/newtenancyinit', headers, {
      HouseId: house.HouseId,
      ClientNo: tenant.clientNo,
      Id_number: '23456790',
      Tenant_Employer: 'KenGen',
      Tenant_Business: 'Not in business',
      Next_of_kin_name: 'Mama Wafula',
      Next_of_kin_phone: '0799888770',
    });
    tenancyId = booked.TenancyId;
    await post(request, '/api/pmMoneyTransactions/rentreciept', headers, {
      tenancyID: tenancyId,
      paymentdetails: 'M-Pesa',
      RecievedAmount: '20,000',
      managingAgentId: agentId,
      ledgerName: 'Rent',
      idempotencyKey: `setup-${tenancyId}-${Date.now()}`,
    });
  });
  office = await (await browser.newContext()).newPage();
  await signInViaUi(office, owner);
});

/** The person's browser session ends (one session per user), then `fn` runs in an API session of theirs. */
async function takeOverSession(fn: (headers: Record<string, string>) => Promise<void>) {
  const refused = await request.post('/api/userauth/login', {
    data: { Email: owner.email, Password: owner.password },
  });
  if (refused.status() === 401) {
    const { SessionId } = await refused.json();
    await request.patch('/api/userauth/endPreviousSession', { data: { SessionId } });
  } else {
    const { accessToken } = await refused.json();
    await request.post('/api/userauth/logout', {
      headers: { authorization: `Bearer ${accessToken}` },
      data: {},
    });
  }
  await withApiSession(request, owner, fn);
}

test.afterAll(async () => {
  await office?.context().close();
  await request?.dispose();
});

test('the dashboard asks for the agreement and the KRA PIN, naming the property and the landlord', async () => {
  await office.goto(pm('dashboard'));
  const setup = office.getByRole('region', { name: 'Set up landlord money' });
  await expect(setup).toContainText(`Management agreement for Jamii Court (${landlordName})`);
  await expect(setup).toContainText(`KRA PIN of ${landlordName}`);
  await shoot(office, 'landlord-setup-dashboard');
});

test('an agreement from the 1st re-splits the rent already in; the checklist empties', async () => {
  await takeOverSession(async (headers) => {
    await post(request, '/api/landlord-money/agreement', headers, {
      managingAgentId: agentId,
      PropId: propId,
      EffectiveFrom: `${nairobiToday().slice(0, 8)}01`,
      CommissionPercent: '10.00',
      WithholdTax: true,
      KraAppointedOn: '2026-01-05',
      KraAppointmentRef: 'KRA/WHT/2026/001',
      PropertyUse: 'residential',
      PayoutMethod: 'mpesa',
      PayoutPhone: '0722000222',
      RemittanceDay: 5,
    });
    await post(request, '/api/landlord-money/kra-pin', headers, {
      managingAgentId: agentId,
      LandlordNo: landlordNo,
      KraPin: 'A123456780B',
    });
  });
  await signInViaUi(office, owner);
  await office.goto(pm('dashboard'));
  await expect(office.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(office.getByRole('region', { name: 'Set up landlord money' })).toHaveCount(0);
  await office.goto(pm('landlord-money/balances'));
  await expect(office.getByRole('row').filter({ hasText: landlordName })).toContainText('16,500.00');
});

test('the remittance run confirms count and total, keeps the reference and names the landlord with the advice', async () => {
  await office.goto(pm('landlord-money/remittance'));
  const run = office.getByRole('region', { name: 'Remittance run' });
  await expect(run.getByRole('row').filter({ hasText: landlordName })).toContainText('Ksh 16,500.00');
  await run.getByRole('textbox', { name: `M-Pesa or bank reference for ${landlordName}` }).fill('QK7PLM2XYZ');
  await shoot(office, 'remittance-run');
  await run.getByRole('button', { name: /^Pay 1 landlord Ksh 16,500.00$/ }).click();
  const dialog = office.getByRole('dialog');
  await expect(dialog).toContainText('Record 1 payout, Ksh 16,500.00 in all?');
  await shoot(office, 'remittance-confirm');
  await dialog.getByRole('button', { name: 'Record 1 payout of Ksh 16,500.00' }).click();
  await expect(run.getByText(`paid: ${landlordName}`)).toBeVisible();
  const [advice] = await Promise.all([
    office.waitForEvent('download'),
    run.getByRole('button', { name: `Remittance advice (PDF) for ${landlordName}` }).click(),
  ]);
  expect(advice.suggestedFilename()).toMatch(/\.pdf$/);
  await shoot(office, 'remittance-paid');
});

test('the tenancy screen shows rent arrears apart from the other charges', async () => {
  await office.goto(pm(`tenancymanagement/tenancies/${tenancyId}`));
  await expect(office.getByTestId('charges-due')).toHaveText('Ksh 0.00');
  await expect(office.getByTestId('rent-arrears')).toHaveText('Ksh 0.00');
  await shoot(office, 'tenancy-rent-apart');
});

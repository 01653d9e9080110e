import { writeFile } from 'node:fs/promises';

import { expect, test } from '@playwright/test';

import { newPerson, personWithAccount, signInViaUi, withApiSession } from '../support/people';
import { expectAccessible, shoot } from '../support/screens';
import { post } from '../support/api';

/**
 * The dashboard's money figures over a ledger built through the API: a catch-up
 * run, partial payments, an ending with rent still owed. The server's clock is
 * moved by the TEST_CLOCK_FILE global-setup gives it.
 */
const pm = (rest: string) => `/propertymanagement/agency/${rest}`;
const owner = newPerson('Wanjiku', 'Kariuki');

async function setServerClock(iso: string) {
  await writeFile(process.env.E2E_CLOCK_FILE!, iso);
}

test.describe.configure({ mode: 'serial' });

const tenancies: number[] = [];

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  await setServerClock('2027-06-20T09:00:00Z');
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const agentId = await personWithAccount(request, owner, { Self: 0, AgentName: 'Kariuki Estates' });
  const receipt = (headers: Record<string, string>, tenancyID: number, amount: string, ledgerName = 'Rent') =>
    post(request, '/api/pmMoneyTransactions/rentreciept', headers, {
      tenancyID,
      paymentdetails: 'M-Pesa',
      RecievedAmount: amount,
      managingAgentId: agentId,
      ledgerName,
      idempotencyKey: `dash-${tenancyID}-${amount}-${Date.now()}`,
    });
  await withApiSession(request, owner, async (headers) => {
    const landlord = await post(request, '/api/client/register', headers, {
      First_name: 'Kamau',
      Last_name: 'Njoroge',
      Email: `kamau-${Date.now()}@example.com`,
      PhoneNo: '0712345678',
      CapturingAgentId: agentId,
    });
    const properties = [
      { name: 'Jacaranda Court', houses: 3, rent: '10,000', tenants: ['Akinyi', 'Baraka'] },
      { name: 'Mvule Flats', houses: 2, rent: '7,500.50', tenants: ['Chebet'] },
    ];
    for (const p of properties) {
      const property = await post(request, '/api/properties/registerProperty', headers, {
        Property_name: p.name,
        Rental_units: p.houses,
        County: 'Nairobi',
        Town: 'Nairobi',
        Area_Estate: 'Kileleshwa',
        LandlordNo: landlord.clientNo,
        managingAgentId: agentId,
      });
      for (let i = 0; i < p.houses; i++) {
        const house = await post(request, '/api/house/addhouse', headers, {
          PropId: property.PropId,
          House_number: `${p.name[0]}${i + 1}`,
          Description: 'One bedroom',
          Rent: p.rent,
          Deposit: '5,000',
          readiness: 0,
        });
        const first = p.tenants[i];
        if (!first) continue;
        const client = await post(request, '/api/client/register', headers, {
          First_name: first,
          Last_name: 'Odhiambo',
          Email: `${first.toLowerCase()}-${Date.now()}@example.com`,
          PhoneNo: '0712345678',
          CapturingAgentId: agentId,
        });
        const booked = await post(request, '/api/tenancy/newtenancyinit', headers, {
          HouseId: house.HouseId,
          ClientNo: client.clientNo,
          Id_number: '12345678',
          Tenant_Employer: 'Acme Limited',
          Tenant_Business: 'None at all',
          Next_of_kin_name: 'Mary Odhiambo',
          Next_of_kin_phone: '0722000111',
        });
        tenancies.push(booked.TenancyId);
      }
    }
    await receipt(headers, tenancies[0]!, '5,000', 'Deposit');
    await receipt(headers, tenancies[0]!, '10,000');
  });
  // August 5: July was never run; the run charges July and August.
  await setServerClock('2027-08-05T09:00:00Z');
  await withApiSession(request, owner, async (headers, user) => {
    await post(request, '/api/tenancy/runmonthlytenancyinvoicesbyagentid', headers, {
      managingAgentId: agentId,
      updatedBy: user.userNo,
      currentDate: new Date().toISOString(),
    });
    await receipt(headers, tenancies[0]!, '12,000');
    await receipt(headers, tenancies[2]!, '3,000.25');
    await post(request, '/api/tenancy/terminatetenancy', headers, {
      tenancyId: tenancies[1],
      managingAgentId: agentId,
    });
  });
  await request.dispose();
});

test.afterAll(async () => {
  await setServerClock('');
});

test('the welcome page does not load the charts; the dashboard shows the money as charts and text', async ({
  page,
}) => {
  const charts: string[] = [];
  page.on('request', (r) => {
    if (/money-charts/.test(r.url())) charts.push(r.url());
  });
  await signInViaUi(page, owner);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(charts, 'the welcome page loads no chart code').toEqual([]);

  await page.goto(pm('dashboard'));
  // August: 10,000 + 10,000 (Baraka's ended) + 7,500.50 charged. Of August's receipts only
  // what paid August's rent counts (docs/dashboard-money.md): Akinyi's 12,000 pays July's
  // 10,000 first and 2,000 of August; the 3,000.25 pays July's arrears.
  const collection = page.getByRole('region', { name: 'Rent collection, August 2027' });
  await expect(collection).toContainText('7% collected');
  await expect(collection).toContainText('Charged: Ksh 27,500.50');
  await expect(collection).toContainText('Collected: Ksh 2,000.00');
  expect(charts.length, 'the dashboard loads the charts').toBeGreaterThan(0);

  // Akinyi: 30,000 charged, 22,000 paid: 8,000 of August (4 days). Baraka: June (46 days), July (35), August.
  // Chebet: 3,000.25 settles part of June: 4,500.25 of June, July and August unpaid.
  const ages = page.getByRole('region', { name: 'Rent arrears by age' });
  await expect(ages.getByRole('row', { name: /0–30 days/ })).toContainText('Ksh 25,500.50');
  await expect(ages.getByRole('row', { name: /31–60 days/ })).toContainText('Ksh 32,000.75');
  await expect(ages.getByRole('row', { name: /Total/ })).toContainText('Ksh 57,501.25');

  const most = page.getByRole('region', { name: 'Most in arrears' });
  const rows = most.getByRole('row');
  await expect(rows.nth(1)).toContainText('Baraka Odhiambo');
  await expect(rows.nth(1)).toContainText('Ended');
  await expect(rows.nth(1)).toContainText('Ksh 30,000.00');
  await expect(rows.nth(2)).toContainText('Chebet Odhiambo');
  await expect(rows.nth(3)).toContainText('Akinyi Odhiambo');

  const occupancy = page.getByRole('region', { name: 'Occupancy' });
  await expect(occupancy).toContainText('2 of 5 houses occupied (40%)');
  await expect(occupancy).toContainText('Jacaranda Court: 1 of 3');
  await expect(occupancy).toContainText('Mvule Flats: 1 of 2');
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await expectAccessible(page, 'dashboard with money');
  await shoot(page, 'dashboard-money');

  await most.getByRole('link', { name: 'Chebet Odhiambo' }).click();
  await expect(page).toHaveURL(new RegExp(`/tenancymanagement/tenancies/${tenancies[2]}$`));
  await expect(page.getByRole('table', { name: 'Financial statement' })).toBeVisible();
});

test('an agency without anything shows zeros, not errors', async ({ page, playwright }) => {
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const empty = newPerson('Zawadi', 'Mutua');
  await personWithAccount(request, empty, { Self: 0, AgentName: 'Mutua Homes' });
  await request.dispose();
  await signInViaUi(page, empty);
  await page.goto(pm('dashboard'));
  await expect(page.getByRole('region', { name: 'Rent collection, August 2027' })).toContainText(
    'No rent charged yet',
  );
  await expect(
    page.getByRole('region', { name: 'Rent arrears by age' }).getByRole('row', { name: /Total/ }),
  ).toContainText('Ksh 0.00');
  await expect(page.getByText('No tenancy owes rent.')).toBeVisible();
  await expect(page.getByText('No properties yet.')).toBeVisible();
  await shoot(page, 'dashboard-money-empty');
});

import { writeFile } from 'node:fs/promises';

import { expect, test, type Browser, type Page } from '@playwright/test';

import { newPerson, personWithAccount, registerClientViaApi, signInViaUi, withApiSession } from '../support/people';
import { post } from '../support/api';

/**
 * The ledger through the screens: a reversal, the run that catches up missed
 * months, and settling a tenancy at its end. The server's clock is moved by the
 * TEST_CLOCK_FILE global-setup gives it (a test-only setting).
 */
const pm = (rest: string) => `/propertymanagement/agency/${rest}`;
const owner = newPerson('Njeri', 'Mwangi');

async function setServerClock(iso: string) {
  await writeFile(process.env.E2E_CLOCK_FILE!, iso);
}

test.describe.configure({ mode: 'serial' });

let page: Page;
let agentId = 0;
const tenancies: number[] = [];

/** A fresh browser signed in as the owner: after the clock moves a month or two, the old session has lapsed. */
async function signedInPage(browser: Browser) {
  await page?.context().close();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  await signInViaUi(page, owner);
}

test.beforeAll(async ({ browser, playwright }) => {
  test.setTimeout(120_000);
  await setServerClock('2027-03-15T09:00:00Z');
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  agentId = await personWithAccount(request, owner, { Self: 0, AgentName: 'Mwangi Homes' });
  const landlordNo = await registerClientViaApi(request, owner, agentId, newPerson('Kamau', 'Njoroge'));
  await withApiSession(request, owner, async (headers) => {
    const property = await post(request, '/api/properties/registerProperty', headers, {
      Property_name: 'Jacaranda Court',
      Rental_units: 2,
      County: 'Nairobi',
      Town: 'Nairobi',
      Area_Estate: 'Kileleshwa',
      LandlordNo: landlordNo,
      managingAgentId: agentId,
    });
    for (const [i, first] of ['Akinyi', 'Baraka'].entries()) {
      const house = await post(request, '/api/house/addhouse', headers, {
        PropId: property.PropId,
        House_number: `J${i + 1}`,
        Description: 'One bedroom',
        Rent: '10,000',
        Deposit: '20,000',
        readiness: 0,
      });
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
    const receipt = (tenancyID: number, amount: string, ledgerName: string, key: string) =>
      post(request, '/api/pmMoneyTransactions/rentreciept', headers, {
        tenancyID,
        paymentdetails: 'Cash at office',
        RecievedAmount: amount,
        managingAgentId: agentId,
        ledgerName,
        idempotencyKey: `${key}-${Date.now()}`,
      });
    await receipt(tenancies[0]!, '20,000', 'Deposit', 'deposit-a');
    await receipt(tenancies[1]!, '50,000', 'Rent', 'mistyped-b');
  });
  await request.dispose();
  await signedInPage(browser);
});

test.afterAll(async () => {
  await page?.context().close();
  await setServerClock('');
});

test('reverses a mistyped receipt with a reason; both lines stay on the statement', async () => {
  await page.goto(pm(`tenancymanagement/tenancies/${tenancies[1]}`));
  await expect(page.getByTestId('balance-due')).toHaveText('Ksh 20,000.00 in credit');
  await expect(page.getByTestId('deposit-due')).toHaveText('Ksh 20,000.00');
  const statement = page.getByRole('table', { name: 'Financial statement' });
  const receiptRow = statement.getByRole('row').filter({ hasText: 'Cash at office' });
  await expect(receiptRow).toContainText('RCT-000002');
  await expect(receiptRow).toContainText('50,000.00');
  await receiptRow.getByRole('button', { name: 'Reverse' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reverse receipt RCT-000002?' });
  await dialog.getByRole('button', { name: 'Reverse' }).click();
  await expect(dialog.getByText('A reason is required')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Typed 50,000 for 5,000');
  await dialog.getByRole('button', { name: 'Reverse' }).click();
  await expect(dialog).toBeHidden();
  await expect(statement.getByRole('row').filter({ hasText: 'Reversal of RCT-000002: Typed 50,000 for 5,000' })).toContainText('30,000.00');
  await expect(receiptRow).toBeVisible();
  await expect(receiptRow.getByRole('button', { name: 'Reverse' })).toHaveCount(0);
  await expect(page.getByTestId('balance-due')).toHaveText('Ksh 30,000.00');
  // The printed statement carries the PDF's header.
  await expect(page.getByLabel('Statement header')).toContainText('Balance due: Ksh 30,000.00');
});

test('the monthly run charges the months nobody ran, each labelled, and says what it did', async ({ browser }) => {
  await setServerClock('2027-05-10T09:00:00Z'); // April was never run
  await signedInPage(browser);
  await page.goto(pm('admin/tenancies'));
  await expect(page.getByTestId('invoicing-status')).toHaveText('Due: 2 tenancies for April 2027 and May 2027, Ksh 40,000.00.');
  const due = page.getByRole('table', { name: 'Months due' });
  await expect(due.getByRole('row').filter({ hasText: 'April 2027' })).toContainText('Ksh 20,000.00');
  await page.getByRole('button', { name: 'Run monthly invoices' }).click();
  await page.getByRole('dialog', { name: 'Run monthly invoices?' }).getByRole('button', { name: 'Run invoices' }).click();
  await expect(page.getByText('Charged 2 tenancies for April 2027 and May 2027: Ksh 40,000.00')).toBeVisible();
  await expect(page.getByTestId('invoicing-status')).toHaveText('May 2027 is invoiced.');
  await expect(page.getByRole('button', { name: 'Run monthly invoices' })).toHaveCount(0);

  await page.goto(pm(`tenancymanagement/tenancies/${tenancies[0]}`));
  const statement = page.getByRole('table', { name: 'Financial statement' });
  await expect(statement.getByRole('row').filter({ hasText: 'Rent for April 2027' })).toContainText('10,000.00');
  await expect(statement.getByRole('row').filter({ hasText: 'Rent for May 2027' })).toContainText('10,000.00');
  await expect(page.getByTestId('balance-due')).toHaveText('Ksh 30,000.00');
  await expect(page.getByTestId('deposit-held')).toHaveText('Ksh 20,000.00');
});

test('terminating settles: the deposit held meets the arrears and the rest is refunded', async () => {
  await page.goto(pm('tenancymanagement/terminatetenancy'));
  await page.getByLabel('Tenancy ID').fill(String(tenancies[0]));
  await page.getByRole('button', { name: 'Find' }).click();
  const settlement = page.getByRole('region', { name: 'Settlement' });
  await expect(settlement.getByTestId('settlement-balance')).toHaveText('Ksh 30,000.00');
  await expect(settlement.getByTestId('settlement-deposit-held')).toHaveText('Ksh 20,000.00');
  await expect(settlement.getByLabel(/Apply the deposit held to rent arrears \(Ksh 20,000.00\)/)).toBeChecked();
  await page.getByRole('button', { name: 'Terminate Tenancy' }).click();
  await page.getByRole('dialog', { name: 'Terminate tenancy?' }).getByRole('button', { name: 'Terminate' }).click();
  await expect(page.getByText('Tenancy terminated. Deposit applied to arrears: Ksh 20,000.00')).toBeVisible();

  // Still owed 10,000: listed among ended tenancies with balances, and payable.
  await page.goto(pm('tenancymanagement/tenancies'));
  await page.getByRole('combobox', { name: 'List type' }).click();
  await page.getByRole('option', { name: 'Ended tenancies with balances' }).click();
  await expect(page.getByRole('row', { name: `Open tenancy ${tenancies[0]}` })).toContainText('Ksh 10,000.00');
  await page.goto(pm(`tenancymanagement/tenancies/${tenancies[0]}`));
  await expect(page.getByText('Terminated')).toBeVisible();
  await expect(page.getByTestId('deposit-held')).toHaveText('Ksh 0.00');
  await expect(page.getByRole('table', { name: 'Financial statement' }).getByRole('row').filter({ hasText: 'Deposit applied to arrears' })).toContainText('10,000.00');
});

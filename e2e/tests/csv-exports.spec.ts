import { readFile } from 'node:fs/promises';

import { expect, test, type Download, type Page } from '@playwright/test';

import { newPerson, personWithAccount, registerClientViaApi, signInViaUi, withApiSession } from '../support/people';
import { shoot } from '../support/screens';
import { post } from '../support/api';

/**
 * The CSV exports as an office uses them: a click on Export CSV saves a file
 * the browser downloads, fetched with the session's in-memory token, holding
 * what the screen's filters choose.
 */
const pm = (rest: string) => `/propertymanagement/agency/${rest}`;
const owner = newPerson('Wambui', 'Kariuki');

/** The downloaded file's text, split into records as RFC 4180 writes them (no field here holds a line break). */
async function csvOf(download: Download) {
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.charCodeAt(0), 'a byte-order mark for Excel').toBe(0xfeff);
  expect(text.endsWith('\r\n')).toBe(true);
  return text.slice(1).split('\r\n').filter(Boolean);
}

async function exportCsv(page: Page) {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  return downloading;
}

test.describe.configure({ mode: 'serial' });

let page: Page;
let agentId = 0;
const tenancies: number[] = [];

test.beforeAll(async ({ browser, playwright }) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  agentId = await personWithAccount(request, owner, { Self: 0, AgentName: 'Kariuki Lettings' });
  const landlordNo = await registerClientViaApi(request, owner, agentId, newPerson('Otieno', 'Ouma'));
  await withApiSession(request, owner, async (headers) => {
    const property = await post(request, '/api/properties/registerProperty', headers, {
      Property_name: 'Mvule Gardens',
      Rental_units: 2,
      County: 'Nairobi',
      Town: 'Nairobi',
      Area_Estate: 'Lavington',
      LandlordNo: landlordNo,
      managingAgentId: agentId,
    });
    for (const [i, first] of ['Wanjirũ', 'Chebet'].entries()) {
      const house = await post(request, '/api/house/addhouse', headers, {
        PropId: property.PropId,
        House_number: `M${i + 1}`,
        Description: 'Two bedroom',
        Rent: '12,500',
        Deposit: '0',
        readiness: 0,
      });
      const client = await post(request, '/api/client/register', headers, {
        First_name: first,
        Last_name: 'Kamau',
        Email: `csv-${i}-${Date.now()}@example.com`,
        PhoneNo: '0712345678',
        CapturingAgentId: agentId,
      });
      const booked = await post(request, '/api/tenancy/newtenancyinit', headers, {
        HouseId: house.HouseId,
        ClientNo: client.clientNo,
        Id_number: '12345678',
        Tenant_Employer: 'Acme Limited',
        Tenant_Business: 'None at all',
        Next_of_kin_name: 'Mary Kamau',
        Next_of_kin_phone: '0722000111',
      });
      tenancies.push(booked.TenancyId);
    }
    // Chebet pays in full with details a spreadsheet would take for a formula.
    await post(request, '/api/pmMoneyTransactions/rentreciept', headers, {
      tenancyID: tenancies[1],
      paymentdetails: '=1+2 paid, "cash"',
      RecievedAmount: '12,500',
      managingAgentId: agentId,
      ledgerName: 'Rent',
      idempotencyKey: `csv-e2e-${Date.now()}`,
    });
  });
  await request.dispose();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  await signInViaUi(page, owner);
});

test.afterAll(async () => {
  await page?.context().close();
});

test('exports the tenancies list with its current filter', async () => {
  await page.goto(pm('tenancymanagement/tenancies'));
  await expect(page.getByText('2 tenancies')).toBeVisible();
  await shoot(page, 'tenancies-list-export');
  await page.getByRole('combobox', { name: 'List type' }).click();
  await page.getByRole('option', { name: 'Tenancies with balances', exact: true }).click();
  await expect(page.getByText('1 tenancy', { exact: true })).toBeVisible();

  const download = await exportCsv(page);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^tenancies-balances-agent${agentId}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const [header, ...rows] = await csvOf(download);
  expect(header).toMatch(/^Tenancy ID,Tenant name,Tenant ID number,Phone,Email,Property,House number,/);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toContain(`${tenancies[0]},Wanjirũ Kamau,`);
  expect(rows[0]).toContain(',Mvule Gardens,M1,Nairobi,Lavington,');
  expect(rows[0]).toContain(',12500.00,0.00,12500.00,0.00,12500.00,1,');
});

test('exports the receipts list', async () => {
  await page.goto(pm('PMMoneyTransactions/pymnt'));
  await expect(page.getByRole('region', { name: 'Receipts' }).getByText('RCT-000001')).toBeVisible();
  await shoot(page, 'receipts-list-export');
  const download = await exportCsv(page);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^receipts-agent${agentId}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const [header, ...rows] = await csvOf(download);
  expect(header).toBe('Receipt number,Date,Tenancy ID,Tenant name,Property,House number,Ledger,Details,Amount (Ksh),Received by,Transaction ID,Reversed by transaction');
  expect(rows).toHaveLength(1);
  // The details are quoted, and made inert so the sheet shows them rather than computing them.
  expect(rows[0]).toMatch(new RegExp(`^RCT-000001,\\d{4}-\\d{2}-\\d{2},${tenancies[1]},Chebet Kamau,Mvule Gardens,M2,Rent,"'=1\\+2 paid, ""cash""",12500.00,`));

  // A range of days narrows the list and the export alike.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date(Date.now() + 86_400_000));
  await page.getByLabel('From', { exact: true }).fill(tomorrow);
  await expect(page.getByText('No payments received in these days.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  await page.getByLabel('From', { exact: true }).fill(today);
  await page.getByLabel('To', { exact: true }).fill(today);
  await expect(page.getByRole('region', { name: 'Receipts' }).getByText('RCT-000001')).toBeVisible();
  await shoot(page, 'receipts-list-range');
  const ranged = await exportCsv(page);
  expect(ranged.suggestedFilename()).toBe(`receipts-agent${agentId}-${today}-to-${today}.csv`);
  expect(await csvOf(ranged)).toHaveLength(2);
});

test('exports a tenant statement from the tenancy screen', async () => {
  await page.goto(pm(`tenancymanagement/tenancies/${tenancies[1]}`));
  await expect(page.getByRole('table', { name: 'Financial statement' })).toBeVisible();
  await shoot(page, 'statement-export');
  const download = await exportCsv(page);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^statement-${tenancies[1]}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const [header, ...rows] = await csvOf(download);
  expect(header).toBe('Date,Transaction ID,Receipt number,Account,Details,Debit (Ksh),Credit (Ksh),Balance due (Ksh),In credit (Ksh)');
  expect(rows.at(-1)).toMatch(/,RCT-000001,Rent,"'=1\+2 paid, ""cash""",0\.00,12500\.00,0\.00,0\.00$/);
});

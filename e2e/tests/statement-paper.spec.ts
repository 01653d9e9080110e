import { mkdir, readFile } from 'node:fs/promises';

import { expect, test, type Page } from '@playwright/test';

import { post } from '../support/api';
import { overlappingWords, pdfLayout, pdfPagesAsImages, wordsOffPage } from '../support/pdf-pages';
import { newPerson, personWithAccount, registerClientViaApi, signInViaUi, withApiSession } from '../support/people';

/**
 * The papers a tenant is handed and the figures a clerk compares (issue 19,
 * points 8 and 9): one tenancy's money reads the same on its page, the list,
 * the statement, the PDF, the CSV and the dashboard; the statement PDF and the
 * browser's A4 print are checked as pages (no word over another, none cut),
 * and saved as images for a person to look at.
 */
const pm = (rest: string) => `/propertymanagement/agency/${rest}`;
const owner = newPerson('Achieng', 'Otieno');
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'e2e/test-results/screens';
const LONG = "Cheque Equity Bank, cheque 004512 drawn by the tenant's employer, Acme Limited, for November";

test.describe.configure({ mode: 'serial' });

let page: Page;
let agentId = 0;
let ahead = 0;
let owing = 0;

test.beforeAll(async ({ browser, playwright }) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  agentId = await personWithAccount(request, owner, { Self: 0, AgentName: 'Otieno Lettings' });
  const landlordNo = await registerClientViaApi(request, owner, agentId, newPerson('Musa', 'Kiprop'));
  await withApiSession(request, owner, async (headers) => {
    const property = await post(request, '/api/properties/registerProperty', headers, {
      Property_name: 'Mugumo Heights',
      Rental_units: 2,
      County: 'Nairobi',
      Town: 'Nairobi',
      Area_Estate: 'Kilimani',
      LandlordNo: landlordNo,
      managingAgentId: agentId,
    });
    const booked: number[] = [];
    for (const [i, first] of ['Halima', 'Juma'].entries()) {
      const house = await post(request, '/api/house/addhouse', headers, {
        PropId: property.PropId,
        House_number: `H${i + 1}`,
        Description: 'Two bedrooms',
        Rent: '10,000',
        Deposit: '20,000',
        readiness: 0,
      });
      const client = await post(request, '/api/client/register', headers, {
        First_name: first,
        Last_name: 'Mwangi',
        Email: `${first.toLowerCase()}-${Date.now()}@example.com`,
        PhoneNo: '0712345678',
        CapturingAgentId: agentId,
      });
      const tenancy = await post(request, '/api/tenancy/newtenancyinit', headers, {
        HouseId: house.HouseId,
        ClientNo: client.clientNo,
        Id_number: '12345678',
        Tenant_Employer: 'Acme Limited',
        Tenant_Business: 'None at all',
        Next_of_kin_name: 'Mary Mwangi',
        Next_of_kin_phone: '0722000111',
      });
      booked.push(tenancy.TenancyId);
    }
    [ahead, owing] = booked as [number, number];
    const receipt = (tenancyID: number, amount: string, ledgerName: string, details: string) =>
      post(request, '/api/pmMoneyTransactions/rentreciept', headers, {
        tenancyID,
        paymentdetails: details,
        RecievedAmount: amount,
        managingAgentId: agentId,
        ledgerName,
        idempotencyKey: `${tenancyID}-${amount}-${Date.now()}`,
      });
    // 30,000 charged (rent and deposit), 33,000 paid: 3,000 in credit.
    await receipt(ahead, '20,000', 'Deposit', 'Cash at the office, receipt book 0457');
    await receipt(ahead, '10,000', 'Rent', LONG);
    await receipt(ahead, '3,000', 'Rent', 'M-Pesa QWE123ABC paid ahead');
    // 30,000 charged, 7,499.50 paid into rent: 22,500.50 due, of which 2,500.50 is rent arrears.
    await receipt(owing, '7,499.50', 'Rent', 'Cash');
  });
  await request.dispose();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  page = await context.newPage();
  await signInViaUi(page, owner);
  await mkdir(SHOTS, { recursive: true });
});

test.afterAll(async () => {
  await page?.context().close();
});

async function downloadPdf(name: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  const file = `${SHOTS}/${name}.pdf`;
  await download.saveAs(file);
  return file;
}

test('a tenancy reads the same on its page, the list, the statement, the PDF, the CSV and the dashboard', async () => {
  await page.goto(pm(`tenancymanagement/tenancies/${ahead}`));
  await expect(page.getByTestId('balance-due')).toHaveText('Ksh 3,000.00 in credit');
  await expect(page.getByTestId('rent-arrears')).toHaveText('Ksh 0.00');
  await expect(page.getByLabel('Statement header')).toContainText('Balance due: Ksh 3,000.00 in credit');
  const statement = page.getByRole('table', { name: 'Financial statement' });
  await expect(statement.getByRole('row').last()).toContainText('3,000.00 in credit');
  const pdf = pdfLayout(await downloadPdf('figures-in-credit'));
  expect(pdf.words.map((w) => w.text).join(' ')).toContain('Balance due: Ksh 3,000.00 in credit');
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const rows = (await readFile((await csv.path())!, 'utf8')).split('\r\n').filter(Boolean);
  expect(rows[0]).toMatch(/,Balance due \(Ksh\),In credit \(Ksh\)$/);
  expect(rows.at(-1)).toMatch(/,0\.00,3000\.00$/);

  await page.goto(pm(`tenancymanagement/tenancies/${owing}`));
  await expect(page.getByTestId('balance-due')).toHaveText('Ksh 22,500.50');
  await expect(page.getByTestId('rent-arrears')).toHaveText('Ksh 2,500.50');
  await expect(page.getByTestId('deposit-due')).toHaveText('Ksh 20,000.00');

  await page.goto(pm('tenancymanagement/tenancies'));
  await expect(page.getByRole('columnheader', { name: 'Balance due' })).toBeVisible();
  await expect(page.getByRole('row', { name: `Open tenancy ${ahead}` })).toContainText('Ksh 3,000.00 in credit');
  await expect(page.getByRole('row', { name: `Open tenancy ${owing}` })).toContainText('Ksh 22,500.50');

  await page.goto(pm('dashboard'));
  const most = page.getByRole('region', { name: 'Most in arrears' });
  await expect(most.getByRole('row').filter({ hasText: 'Juma Mwangi' })).toContainText('Ksh 2,500.50');
  await expect(most).not.toContainText('Halima');
});

test('the statement PDF and the A4 print: long details wrap, no word over another, none cut, the refund on its line', async () => {
  await page.goto(pm('tenancymanagement/terminatetenancy'));
  await page.getByLabel('Tenancy ID').fill(String(ahead));
  await page.getByRole('button', { name: 'Find' }).click();
  const settlement = page.getByRole('region', { name: 'Settlement' });
  await expect(settlement.getByTestId('settlement-balance')).toHaveText('Ksh 3,000.00 in credit');
  await settlement.getByLabel('Refund to tenant').fill('23,000');
  await settlement.getByLabel('Refund details').fill('M-Pesa to 0712345678');
  await page.getByRole('button', { name: 'Terminate Tenancy' }).click();
  await page.getByRole('dialog', { name: 'Terminate tenancy?' }).getByRole('button', { name: 'Terminate' }).click();
  await expect(page.getByText(/^Tenancy terminated/)).toBeVisible();
  await page.goto(pm(`tenancymanagement/tenancies/${ahead}`));
  const statement = page.getByRole('table', { name: 'Financial statement' });
  await expect(statement.getByRole('row').filter({ hasText: 'Deposit refund: M-Pesa to 0712345678 (Ksh 20,000.00 paid back from the deposit held)' })).toBeVisible();
  await expect(page.getByTestId('deposit-held')).toHaveText('Ksh 0.00');
  await expect(page.getByTestId('balance-due')).toHaveText('Ksh 0.00');

  const file = await downloadPdf('statement-paper');
  pdfPagesAsImages(file, `${SHOTS}/statement-pdf`);
  const pdf = pdfLayout(file);
  // A4 in points.
  expect(Math.round(pdf.pages[0]!.width)).toBe(595);
  expect(Math.round(pdf.pages[0]!.height)).toBe(842);
  const text = pdf.words.map((w) => w.text).join(' ');
  expect(text).toContain('Cheque Equity Bank, cheque 004512');
  expect(text).toContain('(Ksh 20,000.00 paid back from the deposit held)');
  expect(text).toContain('Credit refund: M-Pesa to 0712345678');
  expect(overlappingWords(pdf.words)).toEqual([]);
  expect(wordsOffPage(pdf)).toEqual([]);

  // The browser's Print at A4: the statement alone, every column on the page.
  await page.emulateMedia({ media: 'print' });
  const printed = `${SHOTS}/statement-print.pdf`;
  await page.pdf({ path: printed, format: 'A4', printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  pdfPagesAsImages(printed, `${SHOTS}/statement-print`);
  const print = pdfLayout(printed);
  const words = print.words.map((w) => w.text);
  for (const heading of ['Date', 'Receipt', 'Details', 'Debit', 'Credit', 'Balance']) expect(words).toContain(heading);
  expect(words.join(' ')).toContain('3,000.00 in credit');
  expect(words.join(' ')).toContain('paid back from the deposit held)');
  expect(words).not.toContain('Reverse');
  expect(overlappingWords(print.words)).toEqual([]);
  expect(wordsOffPage(print)).toEqual([]);
  // The Balance column ends inside the page's width, with room to spare for the printer's margin.
  const balance = print.words.find((w) => w.text === 'Balance')!;
  expect(balance.xMax).toBeLessThan(print.pages[0]!.width);
});

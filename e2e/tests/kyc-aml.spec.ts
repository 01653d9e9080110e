import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { post } from '../support/api';
import { newPerson, personWithAccount, signInViaUi, withApiSession } from '../support/people';
import { shoot } from '../support/screens';

// Issue 34, POCAMLA (decision 044), walked by an agency's owner: a landlord's
// due diligence recorded with a scanned ID, a receipt above US$15,000 found
// in the threshold log and marked reported, and a suspicion drafted as the
// STR to file on goAML. Each screen at 1280 and 390 px with axe.

const pm = (rest: string) => `/propertymanagement/agency/${rest}`;
const owner = newPerson('Halima', 'Njeri');
const landlordName = 'Kamau Wanjohi';
const tenantName = 'Pwani Traders';

// Each walk step shoots two widths with axe; on a shared machine that takes its time.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

let office: Page;
let request: APIRequestContext;
let agentId = 0;

test.beforeAll(async ({ browser, playwright }) => {
  test.setTimeout(120_000);
  await writeFile(process.env.E2E_CLOCK_FILE!, '');
  request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  agentId = await personWithAccount(request, owner, { Self: 0, AgentName: 'Usalama Realty' });
  await withApiSession(request, owner, async (headers) => {
    const person = async (first: string, last: string) =>
      (
        await post(request, '/api/client/register', headers, {
          First_name: first,
          Last_name: last,
          Email: `${first.toLowerCase()}-${Date.now()}@example.com`,
          PhoneNo: '0722000333',
          CapturingAgentId: agentId,
        })
      ).clientNo as number;
    const landlordNo = await person('Kamau', 'Wanjohi');
    const property = await post(request, '/api/properties/registerProperty', headers, {
      Property_name: 'Usalama Plaza',
      Rental_units: 1,
      County: 'Mombasa',
      Town: 'Mombasa',
      Area_Estate: 'Nyali',
      LandlordNo: landlordNo,
      managingAgentId: agentId,
    });
    const house = await post(request, '/api/house/addhouse', headers, {
      PropId: property.PropId,
      House_number: 'Shop 1',
      Description: 'Ground floor shop',
      Rent: '250,000',
      Deposit: '0',
      readiness: 0,
    });
    const booked = await post(request, '/api/tenancy/newtenancyinit', headers, {
      HouseId: house.HouseId,
      ClientNo: await person('Pwani', 'Traders'),
      Id_number: '30111222',
      Tenant_Employer: 'Self employed',
      Tenant_Business: 'Wholesale',
      Next_of_kin_name: 'Director',
      Next_of_kin_phone: '0799888771',
    });
    // A year of rent at once, in cash: above the threshold of Ksh 1,939,999.50.
    await post(request, '/api/pmMoneyTransactions/rentreciept', headers, {
      tenancyID: booked.TenancyId,
      paymentdetails: 'Cash at office',
      RecievedAmount: '3,000,000',
      managingAgentId: agentId,
      ledgerName: 'Rent',
      idempotencyKey: `aml-walk-${booked.TenancyId}-${Date.now()}`,
    });
  });
  office = await (await browser.newContext()).newPage();
  await signInViaUi(office, owner);
});

test.afterAll(async () => {
  await office?.context().close();
  await request?.dispose();
});

test('a landlord’s due diligence is recorded with a scanned ID, kept as version 1', async () => {
  await office.goto(pm('dashboard'));
  await office.getByRole('link', { name: 'Anti-money laundering' }).first().click();
  await expect(office.getByRole('heading', { name: 'Anti-money laundering' })).toBeVisible();
  await office.getByRole('button', { name: `Open: ${landlordName}` }).click();
  const form = office.getByRole('region', { name: `Due diligence of ${landlordName}` });
  await form.getByLabel('ID or registration number').fill('12345678');
  await form.getByLabel('KRA PIN').fill('A12345678');
  await form.getByRole('button', { name: 'Save as a new version' }).click();
  await expect(form.getByText('A KRA PIN is a letter, nine digits and a letter (A123456789B)')).toBeVisible();
  await form.getByLabel('KRA PIN').fill('a123456789k');
  await form.getByRole('button', { name: 'Save as a new version' }).click();
  await expect(form.getByRole('status')).toHaveText('Customer due diligence record saved');
  await expect(form.getByText(/Version 1 · Kamau Wanjohi · 12345678 · A123456789K/)).toBeVisible();

  await form.getByLabel('What the document is (e.g. ID copy)').fill('ID copy');
  await form.locator('input[type="file"]').setInputFiles({
    name: 'kamau-id.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n% ID scan\ntrailer <<>>\n%%EOF\n'),
  });
  await form.getByRole('button', { name: 'Upload document' }).click();
  await expect(form.getByText('Document saved')).toBeVisible();
  await expect(form.getByRole('button', { name: 'kamau-id.pdf' })).toBeVisible();
  await shoot(office, 'kyc-record');
});

test('the receipt above the threshold is in the log, and is marked reported', async () => {
  await office.getByRole('tab', { name: 'Threshold log' }).click();
  const log = office.getByRole('table', { name: 'Threshold log' });
  const row = log.getByRole('row').filter({ hasText: tenantName });
  await expect(row).toContainText('Ksh 3,000,000.00');
  await expect(row).toContainText('To review');
  await expect(office.getByText(/Threshold today: US\$15,000\.00 at Ksh 129\.3333 to the dollar, Ksh 1,939,999\.50/)).toBeVisible();
  await row.getByRole('button', { name: 'Mark reported' }).click();
  await expect(row).toContainText('Reported');
  await shoot(office, 'aml-threshold-log');
});

test('a suspicion is recorded and its draft STR prints, marked as a draft for goAML', async () => {
  await office.getByRole('tab', { name: 'Suspicions' }).click();
  const form = office.getByRole('region', { name: 'Record a suspicion' });
  await form.getByLabel('Who it is about').fill(tenantName);
  await form.getByLabel('Amount (Ksh, optional)').fill('3,000,000');
  await form.getByLabel('The transaction or activity').fill('A year of rent paid at once in cash');
  await form.getByLabel('Grounds for suspicion').fill('Cash far above what the business declares');
  await form.getByRole('button', { name: 'Record suspicion' }).click();
  await expect(form.getByRole('status')).toHaveText('Suspicion recorded');
  await shoot(office, 'aml-suspicions');
  const [draft] = await Promise.all([office.waitForEvent('download'), office.getByRole('button', { name: 'Draft report (PDF)' }).click()]);
  expect(draft.suggestedFilename()).toMatch(/^draft-str-\d+\.pdf$/);
  const file = await draft.path();
  const words = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  for (const expected of ['DRAFT', 'goAML', 'Usalama Realty', tenantName, 'Ksh 3,000,000.00', 'Cash far above what the business declares']) {
    expect(words).toContain(expected);
  }
});

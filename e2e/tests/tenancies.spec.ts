import { readFile } from 'node:fs/promises';

import { expect, test, type Page } from '@playwright/test';

import { newPerson, personWithAccount, registerClientViaApi, signInViaUi, withApiSession } from '../support/people';
import { shoot, WIDE } from '../support/screens';
import { post } from '../support/api';

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'e2e/test-results/screens';
const pm = (rest: string) => `/propertymanagement/agency/${rest}`;

const owner = newPerson('Wanjiku', 'Kamau');
const tenant = { first: 'Achieng', last: 'Otieno', email: `tenant-${Date.now()}@example.com`, phone: '0712345678' };

// One story: each step works on the tenancy the booking step creates.
test.describe.configure({ mode: 'serial' });

let page: Page;
let tenancyId = 0;

test.beforeAll(async ({ browser, playwright }) => {
  test.setTimeout(90_000);
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const agentId = await personWithAccount(request, owner, { Self: 0, AgentName: 'Baraka Homes' });
  const landlordNo = await registerClientViaApi(request, owner, agentId, newPerson('Baraka', 'Mwangi'));
  await withApiSession(request, owner, async (headers) => {
    const property = await post(request, '/api/properties/registerProperty', headers, {
      Property_name: 'Baraka Court',
      Rental_units: 4,
      County: 'Nakuru',
      Town: 'Nakuru',
      Area_Estate: 'Milimani',
      LandlordNo: landlordNo,
      managingAgentId: agentId,
    });
    await post(request, '/api/house/addhouse', headers, {
      PropId: property.PropId,
      House_number: 'A1',
      Description: 'Two bedroom',
      Rent: '15,000',
      Deposit: '30,000',
      readiness: 0,
    });
    await post(request, '/api/client/register', headers, {
      First_name: tenant.first,
      Last_name: tenant.last,
      Email: tenant.email,
      PhoneNo: tenant.phone,
      CapturingAgentId: agentId,
    });
  });
  await request.dispose();
  page = await (await browser.newContext({ viewport: WIDE })).newPage();
  await signInViaUi(page, owner);
});

test.afterAll(async () => {
  await page?.close();
});

test('books a tenancy through the screens; the statement shows Deposit and Rent', async () => {
  await page.goto(pm('tenancymanagement/booknewtency'));
  await expect(page.getByRole('heading', { name: 'Add New Tenacy' })).toBeVisible();
  await page.getByLabel('Baraka Court').getByRole('button', { name: 'Select' }).click();
  await page.getByLabel('House A1').getByRole('button', { name: 'Select' }).click();
  await expect(page).toHaveURL(/\/booknewtency\/\d+$/);
  await expect(page.getByLabel('Rent')).toHaveValue('15,000.00');
  await expect(page.getByLabel('Deposit')).toHaveValue('30,000.00');

  await page.getByRole('button', { name: 'Book Tenancy' }).click();
  await expect(page.getByText('ClientNo is required')).toBeVisible();

  await page.getByRole('button', { name: 'Search Client' }).click();
  const search = page.getByRole('dialog', { name: 'Search Client' });
  await search.getByRole('combobox', { name: 'Search By?' }).click();
  await page.getByRole('option', { name: 'Full_name' }).click();
  await search.getByRole('textbox', { name: 'Search' }).fill(tenant.first);
  await search.getByRole('button', { name: 'Search' }).click();
  await search.getByText(`${tenant.first} ${tenant.last}`).dblclick();
  await expect(search).toBeHidden();
  await expect(page.getByLabel('Selected client')).toContainText('Phone No: *******678');

  await page.getByLabel('Id Number').fill('12345678');
  await page.getByLabel('Tenant Employer').fill('Acme Limited');
  await page.getByLabel('Tenant Business').fill('None at all');
  await page.getByLabel('Next of kin name').fill('Mary Otieno');
  await page.getByLabel('Next of kin phone').fill('0722000111');
  await shoot(page, 'book-house');
  await page.getByRole('button', { name: 'Book Tenancy' }).click();

  await expect(page).toHaveURL(/\/tenancymanagement\/tenancies\/\d+$/);
  tenancyId = Number(page.url().split('/').pop());
  const statement = page.getByRole('table', { name: 'Financial statement' });
  await expect(statement.getByRole('row').filter({ hasText: 'Deposit' })).toContainText('30,000.00');
  await expect(statement.getByRole('row').filter({ hasText: 'Rent for' })).toContainText('45,000.00');
  await expect(page.getByTestId('balance-due')).toHaveText('Ksh 45,000.00');
  await shoot(page, 'tenancy-details');

  await page.goto(pm('tenancymanagement/tenancies'));
  await expect(page.getByRole('row', { name: `Open tenancy ${tenancyId}` })).toContainText('Ksh 45,000.00');
  await shoot(page, 'tenancies-list');
});

test('receives a payment on PMMoneyTransactions/rct and the balance falls', async () => {
  await page.goto(pm('PMMoneyTransactions/rct'));
  const form = page.getByRole('form', { name: 'Receive rent payment' });
  await expect(form.getByRole('button', { name: 'Validate' })).toHaveAttribute('aria-disabled', 'true');
  // aria-disabled, not disabled: a click still says why nothing happens.
  await form.getByRole('button', { name: 'Receive payment' }).click({ force: true });
  await expect(page.getByText('Select tenancy to pay')).toBeVisible();

  await form.getByRole('combobox', { name: 'Ledger' }).click();
  await page.getByRole('option', { name: 'Rent' }).click();
  await form.getByLabel('Tenancy ID').fill(String(tenancyId));
  await form.getByRole('button', { name: 'Validate' }).click();
  await expect(form.getByLabel('Selected tenancy')).toContainText(`${tenant.first} ${tenant.last}`);
  await form.getByLabel('PaymentDetails').fill('Cash at the office');
  await form.getByLabel('PaymentAmount').fill('20000');
  await expect(form.getByLabel('PaymentAmount')).toHaveValue('20,000');
  await shoot(page, 'payment-form');
  await form.getByRole('button', { name: 'Receive payment' }).click();
  const confirm = page.getByRole('dialog', { name: 'Make Rent payment?' });
  await confirm.getByRole('button', { name: 'Yes' }).dblclick();
  await expect(page.getByText('Payment made successfully')).toBeVisible();
  await expect(form.getByLabel('Selected tenancy')).toBeHidden();
  await expect(page.getByRole('region', { name: 'Ledgers' }).getByRole('row').filter({ hasText: 'Rent' })).toContainText('Ksh 20,000.00');

  await page.goto(pm(`tenancymanagement/tenancies/${tenancyId}`));
  await expect(page.getByTestId('balance-due')).toHaveText('Ksh 25,000.00');
  // The double click posted one receipt.
  await expect(page.getByRole('table', { name: 'Financial statement' }).getByRole('row')).toHaveCount(4);
});

test('prints only the statement and downloads it as a PDF', async () => {
  await page.goto(pm(`tenancymanagement/tenancies/${tenancyId}`));
  await expect(page.getByRole('table', { name: 'Financial statement' })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('table', { name: 'Financial statement' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Financial statement' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tenant' })).toBeHidden();
  await expect(page.getByRole('heading', { name: new RegExp(`^Tenancy ${tenancyId}:`) })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeHidden();
  await expect(page.getByText('copyright 2024')).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/statement-print.png`, fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(download.suggestedFilename()).toBe(`statement-${tenancyId}.pdf`);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
});

test("admin → tenancies says plainly that the booking charged the month: nothing to run", async () => {
  await page.goto(pm('admin/tenancies'));
  await expect(page.getByLabel('Active tenancies')).toHaveText('1');
  await expect(page.getByLabel('Unpaid tenancies')).toHaveText('1');
  await shoot(page, 'admin-tenancies');
  // Booking charged this month's rent already: no "not invoiced", no run to make.
  await expect(page.getByTestId('invoicing-status')).toHaveText(/^\w+ \d{4} is charged: each booking charged its first month, and no other month is due\.$/);
  await expect(page.getByText('Not invoiced')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Run monthly invoices' })).toHaveCount(0);
  await page.goto(pm(`tenancymanagement/tenancies/${tenancyId}`));
  await expect(page.getByTestId('balance-due')).toHaveText('Ksh 25,000.00');
});

test('terminates the tenancy and the house is vacant again', async () => {
  await page.goto(pm('tenancymanagement/terminatetenancy'));
  await page.getByRole('button', { name: 'Terminate Tenancy' }).click();
  await expect(page.getByText('No tenancy To terminante')).toBeVisible();
  await page.getByLabel('Tenancy ID').fill(String(tenancyId));
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByLabel('Selected tenancy')).toContainText(`${tenant.first} ${tenant.last}`);
  await page.getByRole('button', { name: 'Terminate Tenancy' }).click();
  await page.getByRole('dialog', { name: 'Terminate tenancy?' }).getByRole('button', { name: 'Terminate' }).click();
  await expect(page.getByText('Tenancy terminated')).toBeVisible();

  await page.goto(pm('tenancymanagement/booknewtency'));
  await page.getByLabel('Baraka Court').getByRole('button', { name: 'Select' }).click();
  await expect(page.getByLabel('House A1').getByRole('button', { name: 'Select' })).toBeVisible();
  await page.goto(pm('tenancymanagement/tenancies'));
  await expect(page.getByText('No tenancies Found')).toBeVisible();
});

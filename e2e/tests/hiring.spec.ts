import { readFile } from 'node:fs/promises';

import { expect, test, type Browser, type Page } from '@playwright/test';

import { newPerson, personWithAccount, registerClientViaApi, signInViaUi, signUpViaApi, withApiSession, type Person } from '../support/people';
import { expectAccessible, shoot } from '../support/screens';
import { post } from '../support/api';

const WIDE = { width: 1280, height: 800 };
const pm = (rest = '') => `/propertymanagement/agency${rest ? `/${rest}` : ''}`;

const admin = newPerson('Wanjiku', 'Kamau');
const worker = newPerson('Baraka', 'Mwangi');
const tenant = { first: 'Achieng', last: 'Otieno', email: `tenant-h-${Date.now()}@example.com`, phone: '0712345678' };

/** True once the server has mailed a message with `subject` to `email` (kept by the walks' mail server). */
async function mailed(email: string, subject: string): Promise<boolean> {
  const log = await readFile(process.env.E2E_MAIL_LOG!, 'utf8').catch(() => '');
  return log.split('\n').some((line) => line.includes(`"to":"${email.toLowerCase()}"`) && line.includes(subject));
}

async function signedInPage(browser: Browser, person: Person): Promise<Page> {
  const context = await browser.newContext({ viewport: WIDE });
  const page = await context.newPage();
  await signInViaUi(page, person);
  return page;
}

async function openMenu(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Property Management' }).click();
}

// One story in two browsers: each step builds on the one before.
test.describe.configure({ mode: 'serial' });

let adminPage: Page;
let workerPage: Page;
let tenancyId = 0;

test.beforeAll(async ({ browser, playwright }) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const agentId = await personWithAccount(request, admin, { Self: 0, AgentName: 'Baraka Homes' });
  const landlordNo = await registerClientViaApi(request, admin, agentId, newPerson('Njoroge', 'Kariuki'));
  await withApiSession(request, admin, async (headers) => {
    const property = await post(request, '/api/properties/registerProperty', headers, {
      Property_name: 'Hiring Court',
      Rental_units: 1,
      County: 'Nairobi',
      Town: 'Nairobi',
      Area_Estate: 'Kilimani',
      LandlordNo: landlordNo,
      managingAgentId: agentId,
    });
    const house = await post(request, '/api/house/addhouse', headers, {
      PropId: property.PropId,
      House_number: 'B2',
      Description: 'Bedsitter',
      Rent: '8,000',
      Deposit: '8,000',
      readiness: 0,
    });
    const client = await post(request, '/api/client/register', headers, {
      First_name: tenant.first,
      Last_name: tenant.last,
      Email: tenant.email,
      PhoneNo: tenant.phone,
      CapturingAgentId: agentId,
    });
    const booked = await post(request, '/api/tenancy/newtenancyinit', headers, {
      HouseId: house.HouseId,
      ClientNo: client.clientNo,
      Id_number: '23456789',
      Tenant_Employer: 'Safaricom PLC',
      Tenant_Business: 'Not in business',
      Next_of_kin_name: 'Mama Mutua',
      Next_of_kin_phone: '0799888777',
    });
    tenancyId = booked.TenancyId;
  });
  await signUpViaApi(request, worker);
  await request.dispose();
  adminPage = await signedInPage(browser, admin);
  workerPage = await signedInPage(browser, worker);
});

test.afterAll(async () => {
  await adminPage?.context().close();
  await workerPage?.context().close();
});

test('the admin hires a user by email on Admin → Users', async () => {
  await adminPage.goto(pm('admin/users'));
  await expect(adminPage.getByRole('heading', { name: 'User Management' })).toBeVisible();
  await expect(adminPage.getByText('No Offers Sent')).toBeVisible();
  await expect(adminPage.getByText('No users')).toBeVisible();
  await expectAccessible(adminPage, 'admin users');

  await adminPage.getByRole('button', { name: 'Add User' }).click();
  const panel = adminPage.getByTestId('add-user-panel');
  await panel.getByLabel('Email Address').fill(admin.email);
  await panel.getByRole('button', { name: 'Search' }).click();
  await expect(panel.getByText('** You cant hire yourself !!**')).toBeVisible();

  await panel.getByLabel('Email Address').fill(worker.email);
  await panel.getByRole('button', { name: 'Search' }).click();
  await expect(panel.getByTestId('found-user')).toContainText('Baraka Mwangi');
  await panel.getByRole('button', { name: 'Send Hire Request' }).click();
  await expect(panel).toHaveAttribute('data-stage', 'offer sent');
  const offers = adminPage.getByTestId('pending-offers');
  await expect(offers).toContainText('Baraka Mwangi');
  await expect(offers.getByRole('button', { name: 'Revoke Offer' })).toBeVisible();
  await expectAccessible(adminPage, 'admin users with an offer sent');
  await expect.poll(() => mailed(worker.email, 'Hire offer from Baraka Homes')).toBe(true);
});

test('the admin offers the job by email to someone without an account, who is invited to sign up', async () => {
  const stranger = `no-account-${Date.now()}@example.com`;
  const panel = adminPage.getByTestId('add-user-panel');
  await panel.getByRole('button', { name: 'Add another user' }).click();
  await panel.getByLabel('Email Address').fill(stranger);
  await panel.getByRole('button', { name: 'Search' }).click();
  await expect(panel.getByText('** No user found **')).toBeVisible();
  await expect(panel.getByTestId('offer-by-email')).toContainText(stranger);
  await shoot(adminPage, 'admin-users-offer-by-email');
  await panel.getByRole('button', { name: 'Send the offer by email' }).click();
  await expect(panel).toHaveAttribute('data-stage', 'offer sent');
  await expect(panel).toContainText(`Hire offer sent to ${stranger}`);
  await expect.poll(() => mailed(stranger, 'Invitation to work with Baraka Homes on Makazi')).toBe(true);
});

test('the user sees the offer in work settings and accepts it with Yes', async () => {
  await workerPage.goto('/');
  await workerPage.getByRole('button', { name: 'Account menu' }).click();
  await workerPage.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(workerPage).toHaveURL(/\/settings\/\d+\/work$/);
  await expect(workerPage.getByText('You do not have any contracted agent account to manage.')).toBeVisible();
  await expectAccessible(workerPage, 'work settings with an offer');
  const offer = workerPage.getByTestId('offer');
  await expect(offer).toContainText('Baraka Homes');
  await offer.getByRole('button', { name: 'Accept' }).click();
  await workerPage.getByRole('dialog', { name: 'Accept offer' }).getByRole('button', { name: 'Yes' }).click();
  // Back to where Settings was opened.
  await expect(workerPage).toHaveURL(/\/$/);
  await expect.poll(() => mailed(admin.email, 'Baraka Mwangi accepted your hire offer')).toBe(true);
});

test('the user works in the agency through My Work with the restricted menu and takes a rent payment', async () => {
  await openMenu(workerPage);
  await workerPage.getByRole('menuitem', { name: 'My Work - Agency Account' }).click();
  await expect(workerPage).toHaveURL(/\/propertymanagement\/agency/);
  await expect(workerPage.getByTestId('account-label')).toHaveText('managing Agent Account: Baraka Homes');
  const sidebar = workerPage.getByRole('navigation', { name: 'Property management' });
  await expect(sidebar.getByRole('link', { name: 'Money transactions' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await sidebar.getByText('Tenancies', { exact: true }).click();
  await expect(sidebar.getByRole('link', { name: 'Tenancies List' })).toBeVisible();
  await expect(sidebar.getByText('Terminate Tenacy')).toHaveCount(0);

  await workerPage.goto(pm('PMMoneyTransactions/rct'));
  const form = workerPage.getByRole('form', { name: 'Receive rent payment' });
  await form.getByRole('combobox', { name: 'Ledger' }).click();
  await workerPage.getByRole('option', { name: 'Rent' }).click();
  await form.getByLabel('Tenancy ID').fill(String(tenancyId));
  await form.getByRole('button', { name: 'Validate' }).click();
  await expect(form.getByLabel('Selected tenancy')).toContainText(`${tenant.first} ${tenant.last}`);
  await form.getByLabel('PaymentDetails').fill('Cash at the office');
  await form.getByLabel('PaymentAmount').fill('5000');
  await form.getByRole('button', { name: 'Receive payment' }).click();
  await workerPage.getByRole('dialog', { name: 'Make Rent payment?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(workerPage.getByText('Payment made successfully')).toBeVisible();
});

test('the admin switches the user off and the user is refused at once', async () => {
  await adminPage.reload();
  const row = adminPage.getByTestId('agency-user').filter({ hasText: 'Baraka Mwangi' });
  await expect(row).toContainText(/Username: baraka\d+/);
  await row.getByRole('switch', { name: 'Activation of Baraka Mwangi' }).click({ force: true });
  await expect(adminPage.getByText('User deactivated')).toBeVisible();
  await expect(row.getByRole('switch')).not.toBeChecked();

  const sidebar = workerPage.getByRole('navigation', { name: 'Property management' });
  await sidebar.getByRole('link', { name: 'Dashboard' }).click();
  await expect(workerPage.getByRole('heading', { name: /Your access to this work account is switched off/ })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await workerPage.goto('/');
  await openMenu(workerPage);
  const myWork = workerPage.getByRole('menuitem', { name: /My Work - Agency Account/ });
  await expect(myWork).toBeDisabled();
  await expect(myWork).toContainText('(You are not allowed to access work account. Contact your work account Admin to allow you in)');
  await workerPage.keyboard.press('Escape');
});

test('the admin switches the user back on and they work again', async () => {
  const row = adminPage.getByTestId('agency-user').filter({ hasText: 'Baraka Mwangi' });
  await row.getByRole('switch', { name: 'Activation of Baraka Mwangi' }).click({ force: true });
  await expect(adminPage.getByText('User activated')).toBeVisible();

  await workerPage.reload();
  await openMenu(workerPage);
  await workerPage.getByRole('menuitem', { name: 'My Work - Agency Account' }).click();
  await expect(workerPage.getByTestId('account-label')).toHaveText('managing Agent Account: Baraka Homes');
  await workerPage.goto(pm(`tenancymanagement/tenancies/${tenancyId}`));
  await expect(workerPage.getByTestId('balance-due')).toHaveText('Ksh 11,000.00');
});

test('the user ends the contract from work settings', async () => {
  await workerPage.getByRole('button', { name: 'Account menu' }).click();
  await workerPage.getByRole('menuitem', { name: 'Settings' }).click();
  const contract = workerPage.getByTestId('contract');
  await expect(contract).toContainText('Baraka Homes');
  await contract.getByRole('button', { name: 'End Contract' }).click();
  const confirm = workerPage.getByRole('dialog', { name: 'End Contract' });
  await expect(confirm).toContainText('Are you sure you want to end this contract?');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(workerPage).not.toHaveURL(/\/work$/);
  await openMenu(workerPage);
  await expect(workerPage.getByRole('menuitem', { name: /My Work/ })).toHaveCount(0);
});

test('the profile keeps to a 390 px screen with a long email, Email disabled and names editable', async ({ browser, playwright }) => {
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const long = { ...newPerson('Nyambura', 'Wairimu-Githinji'), email: `a-very-long-address-for-testing-${Date.now()}@subdomain.example.com` };
  await signUpViaApi(request, long);
  await request.dispose();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signInViaUi(page, long);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page.getByText(/User No: \d+/)).toBeVisible();
  await expectAccessible(page, 'profile');
  await expect(page.getByLabel('Email Address')).toBeDisabled();
  await expect(page.getByText('No agent accounts')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByLabel('Phone No').fill('07123');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please enter valid phone number')).toBeVisible();
  await page.getByLabel('Phone No').fill('0733444555');
  await page.getByLabel('First Name').fill('Nyawira');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Details updated')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('First Name')).toHaveValue('Nyawira');
  await expect(page.getByLabel('Phone No')).toHaveValue('0733444555');
  await page.getByRole('link', { name: /Offers received, contracted managing account/ }).click();
  await expect(page).toHaveURL(/\/settings\/\d+\/work$/);
  await expect(page.getByText('Available for work')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});

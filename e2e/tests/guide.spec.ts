import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

import { expect, test, type Browser, type Page } from '@playwright/test';

import { readOtp } from '../support/outbox';
import { signInViaUi } from '../support/people';
import { expectAccessible, shoot, WIDE } from '../support/screens';

/**
 * The first day of a landlord's office, exactly as docs/user-guide.md tells it:
 * sign up, create the agency, register the landlord and a tenant, add a
 * property and a house, book a tenancy, receive rent, print the statement,
 * then run the month when the next one begins. CI walks it every time; with
 * GUIDE_SCREENSHOTS=1 it also rewrites the guide's pictures in
 * docs/guide/images/ (otherwise the tree stays clean).
 */
const GUIDE_IMAGES = fileURLToPath(new URL('../../docs/guide/images/', import.meta.url));
const WRITE_GUIDE_IMAGES = process.env.GUIDE_SCREENSHOTS === '1';

const pm = (rest: string) => `/propertymanagement/agency/${rest}`;
const stamp = Date.now();
const owner = {
  first: 'Wanjiku',
  last: 'Kamau',
  email: `wanjiku.kamau.${stamp}@example.com`,
  phone: '0712345678',
  password: 'makazi-guide-1',
};
const landlord = { first: 'Baraka', last: 'Mwangi', email: `baraka.mwangi.${stamp}@example.com`, phone: '0722000111' };
const tenant = { first: 'Achieng', last: 'Otieno', email: `achieng.otieno.${stamp}@example.com`, phone: '0733000222' };

async function setServerClock(iso: string) {
  await writeFile(process.env.E2E_CLOCK_FILE!, iso);
}

/** Checks the screen like every other walk (axe, phone width), then keeps the guide's picture of it when asked to. */
async function guideShot(page: Page, name: string, { fullPage = false } = {}) {
  await shoot(page, `guide-${name}`);
  if (!WRITE_GUIDE_IMAGES) return;
  await mkdir(GUIDE_IMAGES, { recursive: true });
  await page.setViewportSize(WIDE);
  await page.waitForTimeout(150);
  await page.screenshot({ path: `${GUIDE_IMAGES}${name}.png`, fullPage });
}

/** A dialog's picture, without the phone-width pass (the dialog would have to be reopened). */
async function guideDialogShot(page: Page, name: string) {
  await expectAccessible(page, `guide ${name}`);
  if (!WRITE_GUIDE_IMAGES) return;
  await mkdir(GUIDE_IMAGES, { recursive: true });
  await page.screenshot({ path: `${GUIDE_IMAGES}${name}.png` });
}

async function registerClient(page: Page, person: typeof landlord) {
  await page.goto(pm('client/addclient'));
  await expect(page).toHaveURL(/\/client\/addclient$/);
  await page.getByLabel('First Name').fill(person.first);
  await page.getByLabel('Last Name').fill(person.last);
  await page.getByLabel('Email Address').fill(person.email);
  await page.getByLabel('Phone No').fill(person.phone);
}

// One story: every step works on what the steps before it made. Each step checks
// several screens with axe at two widths: more than the default 30 s on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

let page: Page;
let tenancyId = 0;

async function freshPage(browser: Browser) {
  await page?.context().close();
  page = await (await browser.newContext({ viewport: WIDE })).newPage();
}

test.beforeAll(async ({ browser }) => {
  // A fixed first day, so the month names in the pictures and the assertions stay put.
  await setServerClock('2027-01-12T07:00:00Z');
  await freshPage(browser);
});

test.afterAll(async () => {
  await page?.context().close();
  await setServerClock('');
});

test('1. signs up', async () => {
  await page.goto('/');
  await guideShot(page, '01-welcome');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign up' }).click();
  await page.getByLabel('First Name').fill(owner.first);
  await page.getByLabel('Last Name').fill(owner.last);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Phone No').fill(owner.phone);
  await guideShot(page, '02-sign-up');
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByRole('button', { name: 'Get OTP' }).click();
  await expect(page.getByText('OTP sent. Check your email and enter the OTP here:')).toBeVisible();
  await page.getByLabel('OTP').fill(await readOtp(owner.email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('img', { name: 'Email verified' })).toBeVisible();
  await guideShot(page, '03-verify-email');
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.getByLabel('Confirm Password').fill(owner.password);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('dialog', { name: 'Confirm Details' }).getByRole('button', { name: 'Complete' }).click();
  await expect(page.getByRole('heading', { name: 'Account Created Successfully' })).toBeVisible();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`Welcome .*${owner.first}`) })).toBeVisible();
});

test('2. creates the agency and opens My Agency', async () => {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Property Management' }).click();
  await page.getByRole('menuitem', { name: 'Create Property management Account' }).click();
  await expect(page).toHaveURL(/\/propertymanagement\/createagencyaccount$/);
  await page.getByRole('radio', { name: 'Agency account' }).click();
  await page.getByLabel('Agent Name').fill('Kamau Homes');
  await page.getByLabel('Kra Pin').fill('P051234567X');
  await page.getByLabel('Address').fill('Moi Avenue 12');
  await page.getByRole('radio', { name: 'No' }).click();
  await guideShot(page, '04-create-agency');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Account Created Successfully' })).toBeVisible();

  await nav.getByRole('button', { name: 'Property Management' }).click();
  await page.getByRole('menuitem', { name: 'My Agency' }).click();
  await expect(page.getByText('My Agent Account: Kamau Homes')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByLabel('Active Tenancies: 0')).toBeVisible();
});

test('3. registers the landlord and adds a property with a house', async () => {
  await registerClient(page, landlord);
  await guideShot(page, '05-add-client');
  await page.getByRole('button', { name: 'Register Client' }).click();
  await expect(page).toHaveURL(/\/client\/addclient\/success$/);
  await expect(page.getByText(`${landlord.first} ${landlord.last}`)).toBeVisible();
  await expect(page.getByTestId('client-number')).toHaveText(/^\d+$/);

  await page.getByRole('navigation', { name: 'Property management' }).getByRole('link', { name: 'Properties' }).click();
  await expect(page.getByText('No Properties found for this agent')).toBeVisible();
  await page.getByRole('button', { name: 'Add New Property' }).click();
  const add = page.getByRole('dialog', { name: 'Add New Property' });
  await add.getByLabel('Property name').fill('Jacaranda Court');
  await add.getByLabel('Rental units').fill('4');
  await add.getByLabel('County').fill('Nairobi');
  await add.getByLabel('Town').fill('Nairobi');
  await add.getByLabel('Area/Estate').fill('Kileleshwa');
  await add.getByRole('combobox', { name: 'Find landlord by' }).click();
  await page.getByRole('option', { name: 'Email' }).click();
  await add.getByLabel('Landlord search value').fill(landlord.email);
  await add.getByRole('button', { name: 'Find Landlord' }).click();
  await expect(add.getByTestId('selected-landlord')).toContainText(`${landlord.first} ${landlord.last}`);
  await guideDialogShot(page, '06-add-property');
  await add.getByRole('button', { name: 'Register Property' }).click();
  // An agency's property goes on to its management agreement (decision 048).
  await expect(add.getByRole('heading', { name: 'Management agreement for Jacaranda Court' })).toBeVisible();
  // The server's day is the guide's (12 January 2027); the browser's calendar is today's.
  await add.getByLabel('Applies from').fill('2027-01-12');
  await add.getByLabel('M-Pesa number').fill('0722000111');
  await add.getByRole('button', { name: 'Save agreement' }).click();
  await expect(add).toBeHidden();

  await page.getByRole('row').filter({ hasText: 'Jacaranda Court' }).getByRole('button', { name: 'Manage' }).click();
  await expect(page.getByRole('heading', { name: 'Jacaranda Court' })).toBeVisible();
  await page.getByRole('button', { name: 'Add House' }).click();
  const house = page.getByRole('dialog', { name: 'Add House' });
  await house.getByLabel('House number').fill('A1');
  await house.getByLabel('Description').fill('Two bedroom');
  await house.getByLabel('Rent').fill('15000');
  await house.getByLabel('Deposit').fill('30000');
  await house.getByLabel('Yes').check();
  await guideDialogShot(page, '07-add-house');
  await house.getByRole('button', { name: 'Add House' }).click();
  await expect(house).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: 'A1' })).toContainText('Ksh 15,000.00');
  await guideShot(page, '08-houses');
});

test('4. registers the tenant and books the house', async () => {
  await registerClient(page, tenant);
  await page.getByRole('button', { name: 'Register Client' }).click();
  await expect(page).toHaveURL(/\/client\/addclient\/success$/);
  await guideShot(page, '09-client-registered');
  await page.getByRole('link', { name: 'Book a new tenancy' }).click();

  await expect(page.getByRole('heading', { name: 'Add New Tenacy' })).toBeVisible();
  await page.getByLabel('Jacaranda Court').getByRole('button', { name: 'Select' }).click();
  await page.getByLabel('House A1').getByRole('button', { name: 'Select' }).click();
  await expect(page.getByLabel('Rent')).toHaveValue('15,000.00');
  await expect(page.getByLabel('Deposit')).toHaveValue('30,000.00');
  await page.getByRole('button', { name: 'Search Client' }).click();
  const search = page.getByRole('dialog', { name: 'Search Client' });
  await search.getByRole('combobox', { name: 'Search By?' }).click();
  await page.getByRole('option', { name: 'Full_name' }).click();
  await search.getByRole('textbox', { name: 'Search' }).fill(tenant.first);
  await search.getByRole('button', { name: 'Search' }).click();
  await search.getByText(`${tenant.first} ${tenant.last}`).dblclick();
  await expect(search).toBeHidden();
  await page.getByLabel('Id Number').fill('12345678');
  await page.getByLabel('Tenant Employer').fill('Acme Limited');
  await page.getByLabel('Tenant Business').fill('None at all');
  await page.getByLabel('Next of kin name').fill('Mary Otieno');
  await page.getByLabel('Next of kin phone').fill('0722000333');
  await guideShot(page, '10-book-tenancy', { fullPage: true });
  await page.getByRole('button', { name: 'Book Tenancy' }).click();

  await expect(page).toHaveURL(/\/tenancymanagement\/tenancies\/\d+$/);
  tenancyId = Number(page.url().split('/').pop());
  // The booking charges the deposit and January's rent.
  const statement = page.getByRole('table', { name: 'Financial statement' });
  await expect(statement.getByRole('row').filter({ hasText: 'Rent for January 2027' })).toContainText('45,000.00');
  await expect(page.getByTestId('balance-due')).toHaveText('Ksh 45,000.00');
  await expect(page.getByTestId('deposit-due')).toHaveText('Ksh 30,000.00');
});

test('5. receives rent', async () => {
  await page.getByRole('navigation', { name: 'Property management' }).getByRole('link', { name: 'Money transactions' }).click();
  const form = page.getByRole('form', { name: 'Receive rent payment' });
  await form.getByRole('combobox', { name: 'Ledger' }).click();
  await page.getByRole('option', { name: 'Rent', exact: true }).click();
  await form.getByLabel('Tenancy ID').fill(String(tenancyId));
  await form.getByRole('button', { name: 'Validate' }).click();
  await expect(form.getByLabel('Selected tenancy')).toContainText(`${tenant.first} ${tenant.last}`);
  await form.getByLabel('PaymentDetails').fill('Cash at the office');
  await form.getByLabel('PaymentAmount').fill('15000');
  await guideShot(page, '11-receive-rent', { fullPage: true });
  await form.getByRole('button', { name: 'Receive payment' }).click();
  await page.getByRole('dialog', { name: 'Make Rent payment?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Payment made successfully')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Ledgers' }).getByRole('row').filter({ hasText: 'Rent' })).toContainText('Ksh 15,000.00');

  await page.goto(pm(`tenancymanagement/tenancies/${tenancyId}`));
  await expect(page.getByTestId('balance-due')).toHaveText('Ksh 30,000.00');
  await expect(page.getByRole('table', { name: 'Financial statement' }).getByRole('row').filter({ hasText: 'Cash at the office' })).toContainText('RCT-000001');
});

test('6. prints and downloads the statement', async () => {
  await page.goto(pm(`tenancymanagement/tenancies/${tenancyId}`));
  await expect(page.getByRole('table', { name: 'Financial statement' })).toBeVisible();
  await guideShot(page, '12-tenancy-statement', { fullPage: true });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(download.suggestedFilename()).toBe(`statement-${tenancyId}.pdf`);
  expect((await readFile(await download.path())).subarray(0, 4).toString('latin1')).toBe('%PDF');

  // The day ends: log out.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Makazi' })).toBeVisible();
});

test('7. runs the month when February begins', async ({ browser }) => {
  await setServerClock('2027-02-02T07:00:00Z');
  await freshPage(browser);
  await signInViaUi(page, owner);
  await page.goto(pm('dashboard'));
  await page.getByRole('navigation', { name: 'Property management' }).getByRole('link', { name: 'Admin' }).click();
  await page.getByRole('tab', { name: 'Tenancies' }).click();
  await expect(page.getByTestId('invoicing-status')).toHaveText('Due: 1 tenancy for February 2027, Ksh 15,000.00.');
  await guideShot(page, '13-run-the-month');
  await page.getByRole('button', { name: 'Run monthly invoices' }).click();
  await page.getByRole('dialog', { name: 'Run monthly invoices?' }).getByRole('button', { name: 'Run invoices' }).click();
  await expect(page.getByText('Charged 1 tenancy for February 2027: Ksh 15,000.00')).toBeVisible();
  await expect(page.getByTestId('invoicing-status')).toHaveText('February 2027 is invoiced.');

  await page.goto(pm('tenancymanagement/tenancies'));
  await expect(page.getByRole('row', { name: `Open tenancy ${tenancyId}` })).toContainText('Ksh 45,000.00');
  await guideShot(page, '14-tenancies');
});

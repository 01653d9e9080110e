import { expect, test, type Locator, type Page } from '@playwright/test';

import { arrowTo, expectFocusRing, tabTo } from '../support/keyboard';
import { newPerson, personWithAccount, registerClientViaApi, withApiSession, type Person } from '../support/people';
import { shoot } from '../support/screens';
import { post } from '../support/api';

// An agency admin works the whole app from the keyboard: no clicks, and no
// address typed after the first page.
const admin = newPerson('Wairimu', 'Njeri');
let tenancyId = 0;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(90_000);
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const agentId = await personWithAccount(request, admin, { Self: 0, AgentName: 'Funguo Homes' });
  const landlordNo = await registerClientViaApi(request, admin, agentId, newPerson('Kibet', 'Ruto'));
  tenancyId = await withApiSession(request, admin, async (headers) => {
    const property = await post(request, '/api/properties/registerProperty', headers, {
      Property_name: 'Funguo Court',
      Rental_units: 2,
      County: 'Nakuru',
      Town: 'Nakuru',
      Area_Estate: 'Milimani',
      LandlordNo: landlordNo,
      managingAgentId: agentId,
    });
    const house = await post(request, '/api/house/addhouse', headers, {
      PropId: property.PropId,
      House_number: 'K1',
      Description: 'One bedroom',
      Rent: '9,000',
      Deposit: '9,000',
      readiness: 0,
    });
    const tenant = await post(request, '/api/client/register', headers, {
      First_name: 'Chebet',
      Last_name: 'Kiprono',
      Email: `chebet-${Date.now()}@example.com`,
      PhoneNo: '0711222333',
      CapturingAgentId: agentId,
    });
    const booked = await post(request, '/api/tenancy/newtenancyinit', headers, {
      HouseId: house.HouseId,
      ClientNo: tenant.clientNo,
      Id_number: '34567890',
      Tenant_Employer: 'Nakuru Millers',
      Tenant_Business: 'Not in business',
      Next_of_kin_name: 'Mama Chebet',
      Next_of_kin_phone: '0799111222',
    });
    return booked.TenancyId as number;
  });
  await request.dispose();
});

/** Tab to a control, check that the focus shows, and press Enter on it. */
async function activate(page: Page, target: Locator, key: 'Enter' | 'Space' = 'Enter') {
  await tabTo(page, target);
  await expectFocusRing(target);
  await page.keyboard.press(key);
}

async function signInByKeyboard(page: Page, person: Person) {
  await activate(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log in' }));
  await expect(page).toHaveURL(/\/signin$/);
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(person.email);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(person.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: new RegExp(`Welcome .*${person.first}`) })).toBeVisible();
}

test('an agency admin reaches every sidebar entry and receives rent with the keyboard alone', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await signInByKeyboard(page, admin);

  // Into the agency through the navigation bar's menu.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await activate(page, nav.getByRole('button', { name: 'Property Management' }));
  const myAgency = page.getByRole('menuitem', { name: 'My Agency' });
  await expect(myAgency).toBeVisible();
  await arrowTo(page, myAgency);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/propertymanagement\/agency$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  const sidebar = page.getByRole('navigation', { name: 'Property management' });
  const entry = (name: string) => sidebar.getByRole('link', { name, exact: true });
  const group = (name: string) => sidebar.getByRole('button', { name, exact: true });

  /** Goes to a sidebar entry from wherever the focus is, forwards or back, and checks the screen. */
  async function visit(target: Locator, url: RegExp, heading: string | RegExp, shot: string) {
    // The focus is after the entry (in the page it opened): go back to it; else forwards.
    const back = await target.evaluate((el) => {
      const active = document.activeElement;
      return active !== null && (el.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    });
    await tabTo(page, target, { back });
    await expectFocusRing(target);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    await shoot(page, `keyboard-${shot}`);
  }

  await visit(entry('Dashboard'), /\/agency\/dashboard$/, 'Dashboard', 'dashboard');
  await visit(entry('Admin'), /\/agency\/admin/, /Admin/, 'admin');
  await visit(entry('M-Pesa'), /\/agency\/mpesa/, /M-Pesa/, 'mpesa');

  // Clients: a group opened with Enter, then its entries.
  const clients = group('Clients');
  await tabTo(page, clients, { back: true });
  await expectFocusRing(clients);
  await page.keyboard.press('Enter');
  await expect(clients).toHaveAttribute('aria-expanded', 'true');
  await visit(entry('Add Client'), /\/agency\/client\/addclient$/, /client/i, 'add-client');
  await visit(entry('Edit Client'), /\/agency\/client\/editclientdetails$/, /client/i, 'edit-client');
  await visit(entry('Properties'), /\/agency\/propertymanagement$/, 'Properties', 'properties');

  // Tenancies: the group with Space this time.
  const tenancies = group('Tenancies');
  await tabTo(page, tenancies, { back: true });
  await page.keyboard.press('Space');
  await expect(tenancies).toHaveAttribute('aria-expanded', 'true');
  await visit(entry('Add New Tenacy'), /\/agency\/tenancymanagement\/booknewtency$/, 'Add New Tenacy', 'book-tenancy');
  await visit(entry('Terminate Tenacy'), /\/agency\/tenancymanagement\/terminatetenancy$/, /Terminate/i, 'terminate-tenancy');

  // Money transactions: receive rent for the tenancy.
  await visit(entry('Money transactions'), /\/agency\/PMMoneyTransactions$/, 'Money transactions', 'money-transactions');
  const form = page.getByRole('form', { name: 'Receive rent payment' });
  const ledger = form.getByRole('textbox', { name: 'Ledger' }).or(form.getByRole('combobox', { name: 'Ledger' })).first();
  await tabTo(page, ledger);
  await page.keyboard.press('ArrowDown');
  const rent = page.getByRole('option', { name: 'Rent', exact: true });
  await expect(rent).toBeVisible();
  for (let i = 0; i < 10 && (await rent.getAttribute('data-combobox-selected')) === null; i += 1) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(ledger).toHaveValue('Rent');

  await tabTo(page, form.getByLabel('Tenancy ID'));
  await page.keyboard.type(String(tenancyId));
  await activate(page, form.getByRole('button', { name: 'Validate' }));
  await expect(form.getByLabel('Selected tenancy')).toContainText('Chebet Kiprono');
  await tabTo(page, form.getByLabel('PaymentDetails'));
  await page.keyboard.type('Cash at the Nakuru office');
  await tabTo(page, form.getByLabel('PaymentAmount'));
  await page.keyboard.type('4500');
  await activate(page, form.getByRole('button', { name: 'Receive payment' }));
  const confirm = page.getByRole('dialog', { name: 'Make Rent payment?' });
  await expect(confirm).toBeVisible();
  await shoot(page, 'keyboard-confirm-payment');
  await activate(page, confirm.getByRole('button', { name: 'Yes' }));
  await expect(page.getByText('Payment made successfully')).toBeVisible();
  await expect(form.getByLabel('Tenancy ID')).toHaveValue('');

  // The receipt is recorded: the payments tab lists it (tabs move with the arrow keys).
  const receiptsTab = page.getByRole('tab', { name: 'Receipts' });
  await tabTo(page, receiptsTab, { back: true });
  await expectFocusRing(receiptsTab);
  const paymentsTab = page.getByRole('tab', { name: 'payments' });
  await arrowTo(page, paymentsTab, 'ArrowRight');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/agency\/PMMoneyTransactions\/pymnt$/);
  await expect(page.getByText('Cash at the Nakuru office').first()).toBeVisible();
  await expect(page.getByText('4,500.00').first()).toBeVisible();
  await shoot(page, 'keyboard-payments');

  // And on the tenancy: the list opens it with Enter, and its statement shows the receipt.
  await visit(entry('Tenancies List'), /\/agency\/tenancymanagement\/tenancies$/, 'Tenancies', 'tenancies');
  await activate(page, page.getByRole('row', { name: `Open tenancy ${tenancyId}` }));
  await expect(page).toHaveURL(new RegExp(`/tenancymanagement/tenancies/${tenancyId}$`));
  await expect(page.getByText('Cash at the Nakuru office').first()).toBeVisible();
  await shoot(page, 'keyboard-tenancy');

  // Home, last: it leaves the property-management area.
  await visit(entry('Home'), /\/$/, new RegExp(`Welcome .*${admin.first}`), 'home');
});

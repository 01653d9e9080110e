import { mkdir, writeFile } from 'node:fs/promises';

import { expect, test, type Page } from '@playwright/test';

import { post } from '../support/api';
import { pdfLayout } from '../support/pdf-pages';
import { newPerson, personWithAccount, registerClientViaApi, signInViaUi, withApiSession } from '../support/people';
import { NARROW, WIDE, shoot } from '../support/screens';

/**
 * Issue 23's walk: a property with a service charge, water at Ksh 150 a unit
 * and a 10% penalty after the 5th; May's readings typed at phone width; June's
 * run with invoices to tenants on; a partial payment; the penalty on the 6th;
 * and the statement, its PDF and the tenant's texts (from the fake Africa's
 * Talking) carrying the same figures. The server's clock moves through
 * TEST_CLOCK_FILE.
 */
const pm = (rest: string) => `/propertymanagement/agency/${rest}`;
const owner = newPerson('Wairimu', 'Ndungu');
const setServerClock = (iso: string) => writeFile(process.env.E2E_CLOCK_FILE!, iso);
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'e2e/test-results/screens';
// A number of the tenant's own, so the fake's texts to it are this walk's only.
const phone = `07${String(Date.now()).slice(-7)}7`;
const international = `+254${phone.slice(1)}`;

test.describe.configure({ mode: 'serial' });

let page: Page;
let agentId = 0;
let propId = 0;
let tenancyId = 0;
let api: <T = Record<string, unknown>>(path: string, data: object) => Promise<T>;

const textsToTenant = async () => {
  const res = await fetch(`${process.env.E2E_DARAJA_URL}/__sms`);
  return ((await res.json()) as { to: string; message: string }[]).filter((t) => t.to === international).map((t) => t.message);
};

test.beforeAll(async ({ browser, playwright }) => {
  test.setTimeout(120_000);
  // The property's charges are set up on 1 May, so May is billed (a charge set up later in a month starts the next: decision 047).
  await setServerClock('2027-05-01T09:00:00Z');
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  agentId = await personWithAccount(request, owner, { Self: 0, AgentName: 'Mti Homes' });
  const landlordNo = await registerClientViaApi(request, owner, agentId, newPerson('Kiprono', 'Sang'));
  api = async (path, data) => withApiSession(request, owner, (headers) => post(request, path, headers, data));
  await api('/api/mpesa/paybill', { managingAgentId: agentId, shortcode: '174379' });
  propId = (
    await api<{ PropId: number }>('/api/properties/registerProperty', {
      Property_name: 'Mti Court',
      Rental_units: 1,
      County: 'Nairobi',
      Town: 'Nairobi',
      Area_Estate: 'Kileleshwa',
      LandlordNo: landlordNo,
      managingAgentId: agentId,
    })
  ).PropId;
  await api('/api/charges/recurring', { managingAgentId: agentId, PropId: propId, Name: 'Service charge', Amount: '1,500' });
  await api('/api/charges/penaltyrule', { managingAgentId: agentId, PropId: propId, AfterDay: 5, Percent: 10 });
  await api('/api/charges/water/tariff', { managingAgentId: agentId, PropId: propId, UnitPrice: '150' });
  await setServerClock('2027-05-20T09:00:00Z');
  const house = await api<{ HouseId: number }>('/api/house/addhouse', {
    PropId: propId,
    House_number: 'T1',
    Description: 'Two bedroom',
    Rent: '10,000',
    Deposit: '0',
    readiness: 0,
  });
  const client = await api<{ clientNo: number }>('/api/client/register', {
    First_name: 'Nyambura',
    Last_name: 'Gathoni',
    Email: `nyambura-${Date.now()}@example.com`,
    PhoneNo: phone,
    CapturingAgentId: agentId,
  });
  // Booked on 20 May: May's rent is charged by the booking.
  tenancyId = (
    await api<{ TenancyId: number }>('/api/tenancy/newtenancyinit', {
      HouseId: house.HouseId,
      ClientNo: client.clientNo,
      Id_number: '12345678',
      Tenant_Employer: 'Acme Limited',
      Tenant_Business: 'None at all',
      Next_of_kin_name: 'Ruth Gathoni',
      Next_of_kin_phone: '0722000111',
    })
  ).TenancyId;
  await setServerClock('2027-06-01T06:00:00Z');
  await mkdir(SHOTS, { recursive: true });
  const context = await browser.newContext({ viewport: WIDE });
  page = await context.newPage();
  await signInViaUi(page, owner);
});

test.afterAll(async () => {
  await page?.context().close();
  await setServerClock('');
});

test("at 390 px: May's water reading typed with Enter, confirmed and charged at Ksh 150 a unit", async () => {
  await page.setViewportSize(NARROW);
  await page.goto(pm(`propertymanagement/${propId}/water`));
  await page.getByLabel('Month').fill('2027-05');
  await expect(page.getByRole('region', { name: 'Water tariff' }).getByText('Ksh 150.00 a unit')).toBeVisible();
  const t1 = page.getByRole('group', { name: 'House T1' });
  await t1.getByLabel('New reading').fill('1246');
  await page.keyboard.press('Enter');
  await expect(t1.getByLabel('Start reading')).toBeFocused();
  await page.keyboard.type('1234');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Save readings' }).click();
  await expect(t1).toContainText('12 units · Ksh 1,800.00');
  await page.getByRole('button', { name: 'Confirm and charge' }).click();
  await expect(page.getByText(/Water charged to 1 tenanc.*: Ksh 1,800\.00/)).toBeVisible();
  await shoot(page, 'walk-water');
});

test("June's run, with invoices to tenants switched on: the tenant's SMS lists the charges and the total due", async () => {
  await page.goto(pm('admin/tenancies'));
  const invoices = page.getByRole('switch', { name: /Send each tenant an invoice/ });
  await expect(invoices).not.toBeChecked();
  await invoices.click();
  await expect(page.getByText('Tenants get an invoice when the run charges a month.')).toBeVisible();
  await expect(invoices).toBeChecked();
  await page.getByRole('button', { name: 'Run monthly invoices' }).click();
  await page.getByRole('dialog', { name: 'Run monthly invoices?' }).getByRole('button', { name: 'Run invoices' }).click();
  // June's rent, and the service charge for May (left to the run by the booking) and June.
  await expect(page.getByText('Charged 1 tenancy for May 2027 and June 2027: Ksh 13,000.00')).toBeVisible();
  await shoot(page, 'walk-run');

  const invoice =
    `Mti Homes: invoice for May 2027 and June 2027. Earlier balance Ksh 11,800.00; Rent Ksh 10,000.00; ` +
    `Service charge Ksh 3,000.00. Total due Ksh 24,800.00. Pay to paybill 174379, account ${tenancyId}.`;
  await expect.poll(textsToTenant).toEqual([invoice]);
});

test('a partial payment, the penalty on the 6th, and the statement, PDF and texts agree', async () => {
  // One session per person: the browser logs out while the office's calls are made, then signs in again.
  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  await api('/api/pmMoneyTransactions/rentreciept', {
    tenancyID: tenancyId,
    paymentdetails: 'Cash at office',
    RecievedAmount: '12,000',
    managingAgentId: agentId,
    ledgerName: 'Rent',
    idempotencyKey: `walk-partial-${Date.now()}`,
  });
  await expect.poll(async () => (await textsToTenant()).length).toBe(2);
  expect((await textsToTenant())[1]).toMatch(/^Mti Homes: receipt RCT-\d+ for Ksh 12,000\.00 received\. Balance now Ksh 12,800\.00\./);

  await setServerClock('2027-06-06T06:00:00Z');
  await api('/api/charges/penalties/run', { managingAgentId: agentId });
  await signInViaUi(page, owner);

  await page.goto(pm(`tenancymanagement/tenancies/${tenancyId}`));
  await expect(page.getByTestId('balance-due')).toHaveText('Ksh 13,800.00');
  const statement = page.getByRole('table', { name: 'Financial statement' });
  // The receipt's row names what it paid (the water among them): each charge's own row is the one without it.
  const charge = (details: string) => statement.getByRole('row').filter({ hasText: details }).filter({ hasNotText: 'Cash at office' });
  await expect(charge('Water: 12 units × Ksh 150.00 (1,234 → 1,246)')).toContainText('1,800.00');
  await expect(charge('Service charge for June 2027')).toContainText('24,800.00');
  await expect(statement.getByRole('row').filter({ hasText: 'Cash at office' })).toContainText('12,800.00');
  await expect(charge('Late-payment penalty for June 2027')).toContainText('1,000.00');
  const kinds = page.getByRole('list', { name: 'Balance by kind' });
  await expect(kinds.getByRole('listitem').filter({ hasText: 'Rent' })).toContainText('10,000.00');
  await expect(kinds.getByRole('listitem').filter({ hasText: 'Penalty' })).toContainText('1,000.00');
  await shoot(page, 'walk-statement');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  const file = `${SHOTS}/walk-statement.pdf`;
  await download.saveAs(file);
  const pdf = pdfLayout(file).words.map((w) => w.text).join(' ');
  expect(pdf).toContain('Balance due: Ksh 13,800.00');
  for (const figure of ['1,800.00', '24,800.00', '12,800.00', '1,000.00', '13,800.00']) expect(pdf).toContain(figure);
  const [invoice, receipt] = await textsToTenant();
  expect(invoice).toContain('Total due Ksh 24,800.00');
  expect(receipt).toContain('Balance now Ksh 12,800.00');
});

test("the tenancy's arrears reminders switch: its state, switched off and on by the admin", async () => {
  const reminders = page.getByRole('switch', { name: 'Send this tenant arrears reminders by SMS' });
  await expect(reminders).toBeChecked();
  await expect(page.getByText('On: the tenant gets the agency’s arrears reminders.')).toBeVisible();
  await reminders.click();
  await expect(page.getByText('The tenant will get no arrears reminders')).toBeVisible();
  await expect(reminders).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Send this tenant arrears reminders by SMS' })).not.toBeChecked();
  await expect(page.getByText('Off: the tenant gets no arrears reminders.')).toBeVisible();
  await shoot(page, 'walk-reminders-off');
  await page.getByRole('switch', { name: 'Send this tenant arrears reminders by SMS' }).click();
  await expect(page.getByText('The tenant will get arrears reminders again')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Send this tenant arrears reminders by SMS' })).toBeChecked();
});

import { writeFile } from 'node:fs/promises';

import { expect, test, type Page } from '@playwright/test';

import { post } from '../support/api';
import { newPerson, personWithAccount, registerClientViaApi, signInViaUi, withApiSession } from '../support/people';
import { shoot } from '../support/screens';

/**
 * Rent reviews through the tenancy screen: a yearly review on the
 * anniversary, a one-off on a date, a refusal, a change and a cancellation,
 * then the run charging the new rent from its month. The server's clock is
 * moved by the file global-setup gives it.
 */
const pm = (rest: string) => `/propertymanagement/agency/${rest}`;
const owner = newPerson('Akinyi', 'Odhiambo');
const setServerClock = (iso: string) => writeFile(process.env.E2E_CLOCK_FILE!, iso);

test.describe.configure({ mode: 'serial' });

let page: Page;
let agentId = 0;
let tenancyId = 0;
let api: <T = Record<string, unknown>>(path: string, data: object) => Promise<T>;

test.beforeAll(async ({ browser, playwright }) => {
  test.setTimeout(120_000);
  await setServerClock('2027-05-03T09:00:00Z');
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  agentId = await personWithAccount(request, owner, { Self: 0, AgentName: 'Odhiambo Estates' });
  const landlordNo = await registerClientViaApi(request, owner, agentId, newPerson('Kamau', 'Njoroge'));
  api = async (path, data) => withApiSession(request, owner, (headers) => post(request, path, headers, data));
  const property = await api<{ PropId: number }>('/api/properties/registerProperty', {
    Property_name: 'Mninga Court',
    Rental_units: 1,
    County: 'Nairobi',
    Town: 'Nairobi',
    Area_Estate: 'Kilimani',
    LandlordNo: landlordNo,
    managingAgentId: agentId,
  });
  const house = await api<{ HouseId: number }>('/api/house/addhouse', {
    PropId: property.PropId,
    House_number: 'R1',
    Description: 'One bedroom',
    Rent: '10,000',
    Deposit: '0',
    readiness: 0,
  });
  const client = await api<{ clientNo: number }>('/api/client/register', {
    First_name: 'Nyokabi',
    Last_name: 'Wambui',
    Email: `nyokabi-${Date.now()}@example.com`,
    PhoneNo: '0712345679',
    CapturingAgentId: agentId,
  });
  const booked = await api<{ TenancyId: number }>('/api/tenancy/newtenancyinit', {
    HouseId: house.HouseId,
    ClientNo: client.clientNo,
    Id_number: '12345679',
    Tenant_Employer: 'Acme Limited',
    Tenant_Business: 'None at all',
    Next_of_kin_name: 'Ruth Wambui',
    Next_of_kin_phone: '0722000112',
  });
  tenancyId = booked.TenancyId;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  await signInViaUi(page, owner);
});

test.afterAll(async () => {
  await page?.context().close();
  await setServerClock('');
});

const rows = () => page.getByRole('table', { name: 'Rent and reviews' }).getByRole('row');
const toastSays = (text: string) => expect(page.locator('.mantine-Notification-root').filter({ hasText: text })).toBeVisible();

test('an admin schedules, changes and cancels rent reviews on the tenancy screen', async () => {
  await page.goto(pm(`tenancymanagement/tenancies/${tenancyId}`));
  await expect(page.getByText('Rent now: Ksh 10,000.00')).toBeVisible();
  await expect(rows().filter({ hasText: 'Rent at the start' })).toContainText('May 2027');

  await page.getByRole('button', { name: 'Schedule a review' }).click();
  let dialog = page.getByRole('dialog', { name: 'Rent review' });
  await dialog.getByLabel('Percentage (%)').fill('7.5');
  await dialog.getByRole('button', { name: 'Save review' }).click();
  await toastSays('Rent review saved: Ksh 10,750.00 from June 2028');
  await expect(rows().filter({ hasText: 'June 2028' })).toContainText('Ksh 10,750.00');
  await expect(rows().filter({ hasText: 'June 2028' })).toContainText('+7.5% on 03/05/2028, every year');

  await page.getByRole('button', { name: 'Schedule a review' }).click();
  dialog = page.getByRole('dialog', { name: 'Rent review' });
  await dialog.getByText('On a date').click();
  await dialog.getByLabel('Review date (dd/mm/yyyy)').fill('01/01/2027');
  await dialog.getByText('Amount', { exact: true }).click();
  await dialog.getByLabel('Amount (Ksh)').fill('500');
  await dialog.getByLabel('Repeat every year').uncheck();
  await dialog.getByRole('button', { name: 'Save review' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('A review cannot take effect before the tenancy starts.');
  await dialog.getByLabel('Review date (dd/mm/yyyy)').fill('01/09/2027');
  await dialog.getByRole('button', { name: 'Save review' }).click();
  await toastSays('Rent review saved: Ksh 10,500.00 from September 2027');
  // The yearly review after it is worked out again from the new rent.
  await expect(rows().filter({ hasText: 'June 2028' })).toContainText('Ksh 11,287.50');

  await rows().filter({ hasText: 'September 2027' }).getByRole('button', { name: 'Change' }).click();
  dialog = page.getByRole('dialog', { name: 'Rent review' });
  await dialog.getByLabel('Review date (dd/mm/yyyy)').fill('02/10/2027');
  await dialog.getByLabel('Amount (Ksh)').fill('1,000');
  await dialog.getByRole('button', { name: 'Save review' }).click();
  await toastSays('Rent review changed: Ksh 11,000.00 from November 2027');
  await expect(rows().filter({ hasText: 'November 2027' })).toContainText('Tenant told on 02/10/2027');
  await expect(rows().filter({ hasText: 'June 2028' })).toContainText('Ksh 11,825.00');
  await shoot(page, 'rent-reviews');

  await rows().filter({ hasText: 'June 2028' }).getByRole('button', { name: 'Cancel review' }).click();
  dialog = page.getByRole('dialog', { name: 'Cancel this rent review?' });
  await dialog.getByRole('button', { name: 'Cancel review' }).click();
  await toastSays('Rent review cancelled');
  await expect(rows()).toHaveCount(3);
});

test('the run charges the old rent before the review and the new one from its month', async () => {
  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  await setServerClock('2027-11-04T06:00:00Z');
  await api('/api/tenancy/runmonthlytenancyinvoicesbyagentid', { managingAgentId: agentId });
  await signInViaUi(page, owner);

  await page.goto(pm(`tenancymanagement/tenancies/${tenancyId}`));
  await expect(page.getByText('Rent now: Ksh 11,000.00')).toBeVisible();
  await expect(rows().filter({ hasText: 'November 2027' })).toContainText('Charged');
  const statement = page.getByRole('table', { name: 'Financial statement' });
  await expect(statement.getByRole('row').filter({ hasText: 'Rent for October 2027' })).toContainText('10,000.00');
  await expect(statement.getByRole('row').filter({ hasText: 'Rent for November 2027' })).toContainText('11,000.00');
  await shoot(page, 'rent-reviews-charged');
});

import { writeFile } from 'node:fs/promises';

import { expect, test, type Page } from '@playwright/test';

import { post } from '../support/api';
import {
  newPerson,
  personWithAccount,
  registerClientViaApi,
  signInViaUi,
  withApiSession,
} from '../support/people';
import { shoot } from '../support/screens';

/**
 * Arrears reminders through the screen: the settings, and before switching
 * them on, today's preview of who would get one and what it would cost.
 * (Sending and delivery reports are proved against a fake Africa's Talking in
 * apps/server/src/modules/reminders/reminders.test.ts; reminders stay switched off here.)
 */
const owner = newPerson('Achieng', 'Otieno');
const setServerClock = (iso: string) => writeFile(process.env.E2E_CLOCK_FILE!, iso);

let page: Page;

test.beforeAll(async ({ browser, playwright }) => {
  test.setTimeout(120_000);
  await setServerClock('2027-06-07T06:00:00Z');
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const agentId = await personWithAccount(request, owner, { Self: 0, AgentName: 'Otieno Lettings' });
  const landlordNo = await registerClientViaApi(request, owner, agentId, newPerson('Mwangi', 'Kiptoo'));
  const api = async <T = Record<string, unknown>>(path: string, data: object): Promise<T> =>
    withApiSession(request, owner, (headers) => post(request, path, headers, data)) as Promise<T>;
  const { PropId } = await api<{ PropId: number }>('/api/properties/registerProperty', {
    Property_name: 'Kumbuka Flats',
    Rental_units: 2,
    County: 'Nairobi',
    Town: 'Nairobi',
    Area_Estate: 'Parklands',
    LandlordNo: landlordNo,
    managingAgentId: agentId,
  });
  for (const [i, number] of ['K1', 'K2'].entries()) {
    const house = await api<{ HouseId: number }>('/api/house/addhouse', {
      PropId,
      House_number: number,
      Description: 'One bedroom',
      Rent: '12,000',
      Deposit: '0',
      readiness: 0,
    });
    const client = await api<{ clientNo: number }>('/api/client/register', {
      First_name: i ? 'Halima' : 'Juma',
      Last_name: 'Said',
      Email: `remind-${i}-${Date.now()}@example.com`,
      PhoneNo: '0712345678',
      CapturingAgentId: agentId,
    });
    await api('/api/tenancy/newtenancyinit', {
      HouseId: house.HouseId,
      ClientNo: client.clientNo,
      Id_number: '12345678',
      Tenant_Employer: 'Acme Limited',
      Tenant_Business: 'None at all',
      Next_of_kin_name: 'Amina Said',
      Next_of_kin_phone: '0722000111',
    });
  }
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  await signInViaUi(page, owner);
});

test.afterAll(async () => {
  await page?.context().close();
  await setServerClock('');
});

test('an admin sets the reminder days and sees who would get one today and the cost', async () => {
  await page.goto('/propertymanagement/agency/admin');
  await page.getByRole('link', { name: 'Arrears reminders by SMS' }).click();
  await expect(page.getByRole('heading', { name: 'Arrears reminders' })).toBeVisible();
  const settings = page.getByRole('region', { name: 'Settings' });
  // The e2e server sends SMS through its fake Africa's Talking, so no "not set up" note.
  await expect(settings.getByText('SMS is not set up on this server')).toHaveCount(0);
  await settings.getByLabel('Days of the month').fill('3, 7, 14');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Arrears reminders switched off')).toBeVisible();
  const today = page.getByRole('region', { name: 'Today' });
  await expect(today.getByRole('status')).toHaveText(
    '2 tenants would get a reminder today (2 SMS, about Ksh 1.60).',
  );
  await expect(
    today.getByText(/Example: Juma, your balance with Otieno Lettings is Ksh 12,000\.00/),
  ).toBeVisible();
  await expect(page.getByText('No reminder sent yet.')).toBeVisible();
  await shoot(page, 'arrears-reminders');
});

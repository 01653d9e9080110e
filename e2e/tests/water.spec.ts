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
import { NARROW, shoot } from '../support/screens';

/**
 * Metered water through the screens at phone width: the tariff, readings
 * typed house after house with Enter, one refused as below the previous
 * reading, a file imported, the month confirmed, and the statement's line.
 */
const pm = (rest: string) => `/propertymanagement/agency/${rest}`;
const owner = newPerson('Njeri', 'Waweru');
const setServerClock = (iso: string) => writeFile(process.env.E2E_CLOCK_FILE!, iso);

test.describe.configure({ mode: 'serial' });

let page: Page;
let agentId = 0;
let propId = 0;
const tenancies: number[] = [];
let api: <T = Record<string, unknown>>(path: string, data: object) => Promise<T>;

test.beforeAll(async ({ browser, playwright }) => {
  test.setTimeout(120_000);
  await setServerClock('2027-03-28T09:00:00Z');
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  agentId = await personWithAccount(request, owner, { Self: 0, AgentName: 'Waweru Homes' });
  const landlordNo = await registerClientViaApi(request, owner, agentId, newPerson('Kamau', 'Gitau'));
  api = async (path, data) => withApiSession(request, owner, (headers) => post(request, path, headers, data));
  propId = (
    await api<{ PropId: number }>('/api/properties/registerProperty', {
      Property_name: 'Maji Court',
      Rental_units: 3,
      County: 'Nairobi',
      Town: 'Nairobi',
      Area_Estate: 'Kilimani',
      LandlordNo: landlordNo,
      managingAgentId: agentId,
    })
  ).PropId;
  for (const [i, number] of ['W1', 'W2', 'W3'].entries()) {
    const house = await api<{ HouseId: number }>('/api/house/addhouse', {
      PropId: propId,
      House_number: number,
      Description: 'Bedsitter',
      Rent: '8,000',
      Deposit: '0',
      readiness: 0,
    });
    if (i === 2) continue;
    const client = await api<{ clientNo: number }>('/api/client/register', {
      First_name: i === 0 ? 'Akinyi' : 'Baraka',
      Last_name: 'Odhiambo',
      Email: `water-${i}-${Date.now()}@example.com`,
      PhoneNo: '0712345678',
      CapturingAgentId: agentId,
    });
    const booked = await api<{ TenancyId: number }>('/api/tenancy/newtenancyinit', {
      HouseId: house.HouseId,
      ClientNo: client.clientNo,
      Id_number: '12345678',
      Tenant_Employer: 'Acme Limited',
      Tenant_Business: 'None at all',
      Next_of_kin_name: 'Ruth Odhiambo',
      Next_of_kin_phone: '0722000111',
    });
    tenancies.push(booked.TenancyId);
  }
  const context = await browser.newContext({ viewport: NARROW, hasTouch: true, isMobile: true });
  page = await context.newPage();
  await signInViaUi(page, owner);
});

test.afterAll(async () => {
  await page?.context().close();
  await setServerClock('');
});

test('at phone width: the tariff, readings typed with Enter from house to house, and a reading below the previous one refused', async () => {
  await page.goto(pm(`propertymanagement/${propId}/water`));
  await page.getByLabel('Month').fill('2027-03');
  const tariff = page.getByRole('region', { name: 'Water tariff' });
  await expect(tariff.getByText('No tariff yet')).toBeVisible();
  await tariff.getByLabel('Ksh per unit').fill('150');
  await tariff.getByRole('button', { name: 'Save tariff' }).click();
  await expect(tariff.getByText('Ksh 150.00 a unit')).toBeVisible();

  const w1 = page.getByRole('group', { name: 'House W1' });
  const w2 = page.getByRole('group', { name: 'House W2' });
  await expect(w1).toContainText('No earlier reading');
  await w1.getByLabel('New reading').fill('1234');
  await page.keyboard.press('Enter');
  await expect(w1.getByLabel('Start reading')).toBeFocused();
  await page.keyboard.type('1230');
  await page.keyboard.press('Enter');
  await expect(w2.getByLabel('New reading')).toBeFocused();
  await expect(w1.getByLabel('New reading')).toHaveAttribute('inputmode', 'numeric');
  await page.getByRole('button', { name: 'Save readings' }).click();
  await expect(w1).toContainText('4 units · Ksh 600.00');
  await expect(page.getByRole('status').filter({ hasText: 'Missing readings' })).toHaveText(
    'Missing readings (not charged): W2',
  );
  await shoot(page, 'water-readings');

  // April: W1 read below March's reading is refused until marked as a new meter.
  await page.getByLabel('Month').fill('2027-04');
  await expect(w1).toContainText('Previous 1,234');
  await w1.getByLabel('New reading').fill('1200');
  await page.getByRole('button', { name: 'Save readings' }).click();
  await expect(w1.getByText('the reading is below the previous one (1,234)')).toBeVisible();
});

test('a readings file fills the sheet; confirming charges each let house once and the statement shows the line', async () => {
  await page.getByLabel('Month').fill('2027-03');
  const w1 = page.getByRole('group', { name: 'House W1' });
  await expect(w1).toContainText('4 units');
  await page.locator('input[type=file]').setInputFiles({
    name: 'march.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('House,Reading,Start reading\r\nW1,"1,246",1234\r\nW2,88,80\r\n'),
  });
  await expect(w1.getByLabel('New reading')).toHaveValue('1246');
  await page.getByRole('button', { name: 'Save readings' }).click();
  await expect(w1).toContainText('12 units · Ksh 1,800.00');
  await expect(page.getByRole('status').filter({ hasText: 'Every let house' })).toHaveText(
    'Every let house has a reading.',
  );
  await page.getByRole('button', { name: 'Confirm and charge' }).click();
  await expect(page.getByText('Water charged to 2 tenancies: Ksh 3,000.00')).toBeVisible();
  await expect(page.getByText('This month is confirmed and charged')).toBeVisible();
  await expect(w1.getByText('Charged')).toBeVisible();

  await page.goto(pm(`tenancymanagement/tenancies/${tenancies[0]}`));
  const statement = page.getByRole('table', { name: 'Financial statement' });
  await expect(
    statement.getByRole('row').filter({ hasText: 'Water: 12 units × Ksh 150.00 (1,234 → 1,246)' }),
  ).toContainText('1,800.00');
  await expect(
    page.getByRole('list', { name: 'Balance by kind' }).getByRole('listitem').filter({ hasText: 'Water' }),
  ).toContainText('1,800.00');
});

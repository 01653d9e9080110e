import { expect, test } from '@playwright/test';

import { newPerson, personWithAccount, registerClientViaApi, signInViaUi, withApiSession } from '../support/people';
import { expectAccessible } from '../support/screens';
import { post } from '../support/api';

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'e2e/test-results/screens';
const owner = newPerson('Faraji', 'Otieno');

test('an agency publishes its vacant houses and a visitor finds them signed out, at desktop and phone width', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  const agentId = await personWithAccount(request, owner, { Self: 0, AgentName: 'Pwani Lettings' });
  const landlordNo = await registerClientViaApi(request, owner, agentId, newPerson('Bahati', 'Mwangi'));
  await withApiSession(request, owner, async (headers) => {
    const property = await post(request, '/api/properties/registerProperty', headers, {
      Property_name: 'Mnazi Apartments',
      Rental_units: 3,
      County: 'Mombasa',
      Town: 'Nyali',
      Area_Estate: 'Links Road',
      LandlordNo: landlordNo,
      managingAgentId: agentId,
    });
    for (const [number, rent] of [
      ['M1', '18,000'],
      ['M2', '25,000'],
    ]) {
      await post(request, '/api/house/addhouse', headers, {
        PropId: property.PropId,
        House_number: number,
        Description: 'Two bedroom with a sea view and a very long description that must wrap on a phone',
        Rent: rent,
        Deposit: rent,
        readiness: 0,
      });
    }
  });

  // The admin publishes from Admin → Home.
  await signInViaUi(page, owner);
  await page.goto('/propertymanagement/agency/admin');
  await page.getByLabel('Enquiry phone').fill('0700123456');
  await page.getByLabel('Enquiry email').fill('lettings@pwani.co.ke');
  await page.getByRole('switch', { name: 'Publish our vacant houses on Find House' }).check();
  await page.getByRole('button', { name: 'Save listing' }).click();
  await expect(page.getByText('Find House listing saved')).toBeVisible();

  // A visitor, signed out, in a browser of their own.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/');
  await visitor.getByRole('link', { name: 'Find House' }).click();
  await expect(visitor).toHaveURL(/\/findhouse$/);
  await expect(visitor.getByRole('heading', { name: 'Find House', level: 1 })).toBeVisible();
  await visitor.getByLabel('Town').fill('nyali');
  await visitor.getByLabel('Rent up to (Ksh)').fill('20000');
  await visitor.getByRole('button', { name: 'Search' }).click();
  const card = visitor.getByRole('article', { name: 'Mnazi Apartments, house M1' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Ksh 18,000.00');
  await expect(card).toContainText('lettings@pwani.co.ke');
  await expect(visitor.getByRole('article', { name: 'Mnazi Apartments, house M2' })).toBeHidden();
  await expect(visitor.getByText('1 vacant house')).toBeVisible();

  for (const [label, size] of [
    ['1280', { width: 1280, height: 800 }],
    ['390', { width: 390, height: 844 }],
  ] as const) {
    await visitor.setViewportSize(size);
    await visitor.waitForTimeout(150);
    const overflow = await visitor.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `page wider than the ${label} px screen`).toBeLessThanOrEqual(0);
    await expectAccessible(visitor, `Find House at ${label} px`);
    await visitor.screenshot({ path: `${SHOTS}/find-house-${label}.png`, fullPage: true });
  }
  await visitor.close();
});

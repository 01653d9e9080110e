import { expect, test, type APIRequestContext } from '@playwright/test';

import { newPerson, personWithAccount, signInViaUi, withApiSession } from '../support/people';
import { shoot } from '../support/screens';

// A landlord with their own account, hired by an agency: two accounts to work in.
const landlord = newPerson('Kerubo', 'Moraa');
const agencyOwner = newPerson('Omondi', 'Were');

async function ok<T = unknown>(res: Awaited<ReturnType<APIRequestContext['post']>>, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(60_000);
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const agencyId = await personWithAccount(request, agencyOwner, { Self: 0, AgentName: 'Jenga Agency' });
  await personWithAccount(request, landlord, { Self: 1, AgentName: 'Kerubo Rentals' });
  const landlordUserNo = await withApiSession(request, landlord, async (_headers, user) => user.userNo);
  await withApiSession(request, agencyOwner, async (headers) =>
    ok(
      await request.post('/api/usermanagement/sendhireoffertouser', { headers, data: { AgentNo: agencyId, UserNo: landlordUserNo } }),
      'send offer',
    ),
  );
  await withApiSession(request, landlord, async (headers, user) => {
    const offers = await ok<{ AgencyUserHireOfferId: number }[]>(
      await request.get(`/api/usermanagement/getuserspendinghiringoffersrecievedbyuser?userNo=${user.userNo}`, { headers }),
      'offers received',
    );
    await ok(
      await request.patch('/api/usermanagement/accepthiringOffer', {
        headers,
        data: { AgencyUserHireOfferNo: offers[0]!.AgencyUserHireOfferId, UserNo: user.userNo, AgentId: agencyId },
      }),
      'accept offer',
    );
  });
  await request.dispose();
});

test('Switch account lists the own account and the work account on every page, and switches', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInViaUi(page, landlord);

  // On the welcome page, outside any account, the account menu offers both.
  const accountMenu = page.getByRole('button', { name: /account menu/ });
  await accountMenu.click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('Switch account')).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: /My space: Kerubo Rentals/ })).toBeVisible();
  // A picture only: axe faults the focus sentinel Mantine puts in every open menu, which is not ours to change.
  await page.screenshot({ path: 'e2e/test-results/screens/switch-account-menu-1280.png' });
  await page.keyboard.press('Escape');
  await shoot(page, 'switch-account-welcome');
  await accountMenu.click();
  await menu.getByRole('menuitem', { name: /My Work: Jenga Agency/ }).click();
  await expect(page).toHaveURL(/\/propertymanagement\/agency$/);
  await expect(page.getByTestId('account-label')).toHaveText('managing Agent Account: Jenga Agency');

  // The header's link leads to the same choice.
  await page.getByRole('link', { name: 'Switch account' }).click();
  await expect(page.getByLabel('My Work')).toContainText('Jenga Agency');
  await expect(page.getByLabel('My space')).toContainText('Kerubo Rentals');
  await shoot(page, 'switch-account-page');
  await page.getByRole('button', { name: 'Work in My space' }).click();
  await expect(page).toHaveURL(/\/propertymanagement\/myspace$/);
  await expect(page.getByTestId('account-label')).toHaveText('MySpace');

  await accountMenu.click();
  await expect(page.getByRole('menuitem', { name: /My space: Kerubo Rentals/ })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('menuitem', { name: /My Work: Jenga Agency/ })).not.toHaveAttribute('aria-current', 'true');
});

import { expect, test, type Page } from '@playwright/test';

import { newPerson, personWithAccount, signInViaUi, signUpViaApi } from '../support/people';
import { expectAccessible, shoot } from '../support/screens';

async function openPropertyManagementMenu(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Property Management' }).click();
  return page.getByRole('menu');
}

async function createAccountViaUi(page: Page, type: 'Agency account' | 'Landlord account', name: string) {
  const menu = await openPropertyManagementMenu(page);
  await menu.getByRole('menuitem', { name: 'Create Property management Account' }).click();
  await expect(page).toHaveURL(/\/propertymanagement\/createagencyaccount$/);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Choose the account type')).toBeVisible();
  await expectAccessible(page, 'create account');
  await page.getByRole('radio', { name: type }).click();
  await page.getByLabel('Agent Name').fill(name);
  await page.getByLabel('Kra Pin').fill('P051234567X');
  await page.getByLabel('Address').fill('Moi Avenue 12');
  await page.getByRole('radio', { name: type === 'Landlord account' ? 'Yes' : 'No' }).click();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Account Created Successfully' })).toBeVisible();
}

test('a new user creates an agency account and works in My Agency', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const person = newPerson('Baraka', 'Otieno');
  await signUpViaApi(request, person);
  await signInViaUi(page, person);

  await createAccountViaUi(page, 'Agency account', 'Baraka Homes');

  // The session picked the account up without signing in again.
  const menu = await openPropertyManagementMenu(page);
  await expect(menu.getByRole('menuitem', { name: 'Create Property management Account' })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: 'My Agency' }).click();
  await expect(page).toHaveURL(/\/propertymanagement\/agency$/);
  await expect(page.getByText('My Agent Account: Baraka Homes')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('No Properties found for this agent')).toBeVisible();
  await expect(page.getByLabel('Active Tenancies: 0')).toBeVisible();
  // A new agency is shown its first steps, not an empty page.
  await expect(page.getByRole('link', { name: 'Register a client' })).toHaveAttribute('href', '/propertymanagement/agency/client/addclient');
  await expect(page.getByRole('link', { name: 'Book a tenancy' })).toHaveAttribute('href', '/propertymanagement/agency/tenancymanagement/booknewtency');
  await shoot(page, 'dashboard-first-steps');
  await page.getByRole('link', { name: 'Add your first property' }).click();
  await expect(page).toHaveURL(/\/propertymanagement\/agency\/propertymanagement$/);
  await expect(page.getByRole('dialog', { name: 'Add New Property' })).toBeVisible();
  await shoot(page, 'add-first-property');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Add your first property' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Property management' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expectAccessible(page, 'dashboard');
  const sidebar = page.getByRole('navigation', { name: 'Property management' });
  await expect(sidebar).toBeInViewport();
  await expect(sidebar.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/propertymanagement/agency/admin');
  await expect(page.getByRole('button', { name: 'Toggle menu' })).toBeHidden();

  // The agency is the only account: nothing to switch to, so neither the label nor the account menu offers it.
  await expect(page.getByRole('link', { name: 'Switch account' })).toHaveCount(0);
  await page.getByRole('button', { name: /account menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('menu').getByText('Switch account')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/propertymanagement/agency/agencySelection');
  await expect(page.getByLabel('My Agency')).toContainText('Baraka Homes');
  await expect(page.getByRole('button', { name: 'Working here' })).toBeDisabled();
});

test('a new user creates a landlord account and opens My space', async ({ page, request }) => {
  const person = newPerson('Wanjiru', 'Mwangi');
  await signUpViaApi(request, person);
  await signInViaUi(page, person);

  await createAccountViaUi(page, 'Landlord account', 'Wanjiru Rentals');

  const menu = await openPropertyManagementMenu(page);
  await menu.getByRole('menuitem', { name: 'My space' }).click();
  await expect(page).toHaveURL(/\/propertymanagement\/myspace$/);
  await expect(page.getByTestId('account-label')).toHaveText('MySpace');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('a user without an account is sent away from the agency space', async ({ page, request }) => {
  const person = newPerson('Kamau', 'Njoroge');
  await signUpViaApi(request, person);
  await signInViaUi(page, person);
  await page.goto('/propertymanagement/agency/dashboard');
  await expect(page).toHaveURL(/\/unauthorized$/);
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sidebar is an overlay opened by Toggle menu', async ({ page, request }) => {
    const person = newPerson('Akinyi', 'Odhiambo');
    await personWithAccount(request, person, { Self: 0, AgentName: 'Akinyi Agency' });
    await signInViaUi(page, person);
    await page.goto('/propertymanagement/agency');
    await expect(page.getByText('My Agent Account: Akinyi Agency')).toBeVisible();

    const sidebar = page.getByRole('navigation', { name: 'Property management' });
    const toggle = page.getByRole('button', { name: 'Toggle menu' });
    // Closed, the overlay is slid out of the viewport rather than removed.
    await expect(sidebar).not.toBeInViewport();
    await toggle.click();
    await expect(sidebar).toBeInViewport();
    await sidebar.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/propertymanagement\/agency\/dashboard$/);
    await expect(sidebar).not.toBeInViewport();
  });
});

import { expect, test } from '@playwright/test';

import { expectAccessible } from '../support/screens';

test('the welcome page asks a visitor to log in', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome to Makazi' })).toBeVisible();
  await expect(page.getByText('Please log in')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Find House' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in', exact: true })).toHaveAttribute('href', '/signin');
  await expect(page.getByRole('link', { name: 'Sign up', exact: true })).toHaveAttribute('href', '/signup');
  await expect(page.getByText('copyright 2024')).toBeVisible();
  await expectAccessible(page, 'welcome');
});

test('an unknown path shows Page not found with a Home link', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('Page not found')).toBeVisible();
  await expectAccessible(page, 'page not found');
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Makazi' })).toBeVisible();
});

test('the unauthorized page goes Back and Home', async ({ page }) => {
  await page.goto('/no/such/page');
  await page.goto('/unauthorized');
  await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
  await expectAccessible(page, 'unauthorized');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/no\/such\/page$/);

  await page.goto('/unauthorized');
  await page.getByRole('link', { name: 'Home' }).or(page.getByRole('button', { name: 'Home' })).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the logo leads home and the footer shows on every page', async ({ page }) => {
  await page.goto('/unauthorized');
  await expect(page.getByText('copyright 2024')).toBeVisible();
  await page.getByRole('link', { name: 'Makazi' }).first().click();
  await expect(page).toHaveURL(/\/$/);
});

test('a logged-out visitor of the property-management area is sent home', async ({ page }) => {
  // The signed-in area (sidebar, overlay at phone width) is covered in spaces.spec.ts.
  await page.goto('/propertymanagement/agency');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Makazi' })).toBeVisible();
});

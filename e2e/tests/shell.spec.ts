import { expect, test } from '@playwright/test';

test('the welcome page asks a visitor to log in', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome to Makazi' })).toBeVisible();
  await expect(page.getByText('Please log in')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Find House' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in', exact: true })).toHaveAttribute('href', '/signin');
  await expect(page.getByRole('link', { name: 'Sign up', exact: true })).toHaveAttribute('href', '/signup');
  await expect(page.getByText('copyright 2024')).toBeVisible();
});

test('an unknown path shows Page not found with a Home link', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('Page not found')).toBeVisible();
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Makazi' })).toBeVisible();
});

test('the unauthorized page goes Back and Home', async ({ page }) => {
  await page.goto('/no/such/page');
  await page.goto('/unauthorized');
  await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
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

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the property-management sidebar is an overlay toggled by a button', async ({ page }) => {
    await page.goto('/propertymanagement/agency');
    const sidebar = page.getByRole('navigation', { name: 'Property management' });
    const toggle = page.getByRole('button', { name: 'Toggle menu' });
    await expect(toggle).toBeVisible();
    // Closed, the overlay is slid out of the viewport rather than removed.
    await expect(sidebar).not.toBeInViewport();
    await toggle.click();
    await expect(sidebar).toBeInViewport();
    await expect(sidebar.getByRole('link', { name: 'Home' })).toBeInViewport();
    await toggle.click();
    await expect(sidebar).not.toBeInViewport();
  });
});

test('at desktop width the sidebar stands beside the page without a toggle', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/propertymanagement/agency');
  await expect(page.getByRole('navigation', { name: 'Property management' })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Toggle menu' })).toBeHidden();
});

import { expect, test, type Browser, type Page } from '@playwright/test';

import { newPerson, personWithAccount, signInViaUi, type Person } from '../support/people';
import { shoot, WIDE } from '../support/screens';

// Word for word: the warning a user gets when their session was ended, not by them.
const EXPIRED = 'Your session is expired.Log in again to continue';

const person = newPerson('Nyokabi', 'Mutua');

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  await personWithAccount(request, person, { Self: 0, AgentName: 'Nyumba Bora' });
  await request.dispose();
});

async function browserPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: WIDE });
  return context.newPage();
}

/** Signs in where another browser holds the session, ending that one. */
async function signInEndingTheOther(page: Page, p: Person) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(p.email);
  await page.getByLabel('Password', { exact: true }).fill(p.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: 'Terminate Previous Sessions' }).click();
  await expect(page.getByRole('status')).toContainText('Previous session ended');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('a session ended by a sign-in elsewhere says so on the next action; a plain logout says nothing', async ({ browser }) => {
  test.setTimeout(90_000);
  const a = await browserPage(browser);
  await signInViaUi(a, person);
  await a.goto('/propertymanagement/agency/dashboard');
  await expect(a.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  const b = await browserPage(browser);
  await signInEndingTheOther(b, person);

  // A's next action finds its session gone: logged out, at the welcome page, told why.
  await a.getByRole('navigation', { name: 'Property management' }).getByRole('link', { name: 'Properties' }).click();
  await expect(a).toHaveURL(/\/$/);
  await expect(a.getByRole('alert')).toHaveText(EXPIRED);
  await expect(a.getByRole('heading', { name: 'Welcome to Makazi' })).toBeVisible();
  await shoot(a, 'session-ended-welcome');
  // Logging in again, the sign-in page still says why; once in, the warning is gone.
  await a.getByRole('link', { name: 'Log in to continue' }).click();
  await expect(a.getByRole('alert')).toHaveText(EXPIRED);
  await shoot(a, 'session-ended-signin');

  // B logs out on purpose: no warning.
  await b.getByRole('button', { name: /account menu/ }).click();
  await b.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(b).toHaveURL(/\/$/);
  await expect(b.getByRole('heading', { name: 'Welcome to Makazi' })).toBeVisible();
  await expect(b.getByText(EXPIRED)).toHaveCount(0);
  await b.reload();
  await expect(b.getByRole('heading', { name: 'Welcome to Makazi' })).toBeVisible();
  await expect(b.getByText(EXPIRED)).toHaveCount(0);

  // A signs in again; the warning does not follow the new session.
  await a.getByLabel('Email').fill(person.email);
  await a.getByLabel('Password', { exact: true }).fill(person.password);
  await a.getByRole('button', { name: 'Log in' }).click();
  await expect(a).toHaveURL(/\/$/);
  await expect(a.getByText(EXPIRED)).toHaveCount(0);
  await a.getByRole('button', { name: /account menu/ }).click();
  await a.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(a.getByRole('heading', { name: 'Welcome to Makazi' })).toBeVisible();
});

test('a session ended while the page was closed says so when it is opened again', async ({ browser }) => {
  test.setTimeout(60_000);
  const a = await browserPage(browser);
  await signInViaUi(a, person);
  const b = await browserPage(browser);
  await signInEndingTheOther(b, person);

  await a.reload();
  await expect(a.getByRole('heading', { name: 'Welcome to Makazi' })).toBeVisible();
  await expect(a.getByRole('alert')).toHaveText(EXPIRED);
});

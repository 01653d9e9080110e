import { expect, test, type Page } from '@playwright/test';

import { newPerson, personWithAccount, registerClientViaApi, signInViaUi } from '../support/people';
import { NARROW, shoot, WIDE } from '../support/screens';

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'e2e/test-results/screens';
const pm = (rest: string) => `/propertymanagement/agency/${rest}`;


async function addHouse(page: Page, number: string, rent: string) {
  await page.getByRole('button', { name: 'Add House' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add House' });
  await dialog.getByLabel('House number').fill(number);
  await dialog.getByLabel('Description').fill('Two bedroom');
  await dialog.getByLabel('Rent').fill(rent);
  await dialog.getByLabel('Deposit').fill(rent);
  await dialog.getByLabel('Yes').check();
  await dialog.getByRole('button', { name: 'Add House' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: number })).toBeVisible();
}

test('an agency owner registers a client, a property with houses, and edits a rent', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = newPerson('Neema', 'Achieng');
  const landlord = newPerson('Baraka', 'Mwangi');
  const agentId = await personWithAccount(request, owner, { Self: 0, AgentName: 'Pwani Homes' });
  // A landlord is one of the agency's own clients (its own file on them).
  await registerClientViaApi(request, owner, agentId, landlord);
  await page.setViewportSize(WIDE);
  await signInViaUi(page, owner);

  // A client, and the success screen with the client's number.
  await page.goto(pm('client/addclient'));
  await page.getByRole('button', { name: 'Register Client' }).click();
  await expect(page.getByText('Phone No is required')).toBeVisible();
  await shoot(page, 'add-client');
  await page.getByLabel('First Name').fill('Zawadi');
  await page.getByLabel('Last Name').fill('Kamau');
  await page.getByLabel('Email Address').fill(`tenant-${Date.now()}@example.com`);
  await page.getByLabel('Phone No').fill('0722000111');
  await page.getByRole('button', { name: 'Register Client' }).click();
  await expect(page).toHaveURL(/\/client\/addclient\/success$/);
  await expect(page.getByText('Zawadi Kamau')).toBeVisible();
  await expect(page.getByTestId('client-number')).toHaveText(/^\d+$/);
  await expect(page.getByRole('link', { name: 'Book a new tenancy' })).toHaveAttribute(
    'href',
    pm('tenancymanagement/booknewtency'),
  );
  await shoot(page, 'client-registered');
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/client\/addclient$/);

  // Edit the client: found with the search dialog.
  await page.goto(pm('client/editclientdetails'));
  await page.getByRole('button', { name: 'Search Client' }).click();
  const search = page.getByRole('dialog', { name: 'Search Client' });
  await search.getByRole('combobox', { name: 'Search By?' }).click();
  await page.getByRole('option', { name: 'Full_name' }).click();
  await search.getByRole('textbox', { name: 'Search' }).fill('Zawadi');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(search.getByText('Zawadi Kamau')).toBeVisible();
  await shoot(page, 'client-search');
  await search.getByText('Zawadi Kamau').dblclick();
  await expect(search).toBeHidden();
  await expect(page.getByLabel('Full Name')).toHaveValue('Zawadi Kamau');
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('No changes made to the client details.')).toBeVisible();
  await page.getByLabel('Phone No').fill('0722000222');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Client details updated')).toBeVisible();
  await shoot(page, 'edit-client');

  // A property for a landlord found by email.
  await page.goto(pm('propertymanagement'));
  await expect(page.getByText('No Properties found for this agent')).toBeVisible();
  await page.getByRole('button', { name: 'Add New Property' }).click();
  const add = page.getByRole('dialog', { name: 'Add New Property' });
  await add.getByLabel('Property name').fill('Bahari Court');
  await add.getByLabel('Rental units').fill('2');
  await add.getByLabel('County').fill('Mombasa');
  await add.getByLabel('Town').fill('Nyali');
  await add.getByLabel('Area/Estate').fill('Links Road');
  await add.getByRole('button', { name: 'Register Property' }).click();
  await expect(add.getByText('Error:No landlord is selected')).toBeVisible();
  await add.getByRole('combobox', { name: 'Find landlord by' }).click();
  await page.getByRole('option', { name: 'Email' }).click();
  await add.getByLabel('Landlord search value').fill(landlord.email);
  await add.getByRole('button', { name: 'Find Landlord' }).click();
  await expect(add.getByTestId('selected-landlord')).toContainText('Baraka Mwangi');
  await shoot(page, 'add-property');
  await add.getByRole('button', { name: 'Register Property' }).click();
  // An agency's property goes on to its management agreement (decision 048).
  await expect(add.getByRole('heading', { name: 'Management agreement for Bahari Court' })).toBeVisible();
  await add.getByLabel('M-Pesa number').fill('0722000111');
  await add.getByRole('button', { name: 'Save agreement' }).click();
  await expect(add).toBeHidden();

  // Two houses.
  await page
    .getByRole('row')
    .filter({ hasText: 'Bahari Court' })
    .getByRole('button', { name: 'Manage' })
    .click();
  await expect(page.getByRole('heading', { name: 'Bahari Court' })).toBeVisible();
  await addHouse(page, 'A1', '15000');
  await addHouse(page, 'A2', '18,500.50');
  await expect(page.getByRole('row').filter({ hasText: 'A2' })).toContainText('Ksh 18,500.50');
  await shoot(page, 'houses');

  // Edit a house's rent.
  await page.getByRole('button', { name: 'Edit house A1' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit house A1' });
  await expect(edit.getByLabel('Rent')).toHaveValue('15,000.00');
  await edit.getByLabel('Rent').fill('16500');
  await shoot(page, 'edit-house');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: 'A1' })).toContainText('Ksh 16,500.00');

  // The list: a table row when wide, a card when narrow, with the counts.
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/propertymanagement\/agency\/propertymanagement$/);
  const row = page.getByRole('row').filter({ hasText: 'Bahari Court' });
  await expect(row.getByRole('cell')).toHaveText([
    /\d+/,
    'Bahari Court',
    'Nyali',
    'Links Road',
    'Baraka Mwangi',
    '2',
    '0',
    '2',
    'Manage',
  ]);
  await page.screenshot({ path: `${SHOTS}/properties-1280.png`, fullPage: true });
  await page.setViewportSize(NARROW);
  await expect(page.getByRole('table')).toBeHidden();
  const card = page.getByRole('article', { name: 'Bahari Court' });
  await expect(card).toContainText('Houses');
  await expect(card).toContainText('Town: Nyali');
  await expect(card.getByText('2', { exact: true })).toHaveCount(2);
  await expect(card.getByText('0', { exact: true })).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/properties-390.png`, fullPage: true });

  // A reload of the property page works without the list's state.
  await card.getByRole('button', { name: 'Manage' }).click();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Bahari Court' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'House A1' })).toContainText('Ksh 16,500.00');
});

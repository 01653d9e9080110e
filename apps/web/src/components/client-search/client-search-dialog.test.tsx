import type { Client } from '@makazi/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { i18n } from '../../lib/i18n';
import { englishOn } from '../../testing/english-left';
import { json, mockApi, offline } from '../../testing/mock-api';
import { agencyOwnerSession, AGENCY_ID } from '../../testing/pm-session';
import { renderWithProviders } from '../../testing/render';
import { ClientSearchDialog } from './client-search-dialog';

const SEARCH = 'GET /api/client/getclientbyProvideddetails';

const client = (n: number): Client => ({
  ClientNo: n,
  Full_name: `Client ${n}`,
  First_name: 'Client',
  Last_name: String(n),
  Email: `c${n}@example.com`,
  PhoneNo: `07000000${String(n).padStart(2, '0')}`,
  Id_number: null,
  Preferred_language: 'en',
});

function renderDialog() {
  const onSelect = vi.fn();
  const onClose = vi.fn();
  const view = renderWithProviders(null, {
    routes: [
      {
        path: '/propertymanagement/:space/client/editclientdetails',
        element: (
          <ClientSearchDialog opened onClose={onClose} managingAgentId={AGENCY_ID} onSelect={onSelect} />
        ),
      },
      { path: '/propertymanagement/:space/client/addclient', element: <p>add client page</p> },
    ],
    initialEntries: ['/propertymanagement/agency/client/editclientdetails'],
    session: agencyOwnerSession,
  });
  return { ...view, onSelect, onClose };
}

async function search(option: string, value: string) {
  await userEvent.click(screen.getByRole('combobox', { name: 'Search By?' }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
  await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), value);
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ClientSearchDialog', () => {
  it('requires an option and a search string', async () => {
    const api = mockApi({});
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('**required')).toBeInTheDocument();
    expect(screen.getAllByText('Search By?').length).toBeGreaterThan(1);
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('shows at most 4 rows and More... and sends the agent id', async () => {
    const api = mockApi({ [SEARCH]: () => json(200, [1, 2, 3, 4, 5, 6].map(client)) });
    renderDialog();
    await search('Full_name', 'Client');
    expect(await screen.findByText('Client 1')).toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(1 + 4);
    expect(screen.queryByText('Client 5')).not.toBeInTheDocument();
    expect(screen.getByText('More...')).toBeInTheDocument();
    const url = new URL(String(api.fetchMock.mock.calls[0]?.[0]), 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      searchOption: 'Full_name',
      searchValue: 'Client',
      managingAgentId: String(AGENCY_ID),
    });
  });

  it('offers no More... for three results', async () => {
    mockApi({ [SEARCH]: () => json(200, [1, 2, 3].map(client)) });
    renderDialog();
    await search('Email', 'example');
    expect(await screen.findByText('Client 3')).toBeInTheDocument();
    expect(screen.queryByText('More...')).not.toBeInTheDocument();
  });

  it('chooses a row by double-click, then closes', async () => {
    mockApi({ [SEARCH]: () => json(200, [client(9)]) });
    const { onSelect, onClose } = renderDialog();
    await search('ClientNo', '9');
    await userEvent.dblClick(await screen.findByText('Client 9'));
    expect(onSelect).toHaveBeenCalledWith(client(9));
    expect(onClose).toHaveBeenCalled();
  });

  it('chooses a focused row with Enter', async () => {
    mockApi({ [SEARCH]: () => json(200, [client(9)]) });
    const { onSelect } = renderDialog();
    await search('PhoneNo', '0700000009');
    const row = (await screen.findByText('Client 9')).closest('tr')!;
    row.focus();
    await userEvent.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(client(9));
  });

  it('says Searching... then No Records Found.. with a link to register the client', async () => {
    let answer: (r: Response) => void = () => {};
    mockApi({ [SEARCH]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { router } = renderDialog();
    await search('Full_name', 'Nobody');
    expect(await screen.findByText('Searching...')).toBeInTheDocument();
    answer(json(200, []));
    expect(await screen.findByText('No Records Found..')).toBeInTheDocument();
    expect(screen.getByText('No client found')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Register a client' }));
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toBe('/propertymanagement/agency/client/addclient'),
    );
  });

  it('asks for digits when searching a number', async () => {
    const api = mockApi({});
    renderDialog();
    await search('ClientNo', 'abc');
    expect(await screen.findByText('Enter digits only')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('prefers the server message on failure, else the network message', async () => {
    let reply: () => Response | Promise<Response> = () => json(400, { message: 'Bad search' });
    mockApi({ [SEARCH]: () => reply() });
    renderDialog();
    await search('Full_name', 'Jane');
    expect(await screen.findByRole('alert')).toHaveTextContent('Bad search');

    reply = offline;
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByText('Search Failed! Check your network and try again later'),
    ).toBeInTheDocument();
  });

  it('reads in Kiswahili: options, results and the not-found advice', async () => {
    await i18n.changeLanguage('sw');
    mockApi({ [SEARCH]: () => json(200, []) });
    renderDialog();
    await userEvent.click(screen.getByRole('combobox', { name: 'Tafuta kwa?' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Jina kamili' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Tafuta' }), 'Nobody');
    await userEvent.click(screen.getByRole('button', { name: 'Tafuta' }));
    expect(await screen.findByRole('link', { name: 'Sajili mteja' })).toBeInTheDocument();
    expect(englishOn()).toEqual([]);
  });
});

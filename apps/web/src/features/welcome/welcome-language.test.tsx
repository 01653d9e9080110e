import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { LanguageSwitch, useSessionLanguage } from '../../components/language';
import { currentLanguage } from '../../lib/i18n';
import { emptySession } from '../../lib/session';
import { json, mockApi } from '../../testing/mock-api';
import { renderWithProviders } from '../../testing/render';
import { WelcomePage } from './welcome-page';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function Page() {
  useSessionLanguage();
  return (
    <>
      <WelcomePage />
      <LanguageSwitch />
    </>
  );
}

describe('the language switch', () => {
  it('turns a public page into Kiswahili, sets <html lang> and remembers it on this browser', async () => {
    const api = mockApi({});
    renderWithProviders(<Page />);
    expect(screen.getByRole('heading', { name: 'Welcome to Makazi' })).toBeInTheDocument();
    await userEvent.click(screen.getByText('Kiswahili'));
    expect(await screen.findByRole('heading', { name: 'Karibu Makazi' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ingia ili uendelee' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('sw-KE');
    expect(window.localStorage.getItem('makazi.language')).toBe('sw');
    expect(api.calls).toEqual([]);
  });

  it("keeps a signed-in user's choice on the server", async () => {
    const api = mockApi({
      'PATCH /api/usermanagement/setuserlanguage': () => json(200, { message: 'Language saved' }),
    });
    const { store } = renderWithProviders(<Page />, {
      session: { session: { ...store0(), isLoggedIn: true, userName: 'Wanjiku' } },
    });
    await userEvent.click(screen.getByText('Kiswahili'));
    await waitFor(() =>
      expect(api.bodiesOf('PATCH /api/usermanagement/setuserlanguage')).toEqual([{ Language: 'sw' }]),
    );
    await waitFor(() => expect(store.getState().session.language).toBe('sw'));
    expect(await screen.findByRole('heading', { name: 'Karibu Wanjiku' })).toBeInTheDocument();
  });

  it("shows a signed-in user's saved language on a browser that has another", async () => {
    mockApi({});
    renderWithProviders(<Page />, {
      session: { session: { ...store0(), isLoggedIn: true, userName: 'Otieno', language: 'sw' } },
    });
    expect(await screen.findByRole('heading', { name: 'Karibu Otieno' })).toBeInTheDocument();
    expect(currentLanguage()).toBe('sw');
  });
});

function store0() {
  return {
    ...emptySession(),
    clientNo: 12,
    userNo: 7,
    accessToken: 'token-1',
    sessionId: 's-1',
    email: 'w@example.com',
    language: null,
  };
}

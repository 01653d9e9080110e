import { SIGN_IN_MESSAGES, tooManyAttemptsMessage } from '@makazi/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { authResponse } from '../../../testing/auth-response';
import { json, mockApi, offline } from '../../../testing/mock-api';
import { forgetSessionEnded, markSessionEnded } from '../../../lib/auth';
import { renderWithProviders } from '../../../testing/render';
import { SignInPage } from './sign-in-page';

const LOGIN = 'POST /api/userauth/login';
const END_PREVIOUS = 'PATCH /api/userauth/endPreviousSession';

const routes = [
  { path: '/signin', element: <SignInPage /> },
  { path: '/', element: <p>home page</p> },
  { path: '/settings/:id', element: <p>profile page</p> },
];

function renderSignIn(state?: unknown) {
  return renderWithProviders(null, {
    routes,
    initialEntries: [state ? ({ pathname: '/signin', state } as never) : '/signin'],
  });
}

async function logIn(email = '  jane@example.com ', password = 'secret1') {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

afterEach(() => {
  forgetSessionEnded();
  vi.unstubAllGlobals();
});

const tooMany = (seconds: number) =>
  new Response(JSON.stringify({ message: tooManyAttemptsMessage(seconds), code: 'TOO_MANY_REQUESTS' }), {
    status: 429,
    headers: { 'Content-Type': 'application/json', 'Retry-After': String(seconds) },
  });

describe('SignInPage', () => {
  it('asks for the mailed code when the account needs one, then logs in with password and code', async () => {
    const api = mockApi({
      [LOGIN]: (sent) => {
        const body = sent as { Code?: string };
        if (body.Code === '123456') return json(200, authResponse());
        if (body.Code) return json(401, { message: SIGN_IN_MESSAGES.codeWrong, codeRequired: true });
        return json(401, { message: SIGN_IN_MESSAGES.codeSent, codeRequired: true });
      },
    });
    const { router } = renderSignIn();
    await logIn('jane@example.com', 'secret1');
    expect(await screen.findByText(SIGN_IN_MESSAGES.codeSent)).toBeInTheDocument();
    const code = screen.getByLabelText('Code from the email');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(SIGN_IN_MESSAGES.codeFormat)).toBeInTheDocument();

    await userEvent.type(code, '999999');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(SIGN_IN_MESSAGES.codeWrong)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText(SIGN_IN_MESSAGES.codeSent)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Code from the email'));
    await userEvent.type(screen.getByLabelText('Code from the email'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const bodies = api.bodiesOf(LOGIN) as { Password: string; Code?: string }[];
    expect(bodies.map((b) => b.Code)).toEqual([undefined, '999999', undefined, '123456']);
    expect(bodies.every((b) => b.Password === 'secret1')).toBe(true);
  });

  it('asks for the email and the password', async () => {
    const api = mockApi({});
    renderSignIn();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Email not Provided')).toBeInTheDocument();
    expect(screen.getByText('Enter your Password')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it('logs in with the trimmed email, stores the session and goes home', async () => {
    const api = mockApi({ [LOGIN]: () => json(200, authResponse()) });
    const { store, router } = renderSignIn();
    await logIn();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const [body] = api.bodiesOf(LOGIN) as { Email: string; Password: string; logInTime: string }[];
    expect(body).toMatchObject({ Email: 'jane@example.com', Password: 'secret1' });
    expect(body?.logInTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(store.getState().session).toMatchObject({ isLoggedIn: true, accessToken: 'token-1', userNo: 7 });
  });

  it('returns to the page that sent the visitor here', async () => {
    mockApi({ [LOGIN]: () => json(200, authResponse()) });
    const { router } = renderSignIn({ from: { pathname: '/settings/7', search: '', state: { userId: 7 } } });
    await logIn();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/settings/7'));
    expect(router.state.location.state).toEqual({ userId: 7 });
  });

  it('shows the server message of a 401 with its log-in time, and of a 400', async () => {
    let reply = json(401, { message: 'Wrong email or password' });
    mockApi({ [LOGIN]: () => reply });
    renderSignIn();
    await logIn();
    expect(await screen.findByText('Wrong email or password')).toBeInTheDocument();

    reply = json(401, { message: 'Account locked', LoginTime: '2024-05-01T09:30:00' });
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Account locked')).toBeInTheDocument();
    expect(screen.getByText('Log in time: 01/05/2024 09:30')).toBeInTheDocument();

    reply = json(400, { message: 'Email is invalid' });
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Email is invalid')).toBeInTheDocument();
  });

  it('blames the network when the server cannot be reached, and falls back otherwise', async () => {
    let reply: () => Response | Promise<Response> = offline;
    mockApi({ [LOGIN]: () => reply() });
    renderSignIn();
    await logIn();
    expect(await screen.findByText(SIGN_IN_MESSAGES.network)).toBeInTheDocument();

    reply = () => json(500, { message: 'Internal' });
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('An error occurred')).toBeInTheDocument();
  });

  it('offers to terminate a previous session, then shows the form again and logs in', async () => {
    let conflict = true;
    const api = mockApi({
      [LOGIN]: () =>
        conflict
          ? json(401, {
              message: SIGN_IN_MESSAGES.alreadyLoggedIn,
              multipleLogIn: true,
              previousSessionUserId: 7,
              LoginTime: '2024-05-01T09:30:00',
              SessionId: 'ticket-abc',
            })
          : json(200, authResponse()),
      [END_PREVIOUS]: () => {
        conflict = false;
        return json(200, { message: 'Previous sessions ended. Log in again.' });
      },
    });
    const { router } = renderSignIn();
    await logIn();

    expect(await screen.findByText(SIGN_IN_MESSAGES.alreadyLoggedIn)).toBeInTheDocument();
    expect(screen.getByText('Log in time: 01/05/2024 09:30')).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Terminate Previous Sessions' }));

    expect(await screen.findByText('Previous sessions ended. Log in again.')).toBeInTheDocument();
    const [ended] = api.bodiesOf(END_PREVIOUS) as { SessionId: string; Date: string }[];
    expect(ended?.SessionId).toBe('ticket-abc');
    expect(ended?.Date).toMatch(/^\d{4}-\d{2}-\d{2} /);
    // The form is back, still filled in.
    expect(screen.getByLabelText('Email')).toHaveValue('jane@example.com');
    expect(router.state.location.pathname).toBe('/signin');

    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('keeps the conflict panel with an error when ending the session fails', async () => {
    mockApi({
      [LOGIN]: () =>
        json(401, {
          message: SIGN_IN_MESSAGES.alreadyLoggedIn,
          multipleLogIn: true,
          previousSessionUserId: 7,
          LoginTime: '2024-05-01T09:30:00',
          SessionId: 'ticket-abc',
        }),
      [END_PREVIOUS]: offline,
    });
    renderSignIn();
    await logIn();
    await userEvent.click(await screen.findByRole('button', { name: 'Terminate Previous Sessions' }));
    expect(await screen.findByText(SIGN_IN_MESSAGES.network)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Terminate Previous Sessions' })).toBeEnabled();
  });

  it('says how long a lockout lasts and keeps Log in disabled until it is over', async () => {
    let locked = true;
    mockApi({ [LOGIN]: () => (locked ? tooMany(2) : json(200, authResponse())) });
    const { router } = renderSignIn();
    await logIn();
    expect(await screen.findByText('Too many attempts. Try again in 2 seconds.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeDisabled();
    locked = false;
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled(), {
      timeout: 3500,
    });
    expect(screen.queryByText(/Too many attempts/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows a lockout that follows Terminate Previous Sessions the same way', async () => {
    let conflict = true;
    mockApi({
      [LOGIN]: () =>
        conflict
          ? json(401, {
              message: SIGN_IN_MESSAGES.alreadyLoggedIn,
              multipleLogIn: true,
              previousSessionUserId: 7,
              LoginTime: '2024-05-01T09:30:00',
              SessionId: 'ticket-abc',
            })
          : tooMany(720),
      [END_PREVIOUS]: () => {
        conflict = false;
        return json(200, { message: 'Previous session ended. Log in to continue.' });
      },
    });
    renderSignIn();
    await logIn();
    await userEvent.click(await screen.findByRole('button', { name: 'Terminate Previous Sessions' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Too many attempts. Try again in 12 minutes.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeDisabled();
  });

  it('tells a user whose session was ended elsewhere why they are signed out', () => {
    mockApi({});
    markSessionEnded();
    renderSignIn();
    expect(screen.getByRole('alert')).toHaveTextContent(SIGN_IN_MESSAGES.sessionExpired);
  });

  it('says nothing of the kind after a plain logout', () => {
    mockApi({});
    renderSignIn();
    expect(screen.queryByText(SIGN_IN_MESSAGES.sessionExpired)).not.toBeInTheDocument();
  });
});

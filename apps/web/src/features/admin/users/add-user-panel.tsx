import { HIRE_SEARCH_OPTIONS, HIRING_MESSAGES, HireSearchForm, type FoundUser, type HireSearchOption } from '@makazi/domain';
import { Alert, Badge, Button, Card, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';

import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useT } from '../../../lib/i18n';
import { schemaResolver } from '../../../lib/schema-resolver';
import { findUsers, useSendHireOffer } from '../api/hiring';

/** Add User panel stages: closed, open, searched, user found, offer sent. */
export type AddUserStage = 'closed' | 'open' | 'searched' | 'user found' | 'offer sent';

type SearchValues = { searchOption: HireSearchOption; searchValue: string };

/** The Add User (hire) panel (docs/access.md#hired-users): find a user by Email or PhoneNo and send them a hire request. */
export function AddUserPanel({ agentId, adminUserNo }: { agentId: number; adminUserNo: number | null }) {
  const { t, tm } = useT();
  const [stage, setStage] = useState<AddUserStage>('closed');
  const [found, setFound] = useState<FoundUser | null>(null);
  const [searchError, setSearchError] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const [sentMessage, setSentMessage] = useState('');
  // The address searched for, when no user has it: the offer can go there by email instead.
  const [searchedEmail, setSearchedEmail] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState('');
  const send = useSendHireOffer(agentId);
  const form = useForm<SearchValues, unknown, HireSearchForm>({
    resolver: schemaResolver(HireSearchForm),
    mode: 'onChange',
    defaultValues: { searchOption: 'Email', searchValue: '' },
  });
  const option = useWatch({ control: form.control, name: 'searchOption' });

  function reset(next: AddUserStage) {
    setFound(null);
    setSearchError(null);
    setSendError(null);
    setSearchedEmail(null);
    setSentTo('');
    send.reset();
    form.reset({ searchOption: option, searchValue: '' });
    setStage(next);
  }

  async function search(values: HireSearchForm) {
    setFound(null);
    setSearchError(null);
    setSendError(null);
    send.reset();
    setSearchedEmail(null);
    try {
      const [user] = await findUsers(agentId, values.searchOption, values.searchValue);
      setFound(user ?? null);
      if (!user && values.searchOption === 'Email') setSearchedEmail(values.searchValue);
      setStage(user ? 'user found' : 'searched');
    } catch (error) {
      setSearchError(tm(error instanceof ApiError && error.status === 400 ? error.message : HIRING_MESSAGES.fetchUserFailed));
      setStage('searched');
    }
  }

  function sendRequest() {
    if (!found) {
      setSendError(tm(HIRING_MESSAGES.noUserSelected));
      return;
    }
    offer({ UserNo: found.UserNo }, found.Full_name);
  }

  /** The server answers the same whether or not the address has an account: one without is invited to sign up. */
  function offerByEmail() {
    if (searchedEmail) offer({ Email: searchedEmail }, searchedEmail);
  }

  function offer(to: { UserNo: number } | { Email: string }, name: string) {
    send.mutate(to, {
      onSuccess: (result) => {
        if (result.iserror) {
          setSendError(tm(result.message));
          notifications.show({ color: 'red', message: tm(result.message) });
          return;
        }
        setSentMessage(result.message);
        setSentTo(name);
        notifications.show({ color: 'green', message: tm(result.message) });
        setStage('offer sent');
      },
      onError: (error) => {
        const message =
          error instanceof ApiError && error.status === 400 ? tm(error.message) : apiErrorMessage(error, HIRING_MESSAGES.sendFailed);
        setSendError(message);
      },
    });
  }

  if (stage === 'closed') {
    return (
      <Group>
        <Button onClick={() => setStage('open')}>{t('hiring.addUser')}</Button>
      </Group>
    );
  }

  const isSelf = found !== null && found.UserNo === adminUserNo;
  return (
    <Card withBorder radius="md" padding="md" data-testid="add-user-panel" data-stage={stage}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} fz="md">
            {t('hiring.addUser')}
          </Title>
          <Button variant="subtle" size="xs" onClick={() => reset('closed')}>
            {t('hiring.close')}
          </Button>
        </Group>
        {stage === 'offer sent' ? (
          <Stack gap="xs">
            <Alert color="green" variant="light">
              {sentTo
                ? t('hiring.offerSentTo', { message: tm(sentMessage || HIRING_MESSAGES.offerSent), name: sentTo })
                : tm(sentMessage || HIRING_MESSAGES.offerSent)}
            </Alert>
            <Group>
              <Button variant="light" onClick={() => reset('open')}>
                {t('hiring.addAnother')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <>
            <form noValidate onSubmit={form.handleSubmit(search)}>
              <Stack gap="xs">
                <SegmentedControl
                  aria-label={t('hiring.searchBy')}
                  data={HIRE_SEARCH_OPTIONS.map((value) => ({ value, label: t(`hiring.searchOptions.${value}`) }))}
                  value={option}
                  onChange={(value) => {
                    form.setValue('searchOption', value as HireSearchOption);
                    form.setValue('searchValue', '');
                    form.clearErrors();
                  }}
                />
                <Group align="flex-start" wrap="wrap">
                  <TextInput
                    label={option === 'Email' ? t('hiring.emailAddress') : t('hiring.phoneNo')}
                    placeholder={option === 'Email' ? t('hiring.enterEmail') : t('hiring.enterPhone')}
                    inputMode={option === 'PhoneNo' ? 'numeric' : 'email'}
                    {...form.register('searchValue')}
                    error={tm(form.formState.errors.searchValue?.message)}
                    style={{ flex: '1 1 220px', minWidth: 0 }}
                  />
                  <Button type="submit" mt={{ base: 0, xs: 25 }} loading={form.formState.isSubmitting}>
                    {t('hiring.search')}
                  </Button>
                </Group>
              </Stack>
            </form>
            {stage === 'searched' ? (
              <Text c="red" role="alert">
                {searchError ?? tm(HIRING_MESSAGES.noUserFound)}
              </Text>
            ) : null}
            {stage === 'searched' && !searchError && searchedEmail ? (
              <Stack gap={4} data-testid="offer-by-email">
                <Text size="sm">
                  {t('hiring.offerByEmailText', { email: searchedEmail })}
                </Text>
                <Group>
                  <Button onClick={offerByEmail} loading={send.isPending} disabled={send.isPending || sendError !== null}>
                    {t('hiring.offerByEmail')}
                  </Button>
                </Group>
              </Stack>
            ) : null}
            {stage === 'user found' && found ? (
              <FoundUserCard
                user={found}
                isSelf={isSelf}
                sending={send.isPending}
                failed={sendError !== null}
                onSend={sendRequest}
              />
            ) : null}
            {sendError ? (
              <Text c="red" role="alert">
                {sendError}
              </Text>
            ) : null}
          </>
        )}
      </Stack>
    </Card>
  );
}

function FoundUserCard(props: { user: FoundUser; isSelf: boolean; sending: boolean; failed: boolean; onSend: () => void }) {
  const { user, isSelf } = props;
  const { t, tm } = useT();
  return (
    <Card withBorder radius="sm" padding="sm" data-testid="found-user">
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600}>{user.Full_name}</Text>
          <Badge variant="light">{t('hiring.userNo', { userNo: user.UserNo })}</Badge>
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {user.Email} · {user.PhoneNo}
        </Text>
        {isSelf ? (
          <Text c="red" fw={600}>
            {tm(HIRING_MESSAGES.hireYourself)}
          </Text>
        ) : user.AvailableForWork === 1 ? (
          <Group>
            <Button onClick={props.onSend} loading={props.sending} disabled={props.sending || props.failed}>
              {t('hiring.sendRequest')}
            </Button>
          </Group>
        ) : (
          <Text c="orange">{t('messages.hiring.notAvailable', { username: user.Username })}</Text>
        )}
      </Stack>
    </Card>
  );
}

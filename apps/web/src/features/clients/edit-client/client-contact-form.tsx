import { zodResolver } from '@hookform/resolvers/zod';
import {
  CLIENT_MESSAGES,
  EditClientRequest,
  LANGUAGE_NAMES,
  LANGUAGES,
  MESSAGE_TIMEOUTS_MS,
  normaliseEmail,
  type Client,
} from '@makazi/domain';
import { Alert, Anchor, Button, Card, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';

import { ApiError } from '../../../lib/api-client';
import { useEditClient } from '../api/clients';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../config/paths';
import { sessionRoleList, useSession, useWorkContext } from '../../../lib/session';

export const EDIT_FAILED = 'Something went Wrong. Try again later!';

type ContactValues = z.input<typeof EditClientRequest>;
type Notice = { color: 'teal' | 'yellow' | 'red'; text: string };

type ClientContactFormProps = {
  client: Client;
  managingAgentId: number;
  onSaved: (client: Client) => void;
  onClose: () => void;
};

const unchanged = (client: Client, values: EditClientRequest) =>
  values.Full_name === client.Full_name.trim() &&
  normaliseEmail(values.Email) === normaliseEmail(client.Email) &&
  values.PhoneNo === client.PhoneNo.trim() &&
  (values.Preferred_language ?? client.Preferred_language) === client.Preferred_language &&
  (values.Kra_pin ?? '') === (client.Kra_pin ?? '');

/** The contact form: Full Name, Email Address, Phone No; read-only until Edit. */
export function ClientContactForm({ client, managingAgentId, onSaved, onClose }: ClientContactFormProps) {
  const [editing, setEditing] = useState(false);
  // The account's admins read who changed or looked at this client in the audit trail.
  const { space, role } = useWorkContext();
  const { session } = useSession();
  const isAdmin = role !== null && sessionRoleList(session, 'adminOnlyAllowed').includes(role);
  const [notice, setNotice] = useState<Notice | null>(null);
  const edit = useEditClient();
  const { t, tm } = useT();
  const form = useForm<ContactValues, unknown, EditClientRequest>({
    resolver: zodResolver(EditClientRequest),
    defaultValues: {
      ClientNo: client.ClientNo,
      Full_name: client.Full_name,
      Email: client.Email,
      PhoneNo: client.PhoneNo,
      managingAgentId,
      Preferred_language: client.Preferred_language,
      Kra_pin: client.Kra_pin ?? '',
    },
  });
  const { errors } = form.formState;

  // A failed save's generic message stays 4 s.
  useEffect(() => {
    if (notice?.text !== EDIT_FAILED) return;
    const timer = setTimeout(() => setNotice(null), MESSAGE_TIMEOUTS_MS.formFailure);
    return () => clearTimeout(timer);
  }, [notice]);

  const onSubmit = form.handleSubmit(async (values) => {
    setNotice(null);
    if (unchanged(client, values)) {
      setNotice({ color: 'yellow', text: CLIENT_MESSAGES.noChanges });
      return;
    }
    try {
      const { message } = await edit.mutateAsync(values);
      setNotice({ color: 'teal', text: tm(message) });
      setEditing(false);
      onSaved({
        ...client,
        Full_name: values.Full_name,
        Email: values.Email,
        PhoneNo: values.PhoneNo,
        Preferred_language: values.Preferred_language ?? client.Preferred_language,
        Kra_pin: values.Kra_pin || null,
      });
    } catch (error) {
      const serverSaid = error instanceof ApiError && error.status >= 400 && error.status < 500;
      setNotice({ color: 'red', text: serverSaid ? error.message : EDIT_FAILED });
    }
  });

  return (
    <Card withBorder radius="md" padding="lg">
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed">
              {t('clients.clientNumber', { clientNo: client.ClientNo })}
            </Text>
            {isAdmin && space ? (
              <Anchor component={Link} to={paths.pm.audit.getHref(space, { table: 'clients', recordId: client.ClientNo })} size="sm">
                {t('clients.history')}
              </Anchor>
            ) : null}
          </Group>
          {notice ? (
            <Alert color={notice.color} variant="light" role={notice.color === 'teal' ? 'status' : 'alert'}>
              {notice.text === EDIT_FAILED ? t('clients.editFailed') : tm(notice.text)}
            </Alert>
          ) : null}
          <TextInput
            label={t('clients.fullName')}
            readOnly={!editing}
            error={tm(errors.Full_name?.message)}
            {...form.register('Full_name')}
          />
          <TextInput
            label={t('clients.emailAddress')}
            type="email"
            inputMode="email"
            readOnly={!editing}
            error={tm(errors.Email?.message)}
            {...form.register('Email')}
          />
          <TextInput
            label={t('clients.phoneNo')}
            inputMode="tel"
            readOnly={!editing}
            error={tm(errors.PhoneNo?.message)}
            {...form.register('PhoneNo')}
          />
          <TextInput
            label={t('clients.kraPin')}
            description={t('clients.kraPinHint')}
            readOnly={!editing}
            error={tm(errors.Kra_pin?.message)}
            {...form.register('Kra_pin')}
          />
          <NativeSelect
            label={t('clients.language')}
            disabled={!editing}
            data={LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
            {...form.register('Preferred_language')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('clients.close')}
            </Button>
            <Button
              variant="light"
              disabled={editing}
              onClick={() => {
                setNotice(null);
                setEditing(true);
              }}
            >
              {t('clients.edit')}
            </Button>
            <Button type="submit" disabled={!editing} loading={form.formState.isSubmitting}>
              {t('clients.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

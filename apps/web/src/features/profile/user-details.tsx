import { EditUserBioData, GENERIC_FAILURE_MESSAGE, type UserGeneralInformation } from '@makazi/domain';
import { Button, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm } from 'react-hook-form';

import { apiErrorMessage } from '../../lib/api-error-message';
import { schemaResolver } from '../../lib/schema-resolver';
import { useEditBioData } from './api/work';
import { useT } from '../../lib/i18n';

/** The user-details form: names and phone editable (docs/validation.md#field-rules); the email can never be changed here. */
export function UserDetails({ user }: { user: UserGeneralInformation }) {
  const save = useEditBioData(user.UserNo);
  const { t, tm } = useT();
  const form = useForm<EditUserBioData, unknown, EditUserBioData>({
    resolver: schemaResolver(EditUserBioData),
    defaultValues: { First_name: user.First_name, Last_name: user.Last_name, PhoneNo: user.PhoneNo },
  });
  const { errors, isDirty } = form.formState;

  const submit = form.handleSubmit((bio) =>
    save.mutateAsync(bio).then(
      () => {
        notifications.show({ color: 'green', message: t('profile.detailsUpdated') });
        form.reset(bio);
      },
      () => undefined,
    ),
  );

  return (
    <form noValidate onSubmit={submit}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('profile.firstName')}
          {...form.register('First_name')}
          error={tm(errors.First_name?.message)}
        />
        <TextInput
          label={t('profile.lastName')}
          {...form.register('Last_name')}
          error={tm(errors.Last_name?.message)}
        />
        <TextInput
          label={t('profile.emailAddress')}
          value={user.Email}
          disabled
          styles={{ input: { textOverflow: 'ellipsis' } }}
        />
        <TextInput
          label={t('profile.phoneNo')}
          inputMode="numeric"
          {...form.register('PhoneNo')}
          error={tm(errors.PhoneNo?.message)}
        />
      </SimpleGrid>
      {save.isError ? (
        <Text c="red" size="sm" mt="sm" role="alert">
          {apiErrorMessage(save.error, GENERIC_FAILURE_MESSAGE)}
        </Text>
      ) : null}
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={save.isPending} disabled={!isDirty}>
          {t('common.save')}
        </Button>
      </Group>
    </form>
  );
}

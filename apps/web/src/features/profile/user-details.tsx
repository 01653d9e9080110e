import { EditUserBioData, GENERIC_FAILURE_MESSAGE, type UserGeneralInformation } from '@makazi/domain';
import { Button, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm } from 'react-hook-form';

import { apiErrorMessage } from '../../lib/api-error-message';
import { schemaResolver } from '../../lib/schema-resolver';
import { useEditBioData } from './api/work';

/** The user-details form: names and phone editable (docs/validation.md#field-rules); the email can never be changed here. */
export function UserDetails({ user }: { user: UserGeneralInformation }) {
  const save = useEditBioData(user.UserNo);
  const form = useForm<EditUserBioData, unknown, EditUserBioData>({
    resolver: schemaResolver(EditUserBioData),
    defaultValues: { First_name: user.First_name, Last_name: user.Last_name, PhoneNo: user.PhoneNo },
  });
  const { errors, isDirty } = form.formState;

  const submit = form.handleSubmit((bio) =>
    save.mutateAsync(bio).then(
      (result) => {
        notifications.show({ color: 'green', message: result.message });
        form.reset(bio);
      },
      () => undefined,
    ),
  );

  return (
    <form noValidate onSubmit={submit}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="First Name" {...form.register('First_name')} error={errors.First_name?.message} />
        <TextInput label="Last Name" {...form.register('Last_name')} error={errors.Last_name?.message} />
        <TextInput label="Email Address" value={user.Email} disabled styles={{ input: { textOverflow: 'ellipsis' } }} />
        <TextInput label="Phone No" inputMode="numeric" {...form.register('PhoneNo')} error={errors.PhoneNo?.message} />
      </SimpleGrid>
      {save.isError ? (
        <Text c="red" size="sm" mt="sm" role="alert">
          {apiErrorMessage(save.error, GENERIC_FAILURE_MESSAGE)}
        </Text>
      ) : null}
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={save.isPending} disabled={!isDirty}>
          Save
        </Button>
      </Group>
    </form>
  );
}

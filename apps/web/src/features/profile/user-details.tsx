import { SimpleGrid, TextInput } from '@mantine/core';
import type { UserGeneralInformation } from '@makazi/domain';

/** SPEC §2 user-details form, read-only for now; the email can never be changed here. */
export function UserDetails({ user }: { user: UserGeneralInformation }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput label="First Name" value={user.First_name} readOnly />
      <TextInput label="Last Name" value={user.Last_name} readOnly />
      <TextInput label="Email Address" value={user.Email} disabled />
      <TextInput label="Phone No" value={user.PhoneNo} readOnly />
    </SimpleGrid>
  );
}

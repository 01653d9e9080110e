import { Center, Loader } from '@mantine/core';

export function PageLoader() {
  return (
    <Center mih="40vh" role="status" aria-label="Loading">
      <Loader />
    </Center>
  );
}

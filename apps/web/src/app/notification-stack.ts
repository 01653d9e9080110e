// Its own module so that only this component, not the package's whole
// namespace, is what the lazy import asks for.
export { Notifications } from '@mantine/notifications';

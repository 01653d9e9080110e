// Its own module so the build puts the Kiswahili catalogue in a chunk of its own, fetched on demand.
export { sw } from '@makazi/domain';

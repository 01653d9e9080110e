// Shared with the client-money screens (features do not import each other).
export { MutationOutcome } from '../../components/landlord/mutation-outcome';

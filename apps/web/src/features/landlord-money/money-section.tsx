// Shared with the client-money screens (features do not import each other).
export { MoneySection } from '../../components/landlord/money-section';

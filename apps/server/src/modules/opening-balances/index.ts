export { openingBalanceService, type OpeningBalanceService } from './service';
export { openingBalanceRoutes } from './routes';

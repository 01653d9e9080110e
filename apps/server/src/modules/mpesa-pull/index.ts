export { mpesaPullCallbackRoutes, mpesaPullRoutes } from './routes';
export { mpesaPullService, type MpesaPullService } from './service';

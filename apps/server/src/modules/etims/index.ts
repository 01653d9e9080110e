export { etimsService, saleRequest, type EtimsService } from './service';
export { oscuClient, receiptCheckUrl, OscuError, type OscuClient } from './oscu-client';
export { etimsRoutes } from './routes';

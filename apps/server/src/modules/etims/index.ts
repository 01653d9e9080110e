export { etimsService, type EtimsService } from './service';
export { oscuClient } from './oscu-client';
export { etimsRoutes } from './routes';

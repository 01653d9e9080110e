export { bookImportService, type BookImportService } from './service';
export { bookImportRoutes } from './routes';

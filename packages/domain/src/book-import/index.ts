export * from './book-import';
export { BOOK_IMPORT_MESSAGES } from './messages';

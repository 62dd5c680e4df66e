export * from './errors.ts';
export * from './routes.ts';
export * from './schemas.ts';
export { buildOpenApiDocument } from './openapi.ts';
export * from './catalogue.ts';

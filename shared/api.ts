/**
 * The InspectorApi contract shared by the renderer and the main side (DESIGN.md, "API"):
 * methods with zod input schemas, pushed events, errors as values, and the client builder.
 */
export * from './api/errors';
export * from './api/scenario';
export * from './api/models';
export * from './api/methods';
export * from './api/pushed-events';
export * from './api/client';
export * from './api/bridge';
export * from './api/wire';
export * from './api/ui';

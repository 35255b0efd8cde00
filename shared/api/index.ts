/**
 * The InspectorApi contract shared by the renderer and the main side (docs/design.md §Shape):
 * methods with zod input schemas, pushed events, errors as values, and the client builder.
 * The whole contract lives in this folder; code outside it imports it from here.
 */
export * from './errors';
export * from './refusal';
export * from '../scenarios/scenario';
export * from './models';
export * from './methods';
export * from './methods/override';
export * from './methods/claude-project';
export * from './methods/history';
export * from './history-models';
export * from './pushed-events';
export * from './client';
export * from './bridge';
export * from './wire';
export * from './ui';
export * from './answer-caps';

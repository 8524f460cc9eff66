export * from './api.ts';
export * from './authFlows.ts';
export * from './constants.ts';
export * from './freightParties.ts';
export * from './messages.ts';
export * from './password.ts';
export * from './rules/index.ts';

export * from './users';
export * from './stations';
export * from './logs';

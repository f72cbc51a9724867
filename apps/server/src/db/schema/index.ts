export * from './users';
export * from './stations';
export * from './logs';
export * from './catalog';
export * from './orders';
export * from './invitations';
export * from './notifications';
export * from './partners';

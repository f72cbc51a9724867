export * from './shift-rules';
export * from './shift.schema';

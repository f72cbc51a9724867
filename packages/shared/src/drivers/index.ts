export * from './drivers-messages';
export * from './phone';
export * from './discount';
export * from './driver-list';
export * from './driver.schema';
export * from './driver-import';

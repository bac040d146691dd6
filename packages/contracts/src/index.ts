export * from './roles';
export * from './access';
export * from './errors';
export * from './constants';
export * from './texts';
export * from './session';
export * from './auth';

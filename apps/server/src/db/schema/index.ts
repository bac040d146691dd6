// Every table of the portal, one file per area.
export * from './users';
export * from './auth';
export * from './org-units';
export * from './positions';
export * from './skills';
export * from './events';
export * from './achievements';
export * from './feedback';
export * from './rooms';
export * from './activity';
export * from './tallies';
export * from './transcripts';
export * from './audit';
export * from './relations';
export * from './notifications';
export * from './identity';
export * from './credentials';

export * from './audit-log.js';
export * from './deposits.js';
export * from './ledger.js';
export * from './mail-outbox.js';
export * from './one-time-codes.js';
export * from './rate-limits.js';
export * from './sessions.js';
export * from './users.js';

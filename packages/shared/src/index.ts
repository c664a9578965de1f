export * from './constants.js';
export * from './greeting.js';
export * from './money.js';
export * from './password.js';
export * from './schemas/auth.js';
export * from './schemas/common.js';
export * from './schemas/user.js';

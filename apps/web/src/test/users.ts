import type { User, UsersPage } from '@coincard/shared';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: '0190f5a2-7c1e-7b3a-9a4e-2f1d3c4b5a69',
    email: 'alice@example.com',
    role: 'user',
    verified: true,
    isTwoFactorEnabled: false,
    isSuspended: false,
    balance: 12_345,
    cardholderId: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeUsersPage(users: User[], meta: Partial<UsersPage['meta']> = {}): UsersPage {
  return {
    users,
    meta: { page: 1, pageSize: 10, total: users.length, pages: users.length > 0 ? 1 : 0, ...meta },
  };
}

import type { Role } from '@coincard/shared';
import { describe, expect, it } from 'vitest';
import { defineOwnRead, defineOwnRows } from './authenticated-read.js';

// The roles and the read's text are written into one statement with the session lookup.
describe('defineOwnRead', () => {
  it('refuses a read that would use the session’s own parameters', () => {
    expect(() => defineOwnRead({ name: 'x', roles: ['user'], text: 'select $1::text' })).toThrow(/session's/);
    expect(() => defineOwnRead({ name: 'x', roles: ['user'], text: 'select $2::text' })).toThrow(/session's/);
    expect(defineOwnRead({ name: 'x', roles: ['user'], text: 'select $12::text' }).statement.text).toContain('$12');
  });

  it('refuses a role that is not one of the app’s', () => {
    const role = "user') or true or ('" as Role;
    expect(() => defineOwnRead({ name: 'x', roles: [role], text: 'select me.id::text' })).toThrow(/unknown role/);
  });

  it('runs the read only for an admitted, active user', () => {
    const { statement } = defineOwnRead({ name: 'x', roles: ['user', 'admin'], text: 'select me.id::text' });
    expect(statement.text).toContain("case when not me.suspended and me.role in ('user', 'admin') then");
  });
});

describe('defineOwnRows', () => {
  it('refuses the session’s parameters in the read or its check, and unknown roles', () => {
    expect(() => defineOwnRows({ name: 'x', roles: ['user'], text: 'select $1::text' })).toThrow(/session's/);
    expect(() => defineOwnRows({ name: 'x', roles: ['user'], text: 'select 1', check: '$2 is null' })).toThrow(
      /session's/,
    );
    expect(() => defineOwnRows({ name: 'x', roles: ['root' as Role], text: 'select 1' })).toThrow(/unknown role/);
  });

  it('refuses a read answering a column of the helper’s own names, the principal’s among them', () => {
    expect(() =>
      defineOwnRows({ name: 'x', roles: ['user'], text: 'select me.principal as own_read_principal' }),
    ).toThrow(/own_read_/);
  });

  it('runs the read and its check only for an admitted, active user', () => {
    const { statement } = defineOwnRows({ name: 'x', roles: ['user'], text: 'select 1', check: '$3::int = 1' });
    expect(statement.text).toContain("where not me.suspended and me.role in ('user')");
    expect(statement.text).toContain(
      "case when not me.suspended and me.role in ('user') then ($3::int = 1) end as own_read_check",
    );
  });
});

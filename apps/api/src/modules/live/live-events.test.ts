import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isEnded, readLiveMessage } from './live-events.js';

describe('the live channels’ messages', () => {
  it('reads an event as every release has sent it, and both ways of naming ended sessions', () => {
    const event = { type: 'card', cardId: 'c-1' };
    expect(readLiveMessage(JSON.stringify({ u: 'u-1', o: 'i-1', e: event }))).toEqual({ u: 'u-1', o: 'i-1', e: event });
    const these = { kind: 'these', sessionIds: ['s-1'] };
    expect(readLiveMessage(JSON.stringify({ u: 'u-1', ended: these }))).toEqual({ u: 'u-1', ended: these });
    const allBut = { kind: 'all', except: 's-2' };
    expect(readLiveMessage(JSON.stringify({ u: 'u-1', ended: allBut }))).toEqual({ u: 'u-1', ended: allBut });
  });

  it('ignores what it cannot read instead of throwing in the notification handler', () => {
    for (const payload of ['not json', 'null', '7', '{}', '{"u":"u-1"}', '{"u":"u-1","ended":{"kind":"some"}}']) {
      expect(readLiveMessage(payload)).toBeNull();
    }
  });

  it('ends the streams of the named sessions, or of all but the one kept', () => {
    expect(isEnded({ kind: 'these', sessionIds: ['s-1'] }, 's-1')).toBe(true);
    expect(isEnded({ kind: 'these', sessionIds: ['s-1'] }, 's-2')).toBe(false);
    expect(isEnded({ kind: 'all', except: 's-2' }, 's-1')).toBe(true);
    expect(isEnded({ kind: 'all', except: 's-2' }, 's-2')).toBe(false);
    expect(isEnded({ kind: 'all', except: null }, 's-2')).toBe(true);
  });
});

describe('revoking a session', () => {
  it('is written in one place only, revokeSessions, which also ends the session’s live streams', () => {
    const src = fileURLToPath(new URL('../..', import.meta.url));
    const writers = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) => /revokedAt\s*:|revoked_at\s*=/.test(readFileSync(join(src, file), 'utf8')))
      .map((file) => file.split('\\').join('/'));
    // The schema declares the column; anything else that sets it would leave the revoked session's streams open.
    expect(writers.sort()).toEqual(['db/schema/sessions.ts', 'modules/auth/sessions.service.ts']);
  });
});

import { describe, expect, it } from 'vitest';
import { invitationPath, invitationTokenFromHash } from './invitation.schema';

describe('invitation link', () => {
  it('carries the token in the fragment, and reads it back', () => {
    const path = invitationPath('s 1', 'a-b_c');
    expect(path).toBe('/stationAdminCallback/s%201#invite=a-b_c');
    expect(invitationTokenFromHash(path.slice(path.indexOf('#')))).toBe('a-b_c');
  });

  it('finds the token among other fragment members and ignores what is not one', () => {
    expect(invitationTokenFromHash('#x=1&invite=tok')).toBe('tok');
    expect(invitationTokenFromHash('invite=tok')).toBe('tok');
    expect(invitationTokenFromHash('')).toBeNull();
    expect(invitationTokenFromHash('#invite=')).toBeNull();
    expect(invitationTokenFromHash('#invited=tok')).toBeNull();
    expect(invitationTokenFromHash('#invite=%E0%A4%A')).toBeNull();
  });
});

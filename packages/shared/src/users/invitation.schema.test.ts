import { describe, expect, it } from 'vitest';
import {
  invitationAccessText,
  invitationGreetingText,
  invitationPath,
  invitationPreviewBodySchema,
  invitationTokenFromHash,
} from './invitation.schema';

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

describe('what an invitation says', () => {
  it('names the whole network it opens, with its stations, never just the one station', () => {
    expect(invitationAccessText('Демо-сеть', 2)).toBe(
      'Ссылка даёт доступ ко всей сети «Демо-сеть» — ко всем её станциям (сейчас их 2), а не только к этой.',
    );
    expect(invitationAccessText('Соседняя сеть', 1)).toMatch(
      /^Ссылка даёт доступ ко всей сети «Соседняя сеть»: сейчас в ней одна станция/,
    );
    // A support admin opening another network's station knows neither its name nor its size.
    expect(invitationAccessText(null, null)).toBe(
      'Ссылка даёт доступ ко всей сети этой станции — ко всем её станциям, а не только к этой.',
    );
  });

  it('tells the invitee who invites him, where and as whom', () => {
    const where = { networkName: 'Демо-сеть', stationName: 'Мойка на Ленина', positionLabel: 'Мойщик' };
    expect(invitationGreetingText({ inviter: 'Алексей Смирнов', ...where })).toBe(
      'Алексей Смирнов приглашает вас в сеть «Демо-сеть» (станция «Мойка на Ленина») на должность «Мойщик».',
    );
    expect(invitationGreetingText({ inviter: null, ...where })).toMatch(/^Вас приглашают в сеть «Демо-сеть»/);
  });

  it('takes a station id and a token for the preview, nothing else', () => {
    expect(invitationPreviewBodySchema.safeParse({ station_id: 's1', token: 'tok' }).success).toBe(true);
    expect(invitationPreviewBodySchema.safeParse({ station_id: 's1', token: '' }).success).toBe(false);
    expect(invitationPreviewBodySchema.safeParse({ station_id: 's1', token: 't', x: 1 }).success).toBe(false);
  });
});

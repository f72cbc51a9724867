import { describe, expect, it } from 'vitest';
import './zod-jitless';
import { z } from 'zod';

describe('zod-jitless', () => {
  it('is the setting zod reads, so no schema probes eval against the CSP', () => {
    expect(z.config().jitless).toBe(true);
  });
});

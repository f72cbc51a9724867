import { afterEach, describe, expect, it } from 'vitest';
import { clearStep, markTourSeen, savedStep, saveStep, tourSeen } from './wizard-storage';

describe('wizard storage', () => {
  afterEach(() => localStorage.clear());

  it('keeps the step per user and station, within the steps, until cleared', () => {
    expect(savedStep('u1', 's1', 6)).toBe(0);
    saveStep('u1', 's1', 3);
    expect(savedStep('u1', 's1', 6)).toBe(3);
    expect(savedStep('u2', 's1', 6)).toBe(0);
    expect(savedStep('u1', 's2', 6)).toBe(0);
    saveStep('u1', 's1', 9);
    expect(savedStep('u1', 's1', 6)).toBe(0);
    saveStep('u1', 's1', 2);
    clearStep('u1', 's1');
    expect(savedStep('u1', 's1', 6)).toBe(0);
  });

  it('remembers a tour as shown on the device', () => {
    expect(tourSeen('tariffs')).toBe(false);
    markTourSeen('tariffs');
    expect(tourSeen('tariffs')).toBe(true);
    expect(tourSeen('services')).toBe(false);
  });
});

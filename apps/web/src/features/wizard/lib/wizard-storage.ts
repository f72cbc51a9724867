// What the wizard remembers on the device (S2 §4 «Wizard»): the step the owner left it at, per user and
// station, so closing the browser mid-way resumes there; and the tours already shown.

const stepKey = (userId: string, stationId: string) => `crm.wizard.step.${userId}.${stationId}`;
const tourKey = (tour: WizardTour) => `crm.wizard.tour.${tour}`;

export type WizardTour = 'tariffs' | 'services';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage off (private mode): the wizard still works, it only starts over next time.
  }
}

/** The saved step, within 0…last; 0 when none. */
export function savedStep(userId: string, stationId: string, last: number): number {
  const step = Number(read(stepKey(userId, stationId)));
  return Number.isInteger(step) && step >= 0 && step <= last ? step : 0;
}

export function saveStep(userId: string, stationId: string, step: number) {
  write(stepKey(userId, stationId), String(step));
}

export function clearStep(userId: string, stationId: string) {
  write(stepKey(userId, stationId), null);
}

export function tourSeen(tour: WizardTour): boolean {
  return read(tourKey(tour)) === '1';
}

export function markTourSeen(tour: WizardTour) {
  write(tourKey(tour), '1');
}

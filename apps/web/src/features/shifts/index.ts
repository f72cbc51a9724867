export { OnShiftToday } from './components/on-shift-today';

/** What other features use from online booking: the station's «Онлайн-запись» settings body. */
export { OnlineBookingSettingsView } from './settings/components/online-booking-settings';
export type { SaveBarProps } from './settings/components/online-booking-form';

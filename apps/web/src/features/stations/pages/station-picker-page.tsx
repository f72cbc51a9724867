export function StationPickerPage() {
  return null;
}

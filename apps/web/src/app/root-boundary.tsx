import { Outlet } from 'react-router';

export function RootLayout() {
  return <Outlet />;
}

export function RootErrorBoundary() {
  return null;
}

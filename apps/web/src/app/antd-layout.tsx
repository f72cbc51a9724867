import { useEffect } from 'react';
import { Outlet } from 'react-router';
import dayjs from 'dayjs';
import 'dayjs/locale/ru';
// Before antd renders: its styles for the first screens as a stylesheet, so it does not generate them
// (build/antd-styles.ts).
import 'virtual:antd-first-screens.css';
import { watchRussianLabels } from '../lib/russian-labels';
import { AntdThemeProvider } from '../lib/theme';

// antd's pickers and our date texts speak Russian; set here, with antd, not in the entry the login page loads.
dayjs.locale('ru');

/**
 * Around every route but the login page: antd's theme, locale and App context. A layout route of its own,
 * so the login page — the first download on a phone — loads no antd code at all (issue 15).
 */
export function AntdLayout() {
  // antd's ru_RU leaves a few English screen-reader names: renamed in one place.
  useEffect(() => watchRussianLabels(), []);
  return (
    <AntdThemeProvider>
      <Outlet />
    </AntdThemeProvider>
  );
}

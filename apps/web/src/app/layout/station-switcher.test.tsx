import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Station } from '@crm/shared';
import { StationSwitcher } from './station-switcher';

const noop = () => {};

describe('StationSwitcher', () => {
  it('is not shown to someone with no station to choose (the system admin)', () => {
    const { container } = render(
      <StationSwitcher selected={null} stations={[]} onSwitch={noop} onShowAll={noop} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('asks to choose while the list loads, and counts the stations once it has', () => {
    const { rerender } = render(
      <StationSwitcher selected={null} stations={[]} loading onSwitch={noop} onShowAll={noop} />,
    );
    expect(screen.getByText('Загрузка станций…')).toBeInTheDocument();
    const stations = [{ id: 'a', name: 'Мойка на Ленина' }] as Station[];
    rerender(<StationSwitcher selected={null} stations={stations} onSwitch={noop} onShowAll={noop} />);
    expect(screen.getByText('Выберите станцию')).toBeInTheDocument();
    expect(screen.getByText('Станций в сети: 1')).toBeInTheDocument();
  });
});

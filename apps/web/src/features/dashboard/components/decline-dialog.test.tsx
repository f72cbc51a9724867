import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DeclineDialog } from './decline-dialog';

afterEach(cleanup);

function show() {
  const onDecline = vi.fn();
  render(<DeclineDialog subject="Kia Rio А123ВС77, 14:30–15:00" onDecline={onDecline} onClose={() => {}} />);
  return onDecline;
}

describe('decline dialog', () => {
  it('requires the words behind «Другое» (the default) and passes them on, trimmed', async () => {
    const onDecline = show();
    fireEvent.click(screen.getByRole('button', { name: 'Отклонить' }));
    expect(await screen.findByText('Опишите причину')).toBeInTheDocument();
    expect(onDecline).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/Комментарий/), { target: { value: '  Нет мастера  ' } });
    await waitFor(() => expect(screen.queryByText('Опишите причину')).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Отклонить' }));
    expect(onDecline).toHaveBeenCalledWith('Other', 'Нет мастера');
  });

  it('needs no text for a listed reason and sends none', () => {
    const onDecline = show();
    fireEvent.click(screen.getByRole('radio', { name: 'Время занято' }));
    expect(screen.queryByLabelText(/Комментарий/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Отклонить' }));
    expect(onDecline).toHaveBeenCalledWith('TimeBusy', undefined);
  });
});

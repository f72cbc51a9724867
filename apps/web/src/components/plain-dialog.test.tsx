import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createPortal } from 'react-dom';
import { PlainDialog } from './plain-dialog';

afterEach(cleanup);

function Scene({
  open,
  dismissible = true,
  onDismiss = () => {},
}: {
  open: boolean;
  dismissible?: boolean;
  onDismiss?: () => void;
}) {
  return (
    <>
      <button type="button">На странице</button>
      {open && (
        <PlainDialog
          title="Новые заказы ждут ответа"
          dismissible={dismissible}
          onDismiss={onDismiss}
          animate={false}
          sheet={false}
        >
          <button type="button">Принять</button>
          <button type="button">Отклонить</button>
          {/* A window opened over it (the decline form) is rendered into <body> too. */}
          {createPortal(<input aria-label="Над окном" />, document.body)}
        </PlainDialog>
      )}
    </>
  );
}

describe('PlainDialog', () => {
  it('is a modal dialog named by its title, takes focus after its first frame and gives it back', async () => {
    const view = render(<Scene open={false} />);
    const before = screen.getByRole('button', { name: 'На странице' });
    before.focus();
    view.rerender(<Scene open />);
    const dialog = screen.getByRole('dialog', { name: 'Новые заказы ждут ответа' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    // Not in the commit that mounts it: that would lay the page out before its first paint.
    expect(document.activeElement).toBe(before);
    await waitFor(() => expect(document.activeElement).toBe(dialog));
    view.rerender(<Scene open={false} />);
    expect(document.activeElement).toBe(before);
  });

  it('keeps Tab inside: past the last button to the first, before the first to the last', () => {
    render(<Scene open />);
    const [start, end] = document.querySelectorAll<HTMLElement>('.plain-dialog__edge');
    fireEvent.focus(end!);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Принять' }));
    fireEvent.focus(start!);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Отклонить' }));
  });

  it('closes with Escape and a click on the mask when dismissible, not from a window over it', () => {
    const onDismiss = vi.fn();
    render(<Scene open onDismiss={onDismiss} />);
    fireEvent.keyDown(screen.getByLabelText('Над окном'), { key: 'Escape' });
    // A click that began inside and ended on the mask (selecting text) is not a click on the mask.
    const wrap = document.querySelector('.plain-dialog__wrap')!;
    fireEvent.mouseDown(screen.getByRole('button', { name: 'Принять' }));
    fireEvent.click(wrap);
    expect(onDismiss).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Принять' }), { key: 'Escape' });
    expect(onDismiss).toHaveBeenCalledTimes(1);
    fireEvent.mouseDown(wrap);
    fireEvent.click(wrap);
    expect(onDismiss).toHaveBeenCalledTimes(2);
  });

  it('stays open on Escape and the mask when not dismissible', () => {
    const onDismiss = vi.fn();
    render(<Scene open dismissible={false} onDismiss={onDismiss} />);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Принять' }), { key: 'Escape' });
    const wrap = document.querySelector('.plain-dialog__wrap')!;
    fireEvent.mouseDown(wrap);
    fireEvent.click(wrap);
    expect(onDismiss).not.toHaveBeenCalled();
  });
});

import { Grid, type ModalProps } from 'antd';

export type OrderModalSize = 'phone' | 'wide';

/** Phones (< 768 px, S1 §1) get the modals full-screen; wider screens a centred dialog. */
export function useOrderModalSize(): OrderModalSize {
  const screens = Grid.useBreakpoint();
  return screens.md ? 'wide' : 'phone';
}

/**
 * The size props of an order modal: `width` on wide screens, the whole screen on a phone. Either way the
 * body scrolls and the header and footer (the actions) stay in view.
 */
export function orderModalLayout(size: OrderModalSize, width: number): Partial<ModalProps> {
  // A few pixels of room, so focus rings at the edges are not cut by the scrolling body.
  const body = { overflowY: 'auto', overflowX: 'hidden', paddingInline: 4, marginInline: -4 } as const;
  if (size === 'wide') {
    return {
      width,
      centered: true,
      className: 'order-modal',
      styles: { body: { ...body, maxHeight: 'calc(100dvh - 190px)' } },
    };
  }
  return {
    width: '100%',
    centered: false,
    className: 'order-modal order-modal--phone',
    style: { top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 },
    styles: {
      container: {
        height: '100dvh',
        borderRadius: 0,
        display: 'flex',
        flexDirection: 'column',
        padding: '16px 16px calc(12px + env(safe-area-inset-bottom))',
      },
      body: { ...body, flex: 1, minHeight: 0 },
      footer: { marginTop: 12, flexShrink: 0 },
    },
  };
}

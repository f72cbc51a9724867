import type { ReactNode } from 'react';
import { Flex, Grid } from 'antd';

/** A signed-in page's column: centred, width-capped, padded for desktop or phone. */
export function Page({
  children,
  maxWidth = 1264,
  gap = 16,
}: {
  children: ReactNode;
  maxWidth?: number;
  gap?: number;
}) {
  const screens = Grid.useBreakpoint();
  return (
    <Flex
      vertical
      gap={gap}
      style={{
        maxWidth,
        width: '100%',
        margin: '0 auto',
        boxSizing: 'border-box',
        padding: screens.md ? '28px 32px 48px' : '16px 14px 28px',
      }}
    >
      {children}
    </Flex>
  );
}

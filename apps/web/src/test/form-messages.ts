import { expect } from 'vitest';
import { screen, waitFor } from '@testing-library/react';

/**
 * Waits until every message shows. antd validates each field on its own promise, so under load one
 * field's message can show a frame before another's: finding the first and then getting the rest
 * fails at random.
 */
export const expectMessages = (...messages: string[]) =>
  waitFor(() => {
    for (const message of messages) expect(screen.getByText(message)).toBeInTheDocument();
  });

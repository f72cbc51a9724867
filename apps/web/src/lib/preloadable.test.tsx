import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component, type ReactNode } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { preloadable } from './preloadable';

function Greeting({ name }: { name: string }) {
  return <p>Здравствуйте, {name}</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p>Ошибка: {this.state.error}</p> : this.props.children;
  }
}

describe('preloadable', () => {
  afterEach(cleanup);

  it('renders a preloaded component in the first commit, with no Suspense boundary around it', async () => {
    const load = vi.fn(async () => ({ default: Greeting }));
    const greeting = preloadable(load);
    await greeting.preload();
    render(<greeting.Component name="Анна" />);
    // Synchronously: no fallback frame, nothing to reveal later.
    expect(screen.getByText('Здравствуйте, Анна')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders nothing until the code arrives when mounted first, and loads it once for all', async () => {
    let arrive!: (module: { default: typeof Greeting }) => void;
    const load = vi.fn(() => new Promise<{ default: typeof Greeting }>((resolve) => (arrive = resolve)));
    const greeting = preloadable(load);
    const { container } = render(
      <>
        <greeting.Component name="Анна" />
        <greeting.Component name="Олег" />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
    void greeting.preload();
    await act(async () => arrive({ default: Greeting }));
    expect(screen.getByText('Здравствуйте, Анна')).toBeInTheDocument();
    expect(screen.getByText('Здравствуйте, Олег')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('hands a failed download to the error boundary, and a later mount tries again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<{ default: typeof Greeting }>>()
      .mockRejectedValueOnce(new Error('Нет сети'))
      .mockResolvedValueOnce({ default: Greeting });
    const greeting = preloadable(load);
    render(
      <Boundary>
        <greeting.Component name="Анна" />
      </Boundary>,
    );
    expect(await screen.findByText('Ошибка: Нет сети')).toBeInTheDocument();
    cleanup();
    render(<greeting.Component name="Анна" />);
    expect(await screen.findByText('Здравствуйте, Анна')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    vi.restoreAllMocks();
  });
});

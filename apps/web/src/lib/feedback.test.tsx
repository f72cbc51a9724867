import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, renderHook, screen } from '@testing-library/react';
import type * as FeedbackModule from './feedback';
import type * as ThemeModule from './theme';

type Feedback = FeedbackModule.Feedback;

// Fresh modules per test: the holders' code is not loaded yet (the test setup preloads it for the others).
let modules: { theme: typeof ThemeModule; feedback: typeof FeedbackModule };
beforeEach(async () => {
  vi.resetModules();
  modules = { theme: await import('./theme'), feedback: await import('./feedback') };
});

function Asker({ ask }: { ask(feedback: Feedback): void }) {
  const feedback = modules.feedback.useFeedback();
  return (
    <button type="button" onClick={() => ask(feedback)}>
      Спросить
    </button>
  );
}

const show = (ask: (feedback: Feedback) => void) => {
  const { ThemeProvider } = modules.theme;
  return render(
    <ThemeProvider>
      <Asker ask={ask} />
    </ThemeProvider>,
  );
};
describe('feedback (messages, notifications and confirmations loaded apart)', () => {
  afterEach(cleanup);

  it('shows a message asked for before its code has loaded', async () => {
    show((f) => f.message.success('Сохранено'));
    screen.getByRole('button', { name: 'Спросить' }).click();
    expect(await screen.findByText('Сохранено')).toBeInTheDocument();
  });

  it('plays calls made while loading in order: a loading toast becomes its outcome under the same key', async () => {
    show((f) => {
      f.message.loading({ key: 'export', content: 'Готовим файл…', duration: 0 });
      f.message.open({ key: 'export', type: 'success', content: 'Файл готов' });
    });
    screen.getByRole('button', { name: 'Спросить' }).click();
    expect(await screen.findByText('Файл готов')).toBeInTheDocument();
    expect(screen.queryByText('Готовим файл…')).toBeNull();
  });

  it('shows notifications and confirmation windows with their buttons', async () => {
    show((f) => {
      f.notification.error({ title: 'Ошибка', description: 'Нет соединения' });
      f.modal.confirm({ title: 'Удалить тариф?', okText: 'Удалить', cancelText: 'Отмена' });
    });
    screen.getByRole('button', { name: 'Спросить' }).click();
    expect(await screen.findByText('Нет соединения')).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Удалить тариф?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Отмена' })).toBeInTheDocument();
  });

  it('needs its provider', () => {
    expect(() => renderHook(() => modules.feedback.useFeedback())).toThrow(
      'useFeedback needs a FeedbackProvider',
    );
  });
});

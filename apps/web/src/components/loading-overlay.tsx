import { useEffect, useState } from 'react';
import { LoadingOverlayView } from './loading-overlay-view';
import './shared-ui.css';

export type LoadingContext = 'default' | 'stationChange' | 'auth' | 'slots';

/** Random Russian phrases per context (S1 §2 «Shared screens and states»). */
export const loadingPhrases: Record<LoadingContext, readonly string[]> = {
  default: [
    'Загружаем данные…',
    'Наводим блеск…',
    'Протираем стёкла…',
    'Готовим боксы к работе…',
    'Ещё мгновение…',
  ],
  stationChange: [
    'Переключаем станцию…',
    'Открываем ворота боксов…',
    'Сверяем расписание станции…',
    'Заезжаем на другую мойку…',
  ],
  auth: [
    'Подождите, идет авторизация...',
    'Проверяем пропуск…',
    'Открываем вашу мойку…',
    'Сверяем ключи доступа…',
  ],
  slots: ['Считаем свободные слоты…', 'Смотрим загрузку боксов…', 'Подбираем удобное время…'],
};

const ROTATE_MS = 2500;

function randomIndex(length: number, not?: number) {
  if (length < 2) return 0;
  let i = Math.floor(Math.random() * length);
  if (i === not) i = (i + 1) % length;
  return i;
}

interface LoadingOverlayProps {
  context?: LoadingContext;
  /** A fixed text instead of the rotating phrases (e.g. the spec's auth spinner text). */
  message?: string;
}

/** Full-screen loading state with rotating phrases of its context. */
export function LoadingOverlay({ context = 'default', message }: LoadingOverlayProps) {
  const phrases = loadingPhrases[context];
  const [index, setIndex] = useState(() => randomIndex(phrases.length));

  useEffect(() => {
    if (message) return;
    const timer = window.setInterval(() => setIndex((i) => randomIndex(phrases.length, i)), ROTATE_MS);
    return () => window.clearInterval(timer);
  }, [message, phrases.length]);

  return <LoadingOverlayView text={message ?? phrases[index % phrases.length]!} />;
}

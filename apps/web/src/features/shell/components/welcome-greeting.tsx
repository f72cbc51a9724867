import { useEffect, useState } from 'react';
import dayjs from 'dayjs';
import { BrandMark } from '../../../components/brand-logo';
import { greetingForHour } from '@crm/shared';
import { GREETING_DURATION_MS, markGreeted, shouldGreet } from '../greeting';
import './shell-overlays.css';

interface WelcomeGreetingProps {
  userId: string;
  name: string | null;
  /** Called when the greeting is gone (or was not shown), so the tour can start after it. */
  onDone(): void;
  /** Called once it is on the screen. */
  onShown?(): void;
}

/** Full-screen welcome, once per user per session, for 4.5 s; a click or a key ends it sooner. */
export function WelcomeGreeting({ userId, name, onDone, onShown }: WelcomeGreetingProps) {
  const [visible] = useState(() => shouldGreet(userId));

  useEffect(() => {
    if (!visible) {
      onDone();
      return;
    }
    markGreeted(userId);
    onShown?.();
    const timer = window.setTimeout(onDone, GREETING_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [visible, userId, onDone, onShown]);

  useEffect(() => {
    if (!visible) return;
    const onKey = () => onDone();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [visible, onDone]);

  if (!visible) return null;
  const now = dayjs();
  const title = `${greetingForHour(now.hour())}${name ? `, ${name}` : ''}!`;
  return (
    <div className="welcome" role="status" aria-live="polite" onClick={onDone}>
      <div className="welcome__inner">
        <div className="welcome__mark" aria-hidden="true">
          <BrandMark size={72} />
        </div>
        <h1>{title}</h1>
        <p>{now.format('dddd, D MMMM')} · хорошего рабочего дня</p>
      </div>
    </div>
  );
}

import { useEffect, useState, useSyncExternalStore } from 'react';
import { Button } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import { useArrivalTurn } from '../../../lib/arrival-queue';
import {
  installPromptResting,
  installPromptTexts,
  installPromptWaitMs,
  installWay,
} from '../install-prompt-rules';
import {
  forgetBrowserPrompt,
  installVisit,
  isIosDevice,
  isMobileDevice,
  isStandalone,
  subscribeInstallVisit,
} from './install-prompt-watch';
import '../../../components/floating-card.css';
import './install-prompt.css';

/** When the prompt was last shown on this device (S1 §9: again no sooner than 7 days later). */
const lastShownKey = 'crm.install-prompt.last-shown';

function readLastShown(): string | null {
  try {
    return localStorage.getItem(lastShownKey);
  } catch {
    return null;
  }
}

function saveLastShown(at: Date): void {
  try {
    localStorage.setItem(lastShownKey, at.toISOString());
  } catch {
    // Private mode without storage: the prompt may come again next visit.
  }
}

/**
 * The app offers itself for installation (S1 §2, §9): a card on a phone, 20 s into the visit or after 3 clicks
 * or scrolls, once a week at most. On Chromium «Установить» opens the browser's own dialog; on iOS, which has
 * none, «Как установить» opens /install-app. It takes its turn after every other arrival overlay and never
 * shows over a window (lib/arrival-queue.ts).
 */
export function InstallPrompt() {
  const visit = useSyncExternalStore(subscribeInstallVisit, installVisit);
  const way = visit.installed
    ? null
    : installWay({
        mobile: isMobileDevice(),
        standalone: isStandalone(),
        ios: isIosDevice(),
        browserPrompt: !!visit.browserPrompt,
      });
  const [resting] = useState(() => installPromptResting(readLastShown(), Date.now()));
  const [due, setDue] = useState(false);
  const [closed, setClosed] = useState(false);

  useEffect(() => {
    if (!way || resting || due) return;
    const wait = installPromptWaitMs({ ...visit, now: Date.now() });
    if (wait === 0) return setDue(true);
    const timer = setTimeout(() => setDue(true), wait);
    return () => clearTimeout(timer);
  }, [way, resting, due, visit]);

  const turn = useArrivalTurn('install', !!way && !resting && due && !closed);

  // Shown: the 7 days start now, whatever the answer («Позже», install, or a reload).
  useEffect(() => {
    if (turn) saveLastShown(new Date());
  }, [turn]);

  if (!turn || !way) return null;

  const install = () => {
    const event = visit.browserPrompt;
    setClosed(true);
    if (!event) return;
    forgetBrowserPrompt();
    void event.prompt().catch(() => {});
  };

  return (
    <div
      className="floating-card floating-card--install"
      role="dialog"
      aria-labelledby="install-prompt-title"
      aria-describedby="install-prompt-text"
    >
      <div className="floating-card__icon" aria-hidden="true">
        <MobileOutlined />
      </div>
      <div className="floating-card__body">
        <strong id="install-prompt-title">{installPromptTexts.title}</strong>
        <span id="install-prompt-text">{installPromptTexts.text}</span>
        <div className="floating-card__actions">
          <Button size="small" onClick={() => setClosed(true)}>
            {installPromptTexts.later}
          </Button>
          {way === 'browser' ? (
            <Button size="small" type="primary" onClick={install}>
              {installPromptTexts.install}
            </Button>
          ) : (
            <Button
              size="small"
              type="primary"
              href="/install-app"
              target="_blank"
              rel="noopener"
              onClick={() => setClosed(true)}
            >
              {installPromptTexts.howTo}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}

import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Segmented } from 'antd';
import {
  AndroidOutlined,
  AppleOutlined,
  CheckOutlined,
  ChromeOutlined,
  CompassOutlined,
  DownloadOutlined,
  ExportOutlined,
  MoreOutlined,
  PlusSquareOutlined,
} from '@ant-design/icons';
import { BrandLogo } from '../../../components/brand-logo';
import { product } from '../../../lib/product';
import { VideoPlayer } from '../components/video-player';
import './install-app-page.css';

type Platform = 'android' | 'ios';

interface Step {
  title: string;
  text: string;
  icon: ReactNode;
}

const steps: Record<Platform, Step[]> = {
  android: [
    {
      title: 'Откройте сайт в Chrome',
      text: 'Другие браузеры тоже умеют, но в Chrome это проще всего.',
      icon: <ChromeOutlined />,
    },
    {
      title: 'Нажмите «⋮» в правом верхнем углу',
      text: 'Откроется меню браузера.',
      icon: <MoreOutlined />,
    },
    {
      title: 'Выберите «Установить приложение»',
      text: 'В некоторых версиях пункт называется «Добавить на главный экран».',
      icon: <DownloadOutlined />,
    },
    {
      title: 'Готово',
      text: 'Значок «Мойка CRM» появится на главном экране рядом с другими приложениями.',
      icon: <CheckOutlined />,
    },
  ],
  ios: [
    {
      title: 'Откройте сайт в Safari',
      text: 'На iPhone установить приложение можно только из Safari.',
      icon: <CompassOutlined />,
    },
    {
      title: 'Нажмите «Поделиться»',
      text: 'Квадрат со стрелкой вверх — внизу экрана (на iPad — вверху).',
      icon: <ExportOutlined rotate={-90} />,
    },
    {
      title: 'Выберите «На экран „Домой“»',
      text: 'Пролистайте список действий вниз, если пункта не видно сразу.',
      icon: <PlusSquareOutlined />,
    },
    {
      title: 'Нажмите «Добавить»',
      text: 'Приложение откроется с главного экрана, без адресной строки.',
      icon: <CheckOutlined />,
    },
  ],
};

/**
 * The videos of the real app (public/install/, remade by e2e/record-install-videos.ts): loaded only here,
 * only when played, and never precached by the service worker (vite.config.ts).
 */
const videos: Record<Platform, { label: string }> = {
  android: { label: 'установка на Android в Chrome' },
  ios: { label: 'установка на iPhone в Safari' },
};
const videoSize = { width: 468, height: 1012 };

function detectPlatform(): Platform | 'desktop' {
  const ua = navigator.userAgent;
  if (/iPhone|iPad|iPod/i.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1)) return 'ios';
  if (/Android/i.test(ua)) return 'android';
  return 'desktop';
}

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
}

/** `/install-app` (public): how to put the app on a phone's home screen (S1 §2). */
export function InstallAppPage() {
  const [detected] = useState(detectPlatform);
  const [platform, setPlatform] = useState<Platform>(detected === 'ios' ? 'ios' : 'android');
  const [prompt, setPrompt] = useState<InstallPromptEvent | null>(null);

  useEffect(() => {
    document.title = `Установка приложения — ${product.name}`;
    // Chrome offers its own install dialog; when it does, one button is enough.
    const onPrompt = (event: Event) => {
      event.preventDefault();
      setPrompt(event as InstallPromptEvent);
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    return () => window.removeEventListener('beforeinstallprompt', onPrompt);
  }, []);

  return (
    <div className="install">
      <header className="install__header">
        <BrandLogo size={36} />
      </header>
      <main className="install__main">
        <h1>Установите {product.name} на телефон</h1>
        <p className="install__lead">
          Приложение открывается с главного экрана в один тап, работает на весь экран и присылает уведомления.
        </p>
        {detected === 'desktop' && (
          <Alert
            type="info"
            showIcon
            title="Эта страница предназначена для мобильных устройств"
            description={`Откройте ${window.location.host}/install-app на телефоне, чтобы установить приложение. На компьютере ${product.name} работает прямо в браузере.`}
          />
        )}
        {prompt && (
          <Button
            type="primary"
            size="large"
            icon={<DownloadOutlined />}
            onClick={() => void prompt.prompt().then(() => setPrompt(null))}
          >
            Установить сейчас
          </Button>
        )}
        <Segmented<Platform>
          aria-label="Телефон и браузер"
          value={platform}
          onChange={setPlatform}
          options={[
            { value: 'android', label: 'Android · Chrome', icon: <AndroidOutlined /> },
            { value: 'ios', label: 'iPhone · Safari', icon: <AppleOutlined /> },
          ]}
        />
        <div className="install__how">
          <VideoPlayer
            key={platform}
            label={videos[platform].label}
            sources={[
              { src: `/install/${platform}.webm`, type: 'video/webm; codecs="vp9"' },
              { src: `/install/${platform}.mp4`, type: 'video/mp4' },
            ]}
            poster={`/install/${platform}-poster.webp`}
            captions={`/install/${platform}-ru.vtt`}
            {...videoSize}
          />
          <ol className="install__steps">
            {steps[platform].map((step, i) => (
              <li key={step.title} className="install-step">
                <span className="install-step__icon" aria-hidden="true">
                  {step.icon}
                </span>
                <div className="install-step__text">
                  <span className="install-step__num">Шаг {i + 1}</span>
                  <strong>{step.title}</strong>
                  <span>{step.text}</span>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </main>
    </div>
  );
}

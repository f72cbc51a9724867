import { useEffect, useState } from 'react';
import { Tour, type TourProps } from 'antd';
import { hasSeenTutorial, useCrmData, useUpdateCrmData } from '../../users/api/crm-data';

/** S1 §1: the tour opens 1.5 s after the CRM data loads when hasSeenTutorial is false. */
const OPEN_AFTER_MS = 1500;

export interface TourTargets {
  menu: () => HTMLElement | null;
  /** Absent on phones, where the bottom bar's «Ещё» takes its place. */
  collapse: () => HTMLElement | null;
  more: () => HTMLElement | null;
  settings: () => HTMLElement | null;
  profile: () => HTMLElement | null;
}

interface FirstVisitTourProps {
  targets: TourTargets;
  mobile: boolean;
  /** Its turn in the arrival queue (inside a station, after the new-orders window and the greeting). */
  ready: boolean;
  /** Closed or finished: the next in the arrival queue may show. */
  onClosed(): void;
}

interface TargetedStep {
  title: string;
  description: string;
  target: () => HTMLElement | null;
}

/** The 4-step first-visit tour: menu, collapse button, station settings, profile. */
export function FirstVisitTour({ targets, mobile, ready, onClosed }: FirstVisitTourProps) {
  const tutorialSeen = useCrmData(hasSeenTutorial);
  const update = useUpdateCrmData();
  const [open, setOpen] = useState(false);
  const due = ready && tutorialSeen === false;

  useEffect(() => {
    if (!due) return;
    const timer = window.setTimeout(() => setOpen(true), OPEN_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [due]);

  const close = () => {
    setOpen(false);
    update.mutate({ hasSeenTutorial: true });
    onClosed();
  };

  const all: TargetedStep[] = [
    {
      title: 'Меню',
      description: mobile
        ? 'Внизу экрана — главные разделы: главная, расписание, новая запись и заказы.'
        : 'Здесь все разделы: главная со списком станций, расписание, новая запись, заказы, сводка, настройки станции и ваш профиль.',
      target: targets.menu,
    },
    mobile
      ? {
          title: 'Ещё',
          description: 'Тема оформления, цвет акцента, поддержка и выход — в разделе «Ещё».',
          target: targets.more,
        }
      : {
          title: 'Свернуть меню',
          description: 'Нужно больше места для расписания? Сверните меню — мы запомним выбор.',
          target: targets.collapse,
        },
    {
      title: 'Настройки станции',
      description: mobile
        ? 'Название, адрес, количество боксов и график работы станции — в разделе «Ещё».'
        : 'Название, адрес, количество боксов и график работы выбранной станции.',
      // On phones settings live in the «Ещё» sheet (the bar holds «Заказы»).
      target: mobile ? targets.more : targets.settings,
    },
    {
      title: 'Профиль',
      description: mobile
        ? 'Ваши имя, телефон и e-mail — в разделе «Ещё». По ним вас узнают коллеги и поддержка.'
        : 'Ваши имя, телефон и e-mail. По ним вас узнают коллеги и поддержка.',
      target: targets.profile,
    },
  ];
  // Only steps whose item is on the screen (no collapse button on a tablet, for one): a step pointing
  // at nothing would float in the middle, about something the user cannot see. Read when it opens,
  // after the shell has rendered its items.
  const steps: TourProps['steps'] = open
    ? all
        .filter((step) => step.target() !== null)
        .map((step) => ({ ...step, target: step.target as () => HTMLElement }))
    : [];

  return <Tour open={open && ready && steps.length > 0} steps={steps} onClose={close} onFinish={close} />;
}
